import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OddsPush, WireMarket } from '../../../../contract';
import { fakeBettingService, memberState, pushOdds, settle } from '../../../testing/bettingFixtures';
import { wireMatch } from '../../../testing/matchFixtures';
import { renderWithStore } from '../../../testing/renderWithStore';
import { useLiveBook } from '../../../core/ui/storeContext';
import { OddsButton } from './OddsButton';
import { useAddToSlip } from './useAddToSlip';

const match = wireMatch();
const market = match.betGroup[0]!.moneyHandicap[0]! as WireMarket;

/** The match's two handicap prices, as any list, match screen or outright draws a price: the shared button. */
function Prices() {
  const book = useLiveBook();
  const addToSlip = useAddToSlip();
  const live = book.market(market.marketId)!;
  return (
    <>
      {market.options.map((option) => (
        <OddsButton key={option.type} market={live} optionType={option.type} label={option.name} showLine onSelect={(type) => addToSlip(market, type)} />
      ))}
    </>
  );
}

async function renderPrices() {
  const rendered = await renderWithStore(<Prices />, {
    before: ({ store, env, http }) => {
      fakeBettingService(http);
      store.applyHostProps(memberState());
      env.liveBook.seed([match], env.liveBook.pushMark);
    },
  });
  const home = screen.getByRole('button', { name: /^A/ });
  const away = screen.getByRole('button', { name: /^B/ });
  return { ...rendered, home, away, slip: rendered.store.betSlip };
}

describe('<OddsButton> marks a price in the slip', () => {
  it('is pressed once picked, and no longer when the selection is removed or the slip cleared', async () => {
    const { home, away, slip } = await renderPrices();
    expect(home).toHaveAttribute('aria-pressed', 'false');
    expect(away).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(home);
    await act(() => settle());
    expect(slip.count).toBe(1);
    expect(home).toHaveAttribute('aria-pressed', 'true');
    expect(away).toHaveAttribute('aria-pressed', 'false');

    // The other side of the same match replaces it in the slip, and the mark moves with it.
    await userEvent.click(away);
    await act(() => settle());
    expect(home).toHaveAttribute('aria-pressed', 'false');
    expect(away).toHaveAttribute('aria-pressed', 'true');

    act(() => slip.remove(match.matchId));
    expect(away).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(home);
    await act(() => settle());
    expect(home).toHaveAttribute('aria-pressed', 'true');
    act(() => slip.clear());
    expect(home).toHaveAttribute('aria-pressed', 'false');
  });

  it('a second click on a pressed price takes it out of the slip', async () => {
    const { home, slip } = await renderPrices();
    await userEvent.click(home);
    await act(() => settle());
    expect(home).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(home);
    expect(slip.count).toBe(0);
    expect(home).toHaveAttribute('aria-pressed', 'false');
  });

  it('is no longer pressed once the bet is placed and the selection leaves the slip', async () => {
    const { home, slip } = await renderPrices();
    await userEvent.click(home);
    await act(() => settle());
    // Confirmed at once (pre-match): the entry leaves the slip.
    act(() => slip.placed([slip.entries[0]!], [[]], []));
    expect(slip.count).toBe(0);
    expect(home).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows the market to its new id when its line moves', async () => {
    const { env, home, slip } = await renderPrices();
    await userEvent.click(home);
    await act(() => settle());
    const moved: OddsPush = {
      kind: 'odds',
      matchId: 1,
      markets: [{ marketId: 900, oldMarketId: 100, marketType: 1000, period: 'ft', line: '-0.75', status: 1, allowParley: true, options: market.options.map((o) => ({ type: o.type, line: o.line, odd: o.odd, isLock: false })) }],
    };
    act(() => pushOdds(env, moved));
    expect(slip.entries[0]!.marketId).toBe(900);
    expect(home).toHaveAttribute('aria-pressed', 'true');
  });
});
