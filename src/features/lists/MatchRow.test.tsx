import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseScreen } from '../home/screenUrl';
import { I18nextProvider } from 'react-i18next';
import { createKernelEvents, KernelProvider, loadPlugins, type SelectionEvent } from '../../kernel';
import { registry } from '../../kernel/registry';
import { createRootStore } from '../../core/store/RootStore';
import { fakeEnv } from '../../testing/fakeEnv';
import { fakeSportModule } from '../../testing/fakeSport';
import { createTestI18n } from '../../testing/i18n';
import { fakeServices } from '../../testing/services';
import { wireMatch } from '../../testing/matchFixtures';
import { anchorRoom } from '../../testing/anchorFixtures';
import { HostLanguage, LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import { StoreProvider } from '../../core/ui/storeContext';
import { MatchRow } from './MatchRow';
import type { RowColumn } from './points';

/** The row draws whatever columns and period labels its sport gives: one handicap column and a football-like "1H" stand in for a real plugin. */
const columns: readonly RowColumn[] = [{ id: 'ft-ah', labelKey: 'column.ftHandicap', kinds: ['handicap'], period: 'ft', options: ['home', 'away'] }];
const sport = fakeSportModule({ rowColumns: () => [{ id: 'main', labelKey: 'group.main', columns }], periodLabel: (_sportId, pe) => (pe === 1 ? '1H' : String(pe)) });

async function renderRow({ anchors = [] as Anchor[], match = wireMatch(), timezone, rowColumns = columns }: { anchors?: Anchor[]; match?: ReturnType<typeof wireMatch>; timezone?: string; rowColumns?: readonly RowColumn[] } = {}) {
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces(['common']);
  const { env, http } = fakeEnv({ i18n });
  http.media.get.mockResolvedValue(anchors);
  const store = createRootStore({}, env);
  store.settings.restore('en');
  if (timezone) store.ui.setTimezone(timezone);
  env.liveBook.seed([match], env.liveBook.pushMark);
  const events = createKernelEvents();
  const added = jest.fn<(e: SelectionEvent) => void>();
  events.on('betSlip.add', added);
  const plugins = loadPlugins({ plugins: [] }, registry);
  const tree = (shown: typeof match) => (
    <I18nextProvider i18n={i18n}>
      <StoreProvider store={store}>
        <KernelProvider value={{ plugins, services: fakeServices(env, (p: string) => `https://icons.example${p}`), events }}>
          <MatchRow match={shown} columns={rowColumns} sport={sport} />
        </KernelProvider>
      </StoreProvider>
    </I18nextProvider>
  );
  // Inside act, so the anchor search the row starts has answered before the test looks.
  let rerender!: (ui: ReturnType<typeof tree>) => void;
  await act(async () => {
    ({ rerender } = render(tree(match)));
  });
  /** Shows the row a new record of its match, as a poll does. */
  const showRecord = (next: typeof match) => act(() => rerender(tree(next)));
  return { store, env, added, showRecord };
}

describe('<MatchRow>', () => {
  it("asks the icon host for each team's crest with its name as kw and appId=2 (spec section 7)", async () => {
    const match = wireMatch();
    match.matchInfo = { ...match.matchInfo, homeName: 'Home FC', homeIcon: '/api/team/icon/11', awayName: 'Away & Co', awayIcon: '/api/team/icon/12' };
    await renderRow({ match });
    const crests = [...document.body.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(crests).toEqual(
      expect.arrayContaining(['https://icons.example/api/team/icon/11?kw=Home+FC&appId=2', 'https://icons.example/api/team/icon/12?kw=Away+%26+Co&appId=2']),
    );
  });

  it("shows a match not yet started at its kick-off in the platform's zone, not the browser's", async () => {
    // 16:00 UTC: 00:00 the next day in Shanghai, 11:00 in New York; the browser's zone here is neither.
    const match = wireMatch({ matchStatus: 0, beginTime: Date.UTC(2026, 10, 25, 16, 0) });
    await renderRow({ match, timezone: 'Asia/Shanghai' });
    expect(screen.getByRole('cell', { name: /00:00/ })).toHaveTextContent('00:0011/26');
  });

  it("shows the match's anchors as a badge: red while one is live, who, their language and state in its label", async () => {
    await renderRow({
      anchors: [
        anchorRoom(8001, 1, { hostName: '小雅', sort: 1 }),
        anchorRoom(8003, 1, { hostName: '波叔', sort: 2, hostLanguage: HostLanguage.Cantonese, liveStatus: LiveStatus.Waiting }),
        anchorRoom(8004, 2, { hostName: 'Other match' }),
      ],
    });
    const badge = await screen.findByRole('link', { name: /anchors/ });
    expect(badge).toHaveAccessibleName('2 anchors: 小雅 (Mandarin, live), 波叔 (Cantonese, starting soon)');
    expect(badge).toHaveAttribute('data-live', 'true');
    expect(badge).toHaveTextContent('2');
  });

  it("is a link into the live anchor's room that the keyboard reaches and Enter follows", async () => {
    const { store } = await renderRow({
      anchors: [anchorRoom(8003, 1, { hostName: '波叔', sort: 1, liveStatus: LiveStatus.Waiting }), anchorRoom(8001, 1, { hostName: '小雅', sort: 2 })],
    });
    const badge = await screen.findByRole('link', { name: /anchors/ });
    // The live anchor's room, though the waiting one comes first in the spec's order.
    expect(badge).toHaveAttribute('href', '?roomId=8001');
    expect(parseScreen(new URL(badge.getAttribute('href')!, 'http://app.test/?merchant=lite&matchId=5').search)).toEqual({ view: 'room', id: 8001 });
    const user = userEvent.setup();
    // Tab from the start of the page: the badge is the row's first stop.
    await user.tab();
    expect(badge).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8001);
  });

  it('leaves a modified click to the browser (a new tab opens the room by its address)', async () => {
    const { store } = await renderRow({ anchors: [anchorRoom(8001, 1)] });
    const badge = await screen.findByRole('link', { name: /anchor/i });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    badge.dispatchEvent(click);
    expect(store.ui.view).toBe('home');
    expect(click.defaultPrevented).toBe(false);
  });

  it('names an anchor without a name (the spec has none) by its id', async () => {
    const { hostName: _name, ...unnamed } = anchorRoom(8001, 1);
    await renderRow({ anchors: [unnamed as Anchor] });
    expect(await screen.findByRole('link', { name: 'Anchor: 9001 (Mandarin, live)' })).toBeInTheDocument();
  });

  it('shows no anchor badge when no anchor is on the match', async () => {
    await renderRow({ anchors: [anchorRoom(8004, 2)] });
    expect(screen.queryByRole('link', { name: /anchor/i })).toBeNull();
  });

  it("shows a waiting anchor's badge without the live colour", async () => {
    await renderRow({ anchors: [anchorRoom(8003, 1, { hostName: '波叔', liveStatus: LiveStatus.Waiting })] });
    const badge = await screen.findByRole('link', { name: 'Anchor: 波叔 (Mandarin, starting soon)' });
    expect(badge).toHaveAttribute('data-live', 'false');
    expect(badge).not.toHaveTextContent(/\d/);
  });

  it('shows the live score, clock, period and the handicap line Asian style', async () => {
    await renderRow();
    const row = screen.getByRole('row', { name: 'A – B' });
    expect(row).toHaveTextContent('1H');
    expect(row).toHaveTextContent('10:00');
    const home = within(row).getByRole('button', { name: /^A -0.5 1.95$/ });
    expect(home).toBeEnabled();
  });

  it('prints prices in the member\'s odds format (DOMAIN.md: 1.95 = HK 0.95 = Indo -1.05)', async () => {
    const { store } = await renderRow();
    const button = () => screen.getByRole('button', { name: /^A -0.5/ });
    expect(button()).toHaveTextContent('1.95');
    act(() => store.settings.setOddsFormat(2));
    expect(button()).toHaveTextContent('0.95');
    act(() => store.settings.setOddsFormat(4));
    expect(button()).toHaveTextContent('-1.05');
  });

  it('prints a handicap in the member\'s format and a 1X2 in decimal whatever they chose (the Asian-book convention)', async () => {
    const match = wireMatch();
    const handicap = match.betGroup[0]!.moneyHandicap[0]!;
    handicap.options[0]!.odd = '2.400';
    const winner = {
      ...handicap,
      marketId: 101,
      key: '1x2',
      kind: 'win1x2',
      marketType: 1005,
      name: '1X2',
      options: [
        { type: 'home', name: 'A', odd: '2.400', showOdd: '2.40', isLock: false },
        { type: 'draw', name: 'Draw', odd: '3.300', showOdd: '3.30', isLock: false },
        // The Thai list: a 1X2 price of 1.02 read -50.00 in Indonesian.
        { type: 'away', name: 'B', odd: '1.020', showOdd: '1.02', isLock: false },
      ],
    };
    delete winner.line;
    match.betGroup.push({ name: '1X2', groupType: 'win1x2', marketType: 1005, period: 'ft', moneyHandicap: [winner] });
    const winnerColumn: RowColumn = { id: 'ft-1x2', labelKey: 'column.ft1x2', kinds: ['win1x2'], period: 'ft', options: ['home', 'draw', 'away'] };
    const { store } = await renderRow({ match, rowColumns: [winnerColumn, ...columns] });
    // Each button reads its option's name (for screen readers), its line and its price.
    const price = (marketId: number, option: string) => document.querySelector(`button[data-market-id="${marketId}"][data-option="${option}"]`)!.textContent;
    const shown = () => [price(100, 'home'), price(101, 'home'), price(101, 'draw'), price(101, 'away')];
    expect(shown()).toEqual(['A -0.5 2.40', 'A 2.40', 'Draw 3.30', 'B 1.02']);
    act(() => store.settings.setOddsFormat(3));
    expect(shown()).toEqual(['A -0.5 -0.71', 'A 2.40', 'Draw 3.30', 'B 1.02']);
    act(() => store.settings.setOddsFormat(4));
    expect(shown()).toEqual(['A -0.5 1.40', 'A 2.40', 'Draw 3.30', 'B 1.02']);
    act(() => store.settings.setOddsFormat(2));
    expect(shown()).toEqual(['A -0.5 1.40', 'A 2.40', 'Draw 3.30', 'B 1.02']);
  });

  it('updates one price live with its direction, and locks a suspended market', async () => {
    const { env } = await renderRow();
    act(() =>
      env.liveBook.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.050', isLock: false }, { type: 'away', line: '0.5', odd: '1.800', isLock: false }] }] }]),
    );
    const price = screen.getByRole('button', { name: /^A -0.5 2.05$/ }).querySelector('[data-dir]')!;
    expect(price).toHaveAttribute('data-dir', '1');
    expect(price).toHaveAttribute('data-again');
    // A second move the same way restarts the flash on the same span: it switches to the flash's other name.
    act(() =>
      env.liveBook.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.100', isLock: false }, { type: 'away', line: '0.5', odd: '1.800', isLock: false }] }] }]),
    );
    expect(screen.getByRole('button', { name: /^A -0.5 2.10$/ }).querySelector('[data-dir]')).toBe(price);
    expect(price).toHaveAttribute('data-dir', '1');
    expect(price).not.toHaveAttribute('data-again');
    act(() =>
      env.liveBook.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 0, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.050', isLock: true }, { type: 'away', line: '0.5', odd: '1.800', isLock: true }] }] }]),
    );
    expect(screen.getByRole('button', { name: /^A -0.5 locked$/ })).toBeDisabled();
  });

  it('asks a visitor to log in instead of adding the selection', async () => {
    const { store, added } = await renderRow();
    await userEvent.click(screen.getByRole('button', { name: /^A -0.5/ }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(store.ui.loginReason).toBe('Please log in to place bets');
    expect(added).not.toHaveBeenCalled();
    // The click waits in the slip and lands there once the visitor has logged in.
    expect(store.betSlip.pending).toMatchObject({ matchId: 1, marketId: 100, optionType: 'home' });
    await act(async () => store.applyHostProps({ isLogin: true, token: 't', userData: { uid: '1', username: 'demo' } }));
    expect(store.betSlip.entries.map((e) => [e.matchId, e.optionType])).toEqual([[1, 'home']]);
  });

  it('emits the selection for a member, for the bet slip to take', async () => {
    const { store, added } = await renderRow();
    await act(async () => store.applyHostProps({ isLogin: true, token: 't', userData: { uid: '1', username: 'demo' } }));
    await userEvent.click(screen.getByRole('button', { name: /^B 0.5/ }));
    expect(added).toHaveBeenCalledWith({ matchId: 1, sportId: 1, marketId: 100, marketType: 1000, outcomeCount: 2, period: 'ft', optionType: 'away', line: '0.5', odd: '1.900', allowParley: true });
  });

  it("takes a click after a poll's new record from that record (the row's one handler reads the current match)", async () => {
    const { store, added, showRecord } = await renderRow();
    await act(async () => store.applyHostProps({ isLogin: true, token: 't', userData: { uid: '1', username: 'demo' } }));
    const price = screen.getByRole('button', { name: /^B 0.5/ });
    const polled = wireMatch();
    polled.betGroup[0]!.moneyHandicap[0]!.allowParley = false;
    showRecord(polled);
    // The click carries the new record's market, not the one the button was first drawn with.
    expect(screen.getByRole('button', { name: /^B 0.5/ })).toBe(price);
    await userEvent.click(price);
    expect(added).toHaveBeenCalledWith(expect.objectContaining({ marketId: 100, optionType: 'away', allowParley: false }));
  });

  it('stars the match with a toggle button, and refuses a 51st with a notice', async () => {
    const { store, env } = await renderRow();
    const star = screen.getByRole('button', { name: 'Favourite: A – B' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(store.favourites.isCollected(1)).toBe(true);
    expect(env.storage.get('collectedMatches')).toEqual([{ matchId: 1, sportId: 1, sportName: 'Football' }]);
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(store.favourites.count).toBe(0);

    act(() => {
      for (let id = 100; id < 150; id += 1) store.favourites.toggle({ matchId: id, sportId: 1 });
    });
    const refused = jest.fn();
    env.events.on('favourites.maxCollected', refused);
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(refused).toHaveBeenCalledWith({ limit: 50 });
    expect(env.toast.toasts.map((t) => t.message)).toEqual(['Starred up to 50 matches; remove one to add another']);
  });

  it('subscribes to the match channels while shown and unsubscribes when gone', async () => {
    const { env } = await renderRow();
    expect(env.push.subscribe).toHaveBeenCalledWith('match:1:score');
    expect(env.push.subscribe).toHaveBeenCalledWith('match:1:odds');
  });
});
