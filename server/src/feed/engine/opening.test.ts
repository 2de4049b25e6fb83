import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../../clock';
import { MatchStatus } from '../codes';
import { createFeed } from './feed';

describe('openingBook', () => {
  const clock = createFakeClock();
  const feed = createFeed({ seed: 7, now: () => clock.now(), historyHours: 3 });

  it("is an upcoming match's pre-match book as the feed prices it, not settled yet", () => {
    const upcoming = feed.fixtures('today').filter((f) => !f.inPlay && !f.isOutright && f.sportId === 1);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const f of upcoming.slice(0, 5)) {
      const book = feed.openingBook(f.matchId)!;
      expect(book.markets).toEqual(feed.markets(f.matchId));
      expect(book.settled).toBeNull();
    }
  });

  it('gives a match played out before the feed started (never priced) its markets and their outcomes', () => {
    const finished = feed.results({ from: 0, to: feed.now() }).filter((r) => r.matchStatus === MatchStatus.Ended && r.sportId === 1);
    expect(finished.length).toBeGreaterThan(0);
    for (const r of finished.slice(0, 5)) {
      expect(r.settledMarkets).toEqual([]);
      const book = feed.openingBook(r.matchId)!;
      expect(book.markets.length).toBeGreaterThan(0);
      expect(book.settled!.map((m) => m.marketId)).toEqual(book.markets.map((m) => m.marketId));
      const x12 = book.settled!.find((m) => m.key === '1x2' && m.period === 'ft')!;
      const { home, away } = r.final.periods.ft!.goals!;
      expect(x12.outcomes[home > away ? 'home' : home < away ? 'away' : 'draw']).toBe(4);
    }
  });

  it('knows no match the schedule never made', () => {
    expect(feed.openingBook(123)).toBeUndefined();
    const last = feed.fixtures('today')[0]!.matchId;
    expect(feed.openingBook(Math.floor(last / 100) * 100 + 99)).toBeUndefined();
  });
});
