import { describe, expect, it } from '@jest/globals';
import { BETTING_PATHS } from '../../../contract/paths';
import type { BuilderQuoteAnswer } from '../../../contract';
import { ApiError } from '../../services/http';
import { fakeEnv } from '../../testing/fakeEnv';
import { BetBuilderStore } from './betBuilder';

const WIN = { marketId: 11, kind: 'win1x2', period: 'ft' };
const OU = { marketId: 12, kind: 'overUnder', period: 'ft' };
const CORNERS = { marketId: 13, kind: 'cornersOverUnder', period: 'ft' };
const HALF = { marketId: 14, kind: 'win1x2', period: '1h' };

function quote(legs: Array<[number, string]>, odds: string | null, reason: BuilderQuoteAnswer['reason'] = null): BuilderQuoteAnswer {
  return { matchId: 7, odds, reason, message: '', legs: legs.map(([marketId, type]) => ({ marketId, type, reason: null })), minBet: '10.00', maxBet: '500.00', maxLegs: 6 };
}

function setup() {
  const { env, http } = fakeEnv({ now: () => 1_000 });
  const builder = BetBuilderStore.create({ matchId: 7 }, env);
  return { builder, http };
}

describe('bet builder store', () => {
  it('takes selections of markets that combine, refuses the others with the reason, and prices every change', async () => {
    const { builder, http } = setup();
    http.betting.post.mockImplementation(async (_url, body) => {
      const legs = (body as { betMatchMarketList: Array<{ marketId: number; type: string }> }).betMatchMarketList.map((l) => [l.marketId, l.type] as [number, string]);
      return quote(legs, legs.length >= 2 ? '3.40' : null);
    });
    expect(builder.toggle(CORNERS, 'over', '1.90', 'Corners: Over')).toBe('notFinalScore');
    expect(builder.toggle(HALF, 'home', '2.90', '1st half: Home')).toBe('periodMarket');
    expect(builder.legs).toHaveLength(0);
    expect(http.betting.post).not.toHaveBeenCalled();

    builder.toggle(WIN, 'home', '2.10', '1X2: Home');
    await builder.requote();
    expect(builder.odds).toBeNull();
    builder.toggle(OU, 'over', '1.95', 'Total: Over 2.5');
    await builder.requote();
    expect(http.betting.post).toHaveBeenLastCalledWith(BETTING_PATHS.builderQuote, { betMatchMarketList: [{ marketId: 11, matchId: 7, type: 'home' }, { marketId: 12, matchId: 7, type: 'over' }] });
    expect(builder.odds).toBe('3.40');
    // A second click takes the selection out again.
    builder.toggle(OU, 'over', '1.95', 'Total: Over 2.5');
    expect(builder.legs.map((l) => l.marketId)).toEqual([11]);
    // The shown quote is for two selections: it no longer applies to one.
    expect(builder.odds).toBeNull();
  });

  it('re-prices when the match pushes a new price and keeps the single price it will send', async () => {
    const { builder, http } = setup();
    let odds = '3.40';
    http.betting.post.mockImplementation(async (_url, body) => quote((body as { betMatchMarketList: Array<{ marketId: number; type: string }> }).betMatchMarketList.map((l) => [l.marketId, l.type]), odds));
    builder.toggle(WIN, 'home', '2.10', 'Home');
    builder.toggle(OU, 'over', '1.95', 'Over');
    await builder.requote();
    expect(builder.odds).toBe('3.40');
    odds = '3.10';
    builder.pricesMoved(new Map([['11|home', '1.98']]));
    await builder.requote();
    expect(builder.odds).toBe('3.10');
    expect(builder.legs[0]!.odd).toBe('1.98');
  });

  it('places at the quoted odds with the stake and acceptance, then empties; a refusal keeps the selections and says why', async () => {
    const { builder, http } = setup();
    http.betting.post.mockImplementation(async (url, body) => {
      if (url === BETTING_PATHS.builderQuote) return quote((body as { betMatchMarketList: Array<{ marketId: number; type: string }> }).betMatchMarketList.map((l) => [l.marketId, l.type]), '3.40');
      throw new ApiError({ code: 15005, message: "Odds changed: the builder's odds are 3.10 now, asked 3.40", service: 'betting', httpStatus: 409 });
    });
    builder.toggle(WIN, 'home', '2.10', 'Home');
    builder.toggle(OU, 'over', '1.95', 'Over');
    await builder.requote();
    builder.setStake('5');
    expect(builder.canPlace).toBe(false);
    builder.setStake('100');
    expect(builder.potentialReturn).toBe('340.00');
    await builder.place(0);
    expect(builder.refusal).toMatch(/Odds changed/);
    expect(builder.legs).toHaveLength(2);
    const placeCall = http.betting.post.mock.calls.find(([url]) => url === BETTING_PATHS.betBuilder)!;
    expect(placeCall[1]).toMatchObject({ odds: '3.40', unitStake: '100', oddsChange: 0, betOptionList: [{ marketId: 11, optionType: 'home', odds: '2.10' }, { marketId: 12, optionType: 'over', odds: '1.95' }] });

    http.betting.post.mockImplementation(async (url, body) =>
      url === BETTING_PATHS.builderQuote
        ? quote((body as { betMatchMarketList: Array<{ marketId: number; type: string }> }).betMatchMarketList.map((l) => [l.marketId, l.type]), '3.40')
        : { orders: [{ orderId: '900', oid: '900', status: 4, betAmount: '100.00', odds: '3.40', seriesNumber: 0 }], repeated: false },
    );
    await builder.requote();
    await builder.place(1);
    expect({ placement: builder.placement, orderId: builder.placedOrderId, legs: builder.legs.length }).toEqual({ placement: 'confirmed', orderId: '900', legs: 0 });
  });
});
