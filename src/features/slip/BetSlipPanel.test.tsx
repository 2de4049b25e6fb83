import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderStatus } from '../../../contract/enums';
import { BETTING_PATHS } from '../../../contract/paths';
import type { OddsPush } from '../../../contract';
import { fakeBettingService, memberState, placedOrder, pushOdds, selection } from '../../testing/bettingFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { BetSlipPanel } from './BetSlipPanel';

async function renderSlip({ login = true, member = memberState() } = {}) {
  let betting!: ReturnType<typeof fakeBettingService>;
  const rendered = await renderWithStore(<BetSlipPanel />, {
    before: ({ store, http }) => {
      betting = fakeBettingService(http);
      if (login) store.applyHostProps(member);
    },
  });
  // The slip's own namespace loads behind Suspense.
  await screen.findByRole('tablist', { name: 'Bet type' });
  return { ...rendered, betting };
}

/** Adds selections the way a click on a price does, and lets the bet info answer. */
async function click(env: Awaited<ReturnType<typeof renderSlip>>['env'], ...selections: ReturnType<typeof selection>[]) {
  await act(async () => {
    for (const s of selections) env.events.emit('betSlip.add', s);
  });
}

describe('<BetSlipPanel>', () => {
  it('shows the modes, the empty slip and the odds-change setting, which it persists', async () => {
    const { store, env } = await renderSlip();
    expect(screen.getByRole('heading', { name: 'Bet slip' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Single' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Click on odds to add a selection')).toBeInTheDocument();
    const setting = screen.getByRole('combobox', { name: 'Odds changes' });
    expect(setting).toHaveValue('1');
    await userEvent.selectOptions(setting, 'Accept any odds');
    expect(store.settings.oddsChange).toBe(2);
    expect(env.storage.get('oddsChange')).toBe(2);
  });

  it('shows a selection with its match, market line and price, and places it with a stake', async () => {
    const { env, betting } = await renderSlip();
    await click(env, selection(1));
    const card = screen.getByRole('article', { name: 'Home 1 – Away 1' });
    expect(card).toHaveTextContent('home -0.5');
    expect(card).toHaveTextContent('1.95');
    expect(card).toHaveTextContent('League');
    const place = screen.getByRole('button', { name: 'Place bet' });
    expect(place).toBeDisabled();

    const stake = within(card).getByRole('textbox', { name: /^Stake Home 1 – Away 1 home -0.5$/ });
    await userEvent.type(stake, '5');
    expect(screen.getByText('Below the range', { selector: 'p' })).toBeInTheDocument();
    expect(stake).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(stake);
    await userEvent.type(stake, '100.555');
    expect(stake).toHaveValue('100.55');
    await userEvent.click(screen.getByRole('button', { name: 'Stake 100 (¥100.00)' }));
    expect(stake).toHaveValue('100');
    expect(screen.getByTestId('slip-total-stake')).toHaveTextContent('¥100.00');
    expect(screen.getByTestId('slip-potential-return')).toHaveTextContent('¥195.00');
    expect(card).toHaveTextContent('Limits ¥10.00 – ¥50,000.00');

    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed)], repeated: false });
    await userEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(1);
    expect(env.toast.toasts.map((t) => [t.message, t.detail])).toEqual([['Bet placed', 'Home 1 – Away 1 · home -0.5 @ 1.95, stake ¥100.00']]);
    expect(screen.getByText('Click on odds to add a selection')).toBeInTheDocument();
    // The toast said it; an empty slip does not keep "Bet placed" at its top.
    expect(screen.queryByText('Bet placed', { selector: 'p' })).toBeNull();
  });

  it('takes the keyboard from the price to the stake, places on Enter and keeps the focus in the slip', async () => {
    const { env, betting } = await renderSlip();
    await click(env, selection(1));
    const card = screen.getByRole('article', { name: 'Home 1 – Away 1' });
    const stake = within(card).getByRole('textbox', { name: /^Stake / });
    // The new single's stake has the focus: the member types at once.
    expect(stake).toHaveFocus();

    // Enter without a stake places nothing and says why.
    await userEvent.keyboard('{Enter}');
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(0);
    expect(screen.getByText('Please enter stake', { selector: 'p' })).toBeInTheDocument();

    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed)], repeated: false });
    await userEvent.keyboard('20{Enter}');
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(1);
    expect(env.toast.toasts.map((t) => t.message)).toEqual(['Bet placed']);
    // The emptied slip does not drop the focus to the top of the page.
    expect(screen.getByRole('tab', { name: 'Single' })).toHaveFocus();
  });

  it('leaves the focus where the member picks prices while building a parlay', async () => {
    const { store, env } = await renderSlip();
    act(() => store.betSlip.setMode('parlay'));
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    await click(env, selection(1), selection(2));
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it('asks for a stake only once the member touched a stake field', async () => {
    const { env } = await renderSlip();
    await click(env, selection(1));
    const place = screen.getByRole('button', { name: 'Place bet' });
    expect(place).toBeDisabled();
    expect(screen.queryByText('Please enter stake')).toBeNull();
    expect(place).not.toHaveAccessibleDescription();

    const stake = screen.getByRole('textbox', { name: /^Stake Home 1 – Away 1/ });
    await userEvent.click(stake);
    expect(screen.queryByText('Please enter stake')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Please enter stake')).toBeInTheDocument();
    expect(place).toHaveAccessibleDescription('Please enter stake');

    // Typed and wiped: still said.
    await userEvent.type(stake, '5');
    await userEvent.clear(stake);
    expect(screen.getByText('Please enter stake')).toBeInTheDocument();
  });

  it("names a selection's match, league and option in the new language after a switch, none left in the old one", async () => {
    const { env, http, store } = await renderSlip();
    // The bet info answers names in the request language, as the platform does.
    const answer = http.betting.post.getMockImplementation()!;
    http.betting.post.mockImplementation(async (url, body, config) => {
      const answered = (await answer(url, body, config)) as { betInfo?: Array<Record<string, unknown> & { option: Record<string, unknown> }> };
      if (url !== BETTING_PATHS.betInfo || (body as { language?: string }).language !== 'CMN') return answered;
      return { ...answered, betInfo: answered.betInfo!.map((entry) => ({ ...entry, homeName: `主队 ${String(entry.matchId)}`, awayName: `客队 ${String(entry.matchId)}`, leagueName: '联赛', optionBetName: '主', option: { ...entry.option, name: '主' } })) };
    });
    await click(env, selection(1));
    const card = screen.getByRole('article', { name: 'Home 1 – Away 1' });
    expect(card).toHaveTextContent('League');
    await act(async () => {
      await store.settings.setLocale('zh-CN');
    });
    expect(await screen.findByRole('article', { name: '主队 1 – 客队 1' })).toBe(card);
    expect(card).toHaveTextContent('联赛');
    expect(card).not.toHaveTextContent(/Home|Away|League/);
  });

  it('says how many matches a full slip holds, in every language, never a raw {{max}}', async () => {
    const { env, i18n } = await renderSlip();
    await click(env, ...Array.from({ length: 10 }, (_, i) => selection(i + 1)));
    const expected: Record<string, string> = {
      en: 'The bet slip holds at most 10 matches',
      'zh-CN': '投注单最多可选择 10 场比赛',
      'zh-TW': '投注單最多可選擇 10 場比賽',
      vi: 'Phiếu cược tối đa 10 trận',
      th: 'สลิปเดิมพันเลือกได้สูงสุด 10 แมตช์',
    };
    for (const [lng, text] of Object.entries(expected)) {
      await act(async () => {
        await i18n.changeLanguage(lng);
        await i18n.loadNamespaces('betSlip');
      });
      await click(env, selection(11));
      expect(env.toast.toasts.at(-1)?.message).toBe(text);
    }
  });

  it('switches to parlay with the keyboard and lists the series with their bets, stakes and return', async () => {
    const { env, i18n } = await renderSlip();
    await click(env, selection(1), selection(2), selection(3));
    screen.getByRole('tab', { name: 'Single' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const parlay = screen.getByRole('tab', { name: 'Parlay' });
    expect(parlay).toHaveAttribute('aria-selected', 'true');
    expect(parlay).toHaveFocus();
    await act(async () => undefined);

    const series = screen.getByRole('region', { name: 'Series' });
    const items = within(series).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(['Doubles', 'Trebles', 'Trixie', 'Patent']);
    // The Asian "N串1" is Chinese: English names a k-fold "2-fold", and a full cover's name says it all (issue 28).
    expect(items[0]).toHaveTextContent('2-fold · 3 bets');
    expect(items[2]).toHaveTextContent('Trixie4 bets');
    expect(series).not.toHaveTextContent(/串/);
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
      await i18n.loadNamespaces('betSlip');
    });
    expect(items[0]).toHaveTextContent('二串一2串1 · 3 注');
    expect(items[2]).toHaveTextContent('三串四4 注');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(series).not.toHaveTextContent(/串/);
    expect(screen.queryByRole('textbox', { name: /^Stake/ })).toBeNull();

    await userEvent.type(within(items[2]!).getByRole('textbox', { name: 'Unit stake Trixie' }), '10');
    expect(items[2]).toHaveTextContent('Total ¥40.00');
    expect(screen.getByTestId('slip-total-stake')).toHaveTextContent('¥40.00');
    expect(screen.getByRole('button', { name: 'Place bet' })).toBeEnabled();
  });

  it('shows a changed price live against the one picked, and a suspended market greyed with its reason', async () => {
    const { env } = await renderSlip();
    await click(env, selection(1));
    const market = (status: 1 | 0, odd: string, isLock = false): OddsPush => ({
      kind: 'odds',
      matchId: 1,
      markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status, allowParley: true, options: [{ type: 'home', line: '-0.5', odd, isLock }] }],
    });
    act(() => pushOdds(env, market(1, '1.800')));
    const card = screen.getByRole('article', { name: 'Home 1 – Away 1' });
    expect(within(card).getByTestId('slip-odds')).toHaveTextContent('1.80');
    expect(within(card).getByLabelText('was 1.95')).toBeInTheDocument();
    expect(card).toHaveTextContent('Odds went down');
    expect(card).toHaveTextContent('Odds changed');
    await userEvent.click(screen.getByRole('button', { name: 'Accept changes' }));
    expect(card).not.toHaveTextContent('Odds changed');

    act(() => pushOdds(env, market(0, '1.800', true)));
    expect(card).toHaveTextContent('Market suspended');
    expect(card).toHaveTextContent('locked');
    expect(screen.getByRole('button', { name: 'Place bet' })).toBeDisabled();
  });

  it('prints prices in the member\'s odds format', async () => {
    const { env, store } = await renderSlip();
    await click(env, selection(1));
    act(() => store.settings.setOddsFormat(4));
    expect(screen.getByTestId('slip-odds')).toHaveTextContent('-1.05');
  });

  it('shows, stakes and sends a handicap in Malay and a 1X2 in decimal when Malay is chosen; a parlay in decimal', async () => {
    const { env, store, betting } = await renderSlip();
    // Match 1: a handicap (two outcomes); match 2: a 1X2 (three). Both at 2.40 (DOMAIN.md: Malay -0.71).
    betting.book.set(100, { odd: '2.40' });
    betting.book.set(200, { odd: '2.40', marketType: 1005, outcomeCount: 3, line: null });
    act(() => store.settings.setOddsFormat(3));
    await click(env, selection(1, { odd: '2.40' }), selection(2, { marketType: 1005, outcomeCount: 3, line: undefined, odd: '2.40' }));
    const handicap = screen.getByRole('article', { name: 'Home 1 – Away 1' });
    const winner = screen.getByRole('article', { name: 'Home 2 – Away 2' });
    expect(within(handicap).getByTestId('slip-odds')).toHaveTextContent(/^-0\.71$/);
    expect(within(winner).getByTestId('slip-odds')).toHaveTextContent(/^2\.40$/);

    // A negative Malay price takes the amount as the win and says the risk; the 1X2 risks the stake as typed.
    await userEvent.type(within(handicap).getByRole('textbox', { name: /^Stake / }), '100');
    await userEvent.type(within(winner).getByRole('textbox', { name: /^Stake / }), '100');
    expect(handicap).toHaveTextContent('Risk ¥71.43');
    expect(handicap).toHaveTextContent('To win ¥100.00');
    expect(winner).not.toHaveTextContent('Risk');
    expect(winner).toHaveTextContent('To win ¥140.00');
    expect(screen.getByTestId('slip-total-stake')).toHaveTextContent('¥171.43');

    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed), placedOrder('1700000000000000002', OrderStatus.Confirmed)], repeated: false });
    await userEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    const [sent] = betting.calls(BETTING_PATHS.singlePass) as Array<{ singleBetList: Array<{ unitStake: string; betOptionList: unknown[] }> }>;
    expect(sent!.singleBetList.map((b) => [b.unitStake, b.betOptionList])).toEqual([
      ['71.43', [{ marketId: 100, optionType: 'home', odds: '-0.71', oddsFormat: 3 }]],
      ['100.00', [{ marketId: 200, optionType: 'home', odds: '2.40', oddsFormat: 1 }]],
    ]);

    // A parlay's legs multiply as decimal odds: legs and the accumulator's combined odds show decimal.
    await click(env, selection(3, { odd: '2.40' }), selection(4, { marketType: 1005, outcomeCount: 3, line: undefined, odd: '2.40' }));
    betting.book.set(300, { odd: '2.40' });
    betting.book.set(400, { odd: '2.40', marketType: 1005, outcomeCount: 3, line: null });
    await userEvent.click(screen.getByRole('tab', { name: 'Parlay' }));
    await act(async () => undefined);
    expect(screen.getAllByTestId('slip-odds').map((e) => e.textContent)).toEqual(['2.40', '2.40']);
    const accumulator = within(screen.getByRole('region', { name: 'Series' })).getAllByRole('listitem')[0]!;
    expect(accumulator).toHaveTextContent('2-fold · 1 bet · Odds 5.76');
    await userEvent.click(screen.getByRole('tab', { name: 'Single' }));
    expect(screen.getAllByTestId('slip-odds').map((e) => e.textContent)).toEqual(['-0.71', '2.40']);
  });

  it('shows the format its prices are in and switches it, the same setting the list follows', async () => {
    const { env, store } = await renderSlip();
    await click(env, selection(1));
    const format = screen.getByRole('combobox', { name: 'Slip prices in' });
    expect(format).toHaveDisplayValue('Decimal');
    await userEvent.selectOptions(format, 'Hong Kong');
    expect(store.settings.oddsFormatId).toBe(2);
    expect(screen.getByRole('combobox', { name: 'Slip prices in' })).toHaveDisplayValue('Hong Kong');
    act(() => store.settings.setOddsFormat(4));
    expect(screen.getByRole('combobox', { name: 'Slip prices in' })).toHaveDisplayValue('Indonesian');
    expect(screen.getByTestId('slip-odds')).toHaveTextContent('-1.05');
  });

  describe('quick stakes and Max', () => {
    const quick = () => screen.getByRole('group', { name: 'Quick stake' });
    const labels = () => within(quick()).getAllByRole('button').map((b) => b.textContent);

    it('offers the CNY presets and Max: the smaller of the maximum and what the balance leaves after the other stakes', async () => {
      const { env, betting } = await renderSlip({ member: memberState('1234.56') });
      betting.book.set(200, { maxBet: '800.00' });
      await click(env, selection(1));
      expect(labels()).toEqual(['50', '100', '500', '1,000', 'Max']);
      await userEvent.click(within(quick()).getByRole('button', { name: 'Stake 500 (¥500.00)' }));
      const first = screen.getByRole('article', { name: 'Home 1 – Away 1' });
      expect(within(first).getByRole('textbox', { name: /^Stake/ })).toHaveValue('500');

      // The balance bounds it: 1,234.56 in all, all of it on the one single.
      await userEvent.click(within(quick()).getByRole('button', { name: 'Max: stake ¥1,234.56' }));
      expect(within(first).getByRole('textbox', { name: /^Stake/ })).toHaveValue('1234.56');
      expect(screen.getByRole('button', { name: 'Place bet' })).toBeEnabled();

      // A second single: what the first leaves (234.56 once it takes 1,000), then its own maximum when that is less.
      await userEvent.clear(within(first).getByRole('textbox', { name: /^Stake/ }));
      await userEvent.type(within(first).getByRole('textbox', { name: /^Stake/ }), '1000');
      await click(env, selection(2));
      const second = screen.getByRole('article', { name: 'Home 2 – Away 2' });
      await userEvent.click(within(quick()).getByRole('button', { name: /^Max: stake/ }));
      expect(within(second).getByRole('textbox', { name: /^Stake/ })).toHaveValue('234.56');
      await userEvent.clear(within(first).getByRole('textbox', { name: /^Stake/ }));
      await userEvent.click(within(second).getByRole('textbox', { name: /^Stake/ }));
      await userEvent.click(within(quick()).getByRole('button', { name: 'Max: stake ¥800.00' }));
      expect(within(second).getByRole('textbox', { name: /^Stake/ })).toHaveValue('800.00');
    });

    it('follows the member\'s currency: VND presets from its minimum, written short, and Max from its wallet', async () => {
      const vnd = memberState();
      vnd.userData = { ...vnd.userData!, currency: 'VND' };
      vnd.balance = { balanceList: [{ coinCode: 'VND', balance: '12500000.00', isDefault: true }], centerBalance: '12500000.00', totalBalance: '12500000.00' };
      const { env, betting } = await renderSlip({ member: vnd });
      // The platform's 10 / 50,000 CNY single range at 0.000281 CNY per dong.
      betting.book.set(100, { minBet: '35587.19', maxBet: '177935943.05' });
      await click(env, selection(1));
      expect(labels()).toEqual(['200K', '500K', '2M', '5M', 'Max']);
      const card = screen.getByRole('article', { name: 'Home 1 – Away 1' });
      await userEvent.click(within(quick()).getByRole('button', { name: 'Stake 2M (₫2,000,000.00)' }));
      expect(within(card).getByRole('textbox', { name: /^Stake/ })).toHaveValue('2000000');
      await userEvent.click(within(quick()).getByRole('button', { name: 'Max: stake ₫12,500,000.00' }));
      expect(within(card).getByRole('textbox', { name: /^Stake/ })).toHaveValue('12500000.00');
    });

    it('fills a parlay\'s accumulator with Max per unit, within its range', async () => {
      const { env, store } = await renderSlip({ member: memberState('25000.00') });
      await act(async () => store.betSlip.setMode('parlay'));
      await click(env, selection(1), selection(2));
      await screen.findByRole('region', { name: 'Series' });
      // The series' range is 10-10,000 a unit: the balance would allow 25,000.
      await userEvent.click(within(quick()).getByRole('button', { name: 'Max: stake ¥10,000.00' }));
      expect(store.betSlip.seriesStakes.get('2001')).toBe('10000.00');
    });
  });

  it('removes one selection and clears them all', async () => {
    const { env } = await renderSlip();
    await click(env, selection(1), selection(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Home 1 – Away 1' }));
    expect(screen.queryByRole('article', { name: 'Home 1 – Away 1' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Home 2 – Away 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('Click on odds to add a selection')).toBeInTheDocument();
  });

  it('asks a visitor with a restored slip to log in', async () => {
    const { store } = await renderSlip({ login: false });
    act(() => {
      store.applyHostProps(memberState());
      store.betSlip.add(selection(1));
      store.session.clear();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in to bet' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(screen.getByText('Please log in to place bets', { selector: 'p' })).toBeInTheDocument();
  });
});
