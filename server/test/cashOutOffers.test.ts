import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CashOutFailure, OddsChange } from '../../contract/enums';
import { PushChannel } from '../../contract/channels';
import { BETTING_PATHS } from '../../contract/paths';
import type { CashOutOffer } from '../../contract/push';
import { createCashOutOffers, OFFER_CONFLATE_MS, OFFER_INTERVAL_MS } from '../src/betting/cashOutOffers';
import { matchIdOfMarket, type Market } from '../src/feed';
import { newMember, pushListener, type TestMember } from './economy.support';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Cash-out offers pushed as prices move (issue 33), through real HTTP and the /push websocket: prices are set through
 * the feed's own odds path (the one the test controls' markets/set takes), the platform's fake clock moves the
 * coalescing windows, and flush() stands in for the timers a running platform has.
 */
let t: TestApp;
let todays: Market[];
beforeAll(async () => {
  t = await buildTestApp();
  todays = t.feed
    .matches({ type: 'today', sportId: 1 })
    .map((m) => t.feed.markets(m.matchId).find((market) => market.status === 1 && market.kind === 'win1x2' && market.period === 'ft'))
    .filter((m): m is Market => m !== undefined);
}, 30_000);
afterAll(async () => t?.app.close());

const call = (url: string, payload: unknown, token: string) => t.inject({ method: 'POST', url, payload, headers: { authorization: token } });

/** A pre-match match no other test uses, by its full-time 1X2 market. */
function matchWithMarket(): Market {
  const market = todays.shift();
  if (!market) throw new Error('no pre-match 1X2 market left');
  return market;
}

/** Sets a price as a trader (or the test controls) would: the feed emits the odds change to every listener. */
const setOdds = (market: Market, type: string, odd: string) => t.scenario.overrideMarket(market.marketId, { odds: { [type]: odd } });

/** Moves the platform's clock and runs what the offers' timers would run by then. */
async function after(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.cashOutOffers.flush();
}

