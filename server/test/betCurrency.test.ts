import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApp } from './helpers';
import { auth, bettingApp, balanceOf, selections } from './betting.support';

/** A bet's currencyId names the member's own currency or one they hold a wallet in; any other is refused up front. */
describe('currencyId on the betting calls', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => ({ t, tokens: [token] } = await bettingApp({}, 'demo2')), 30_000);
  afterAll(async () => t.app.close());

  it('takes the member\'s own currency (CNY 1) on bet info, singlePass and betMultiple, and refuses one they have no wallet in with 422', async () => {
    const [a, b] = selections(t, 'today', { parlay: true, limit: 2 });
    const options = [a!, b!].map((s) => ({ marketId: s.market.marketId, optionType: s.option.type, odds: s.option.odd, oddsFormat: 1 }));
    const calls = (currencyId: number) => [
      { url: '/v1/order/batchBetMatchMarketOfJumpLine', payload: { betMatchMarketList: [{ marketId: a!.market.marketId, matchId: a!.match.matchId, type: a!.option.type }], isSelectSeries: false, currencyId } },
      { url: '/v1/order/bet/singlePass', payload: { singleBetList: [{ unitStake: '10.00', oddsChange: 1, betOptionList: [options[0]] }], currencyId } },
      { url: '/v1/order/betMultiple', payload: { betMultipleData: [{ itemCount: 2, oddsChange: 1, seriesValue: 2001, unitStake: '10.00' }], betOptionList: options, currencyId } },
    ];
    const before = await balanceOf(t, 'demo2');
    for (const call of calls(1)) {
      const res = await t.inject({ method: 'POST', url: call.url, headers: auth(token), payload: call.payload });
      expect({ url: call.url, status: res.statusCode }).toEqual({ url: call.url, status: 200 });
    }
    expect(await balanceOf(t, 'demo2')).toBe(before - 2_000);
    for (const call of calls(3)) {
      const res = await t.inject({ method: 'POST', url: call.url, headers: auth(token), payload: call.payload });
      expect({ url: call.url, status: res.statusCode, code: res.json().code }).toEqual({ url: call.url, status: 422, code: 4001 });
      expect(res.json().msg).toBe('body.currencyId: 3 (EUR) is not a currency of this member, who bets in CNY');
    }
    expect(await balanceOf(t, 'demo2')).toBe(before - 2_000);
  });
});
