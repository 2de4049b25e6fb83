import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Market } from '../src/feed';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The betting engine's odds triggers (pre-bets, auto cash outs) under a fast feed: odds moves that arrive while the
 * queue is busy are checked together by one pending job, so the queue cannot grow faster than it runs (at a high
 * FEED_SPEED on PostgreSQL, one query per move held settlement back for minutes: issue 19's proof).
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false });
}, 60_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.app.close();
});

describe('odds triggers', () => {
  it('checks every market moved while the queue was busy in one pre-bet and one cash-out pass, none left out', async () => {
    const preBets = jest.spyOn(t.app.betting.reservations, 'onOdds');
    const cashOuts = jest.spyOn(t.app.betting.cashOut, 'onOdds');
    // The markets as the feed handed them out (it may update a market in place later, as with a line move).
    const moved: Market[] = [];
    const stop = t.feed.on((change) => {
      if (change.kind === 'odds') moved.push(...change.markets);
    });
    let inTicks: Market[] = [];
    try {
      // Ten ticks of a minute each with nothing awaited between them: the queue runs only after the last.
      for (let i = 0; i < 10; i++) {
        t.clock.advance(60_000);
        t.feed.tick();
      }
      // What moved in the ticks (the feed may emit more once the test awaits, which the next pass takes).
      inTicks = [...moved];
      await t.app.betting.idle();
    } finally {
      stop();
    }
    const ids = (markets: readonly Market[]) => new Set(markets.map((m) => m.marketId));
    expect(ids(inTicks).size).toBeGreaterThan(10);
    expect(preBets.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(preBets.mock.calls.length).toBeLessThanOrEqual(2);
    expect(cashOuts.mock.calls.length).toBe(preBets.mock.calls.length);
    expect(ids(preBets.mock.calls[0]![0])).toEqual(ids(inTicks));
    expect(ids(cashOuts.mock.calls[0]![0])).toEqual(ids(inTicks));

    // A move after that pass starts the next one.
    const before = preBets.mock.calls.length;
    t.clock.advance(60_000);
    t.feed.tick();
    await t.app.betting.idle();
    expect(preBets.mock.calls.length).toBeGreaterThan(before);
    expect(cashOuts.mock.calls.length).toBe(preBets.mock.calls.length);
  });
});