async function bet(member: TestMember, market: Market, type: string, odds: string): Promise<string> {
  const res = await call(
    BETTING_PATHS.singlePass,
    { singleBetList: [{ unitStake: '100', oddsChange: OddsChange.None, betOptionList: [{ marketId: market.marketId, optionType: type, odds, oddsFormat: 1 }] }] },
    member.token,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.orders[0].orderId as string;
}

describe('cash-out offers on the member channel', () => {
  it('arrive when a price moves, priced as the price route prices them, coalesced per bet per second, and only for the member', async () => {
    const market = matchWithMarket();
    const elsewhere = matchWithMarket();
    const [home, draw] = market.options.map((o) => o.type);
    setOdds(market, home!, '2.00');
    setOdds(elsewhere, elsewhere.options[0]!.type, '2.00');
    await after(OFFER_CONFLATE_MS); // nothing open on them yet: nothing sent

    const member = await newMember(t);
    const other = await newMember(t);
    const orderId = await bet(member, market, home!, '2.00');
    await bet(other, elsewhere, elsewhere.options[0]!.type, '2.00');

    const channel = PushChannel.memberCashOut(member.id);
    const mine = await pushListener(t, [channel], member.token);
    // Another member may not listen to it: refused by the contract's allow-list, and nothing of it reaches them.
    const theirs = await pushListener(t, [channel, PushChannel.memberCashOut(other.id)], other.token);
    expect(theirs.acks.filter((a) => a.cmd === 'error').flatMap((a) => a.channels ?? [])).toEqual([channel]);
    const offers = () => mine.messages.filter((m) => m.chId === channel).flatMap((m) => m.data.offers as CashOutOffer[]).filter((o) => o.oid === orderId);
    const settle = async (ms: number) => {
      await after(ms);
      await mine.sync();
      await theirs.sync();
    };

    // 100 at 2.00, now 1.60: 100 x 2.00 / 1.60 x (1 - 5 %) = 118.75, the price route's offer to the cent.
    const pricedBefore = t.app.cashOutOffers.stats().priced;
    setOdds(market, home!, '1.60');
    await settle(OFFER_CONFLATE_MS - 1);
    expect(offers()).toEqual([]); // still inside the conflation window
    await settle(1);
    expect(mine.messages).toHaveLength(1);
    expect(mine.messages[0]!.data).toEqual({ kind: 'offers', offers: [{ oid: orderId, amt: '118.75', st: 1, rate: '1.187500' }] });
    const route = (await call('/v1/order/cashOut/price', { orderIds: [orderId] }, member.token)).json().data.pr[0];
    expect(route).toMatchObject(mine.messages[0]!.data.offers[0]);
    // Only the bets on the match that moved were priced: the other member's bet on another match was not.
    expect(t.app.cashOutOffers.stats().priced - pricedBefore).toBe(1);

    // Two changes inside one window: one message, with the latest offer (100 x 2.00 / 1.25 x 0.95 = 152.00).
    t.clock.advance(OFFER_INTERVAL_MS);
    setOdds(market, home!, '2.50');
    setOdds(market, home!, '1.25');
    await settle(OFFER_CONFLATE_MS);
    expect(offers().map((o) => o.amt)).toEqual(['118.75', '152.00']);

    // Within a second of that message two more changes: held until the second is over, then one message carrying the
    // latest (2.50 -> 76.00), not the one in between (4.00 -> 47.50).
    setOdds(market, home!, '4.00');
    await settle(OFFER_CONFLATE_MS);
    setOdds(market, home!, '2.50');
    await settle(OFFER_INTERVAL_MS - 2 * OFFER_CONFLATE_MS - 1);
    expect(offers()).toHaveLength(2);
    await settle(OFFER_CONFLATE_MS + 1);
    expect(offers().map((o) => o.amt)).toEqual(['118.75', '152.00', '76.00']);

    // A price that does not change the offer (another outcome of the market) sends nothing.
    setOdds(market, draw!, '3.90');
    await settle(OFFER_INTERVAL_MS);
    expect(offers()).toHaveLength(3);

    // Suspended: the offer goes unavailable, with the reason.
    t.scenario.overrideMarket(market.marketId, { status: 0 });
    await settle(OFFER_CONFLATE_MS);
    expect(offers().at(-1)).toEqual({ oid: orderId, amt: '0.00', st: 0, rate: '0.000000', reason: CashOutFailure.MarketSuspend });

    // The other member's own channel had nothing: their bet's match never moved.
    expect(theirs.messages).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('are priced again a second later when the database did not answer, not only at the next price change', async () => {
    const market = matchWithMarket();
    const home = market.options[0]!.type;
    setOdds(market, home, '2.00');
    const member = await newMember(t);
    const orderId = await bet(member, market, home, '2.00');
    let failures = 1;
    // The database as the offers see it: its first read fails (a dropped connection), later ones answer.
    const db = new Proxy(t.db, {
      get(target, key) {
        if (key === 'selectFrom' && failures > 0) {
          failures--;
          return () => {
            throw new Error('connection lost');
          };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const published: unknown[] = [];
    const errors: string[] = [];
    const offers = createCashOutOffers({ db, feed: t.feed, config: t.config, clock: t.clock, publish: (chId, data) => published.push({ chId, data }), log: { error: (_obj, msg) => errors.push(msg) } });
    offers.pricesMoved(matchIdOfMarket(market.marketId));
    t.clock.advance(OFFER_CONFLATE_MS);
    await offers.flush();
    expect([errors, published]).toEqual([['cash-out offers: pricing or publishing failed'], []]);
    expect(offers.nextDue()).toBe(t.clock.now() + OFFER_INTERVAL_MS);
    t.clock.advance(OFFER_INTERVAL_MS);
    await offers.flush();
    expect(published).toEqual([{ chId: PushChannel.memberCashOut(member.id), data: { kind: 'offers', offers: [{ oid: orderId, amt: '95.00', st: 1, rate: '0.950000' }] } }]);
  });

  it('coalesce into one message per member for many bets, and skip closed bets', async () => {
    const market = matchWithMarket();
    const [home, , away] = market.options.map((o) => o.type);
    setOdds(market, home!, '2.00');
    setOdds(market, away!, '3.00');
    await after(OFFER_CONFLATE_MS);
    const member = await newMember(t);
    const first = await bet(member, market, home!, '2.00');
    const second = await bet(member, market, away!, '3.00');
    const cashedOut = await bet(member, market, home!, '2.00');
    const paid = await call('/v1/order/cashOut/execute', { orderId: cashedOut, cashOutStake: '100.00', expectedAmount: '95.00' }, member.token);
    expect(paid.statusCode).toBe(200);

    const listener = await pushListener(t, [PushChannel.memberCashOut(member.id)], member.token);
    t.clock.advance(OFFER_INTERVAL_MS);
    setOdds(market, home!, '1.90');
    setOdds(market, away!, '2.85');
    await after(OFFER_CONFLATE_MS);
    await listener.sync();
    expect(listener.messages).toHaveLength(1);
    // 100 x 2.00 / 1.90 x 0.95 = 100.00; 100 x 3.00 / 2.85 x 0.95 = 100.00. The cashed-out bet is no longer open.
    const sent = listener.messages[0]!.data.offers as Array<{ oid: string; amt: string }>;
    expect(sent.map((o) => [o.oid, o.amt]).sort()).toEqual(
      [
        [first, '100.00'],
        [second, '100.00'],
      ].sort(),
    );
    listener.close();
  });
});
