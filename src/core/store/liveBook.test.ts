import { describe, expect, it } from '@jest/globals';
import { autorun } from 'mobx';
import { getParent } from 'mobx-state-tree';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import type { ScorePush } from '../../../contract';
import { createLiveBook } from './liveBook';
import { createRootStore } from './RootStore';

describe('LiveBook', () => {
  it('seeds matches and markets and updates odds with a direction', () => {
    let now = 1000;
    const book = createLiveBook({ now: () => now });
    book.seed([wireMatch()], book.pushMark);
    const home = book.option(100, 'home')!;
    const seen: string[] = [];
    autorun(() => seen.push(`${home.odd}:${home.dir}`));

    now = 2000;
    book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.050', isLock: false }, { type: 'away', line: '0.5', odd: '1.800', isLock: false }] }] }]);
    expect(seen).toEqual(['1.950:0', '2.050:1']);
    expect(home.changedAt).toBe(2000);
    expect(book.option(100, 'away')!.dir).toBe(-1);
  });

  it('gives the direction of the smallest move, and none to the same price written otherwise', () => {
    const book = createLiveBook({ now: () => 1 });
    book.seed([wireMatch()], book.pushMark);
    const push = (home: string) =>
      book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: home, isLock: false }] }] }]);
    const home = book.option(100, 'home')!;
    push('1.951');
    expect(home.dir).toBe(1);
    push('1.9509999');
    expect(home.dir).toBe(-1);
    push('1.9510000');
    expect(home.dir).toBe(1);
    push('1.951');
    expect(home.dir).toBe(0);
    push('10.000');
    expect(home.dir).toBe(1);
    push('9.999');
    expect(home.dir).toBe(-1);
  });

  it('tells a price\'s and a market\'s watchers of a push only when something they show changed, and counts the moves', () => {
    const book = createLiveBook({ now: () => 0 });
    book.seed([wireMatch()], book.pushMark);
    const home = book.option(100, 'home')!;
    const market = book.market(100)!;
    let optionRuns = 0;
    let marketRuns = 0;
    autorun(() => void (optionRuns += 1, home.odd));
    autorun(() => void (marketRuns += 1, market.status));
    const push = (odd: string, isLock: boolean, status: 0 | 1) =>
      book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status, allowParley: true, options: [{ type: 'home', line: '-0.5', odd, isLock }, { type: 'away', line: '0.5', odd: '1.900', isLock }] }] }]);

    push('1.950', false, 1); // what the seed had: nobody hears of it
    expect([optionRuns, marketRuns, home.moves]).toEqual([1, 1, 0]);
    push('2.000', false, 1);
    expect([optionRuns, marketRuns, home.moves]).toEqual([2, 1, 1]);
    push('2.000', true, 0); // a lock is no move
    expect([optionRuns, marketRuns, home.moves]).toEqual([3, 2, 1]);
    push('2.050', true, 0);
    expect([optionRuns, marketRuns, home.moves]).toEqual([4, 2, 2]);
  });

  it('suspends and locks from push, and follows a moved line to its new market id', () => {
    const book = createLiveBook({ now: () => 0 });
    book.seed([wireMatch()], book.pushMark);
    const slot = book.market(100)!;
    book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 0, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '1.950', isLock: true }] }] }]);
    expect(slot.status).toBe(0);
    expect(book.option(100, 'home')!.isLock).toBe(true);

    book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 101, oldMarketId: 100, marketType: 1000, period: 'ft', line: '-0.75', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.75', odd: '2.100', isLock: false }] }] }]);
    expect(book.market(101)).toBe(slot);
    expect(slot.marketId).toBe(101);
    expect(slot.line).toBe('-0.75');
    expect(book.option(100, 'home')!.odd).toBe('2.100');
  });

  it('keeps a score and a price pushed while an answer travelled; a later answer updates them again', () => {
    const book = createLiveBook({ now: () => 0 });
    book.seed([wireMatch()], book.pushMark);
    // A poll asks; a goal and a price move arrive by push; then the poll's answer, made before them, lands.
    const askedAt = book.pushMark;
    book.applyScore([{ kind: 'score', matchId: 1, homeScore: 2, awayScore: 0, score: [], period: 1, serveIn: 0 }]);
    book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.370', isLock: false }] }] }]);
    book.seed([wireMatch()], askedAt);
    expect([book.match(1)!.homeScore, book.match(1)!.awayScore]).toEqual([2, 0]);
    expect(book.option(100, 'home')!.odd).toBe('2.370');

    // An answer asked for after the pushes is the newer word.
    book.seed([wireMatch()], book.pushMark);
    expect([book.match(1)!.homeScore, book.match(1)!.awayScore]).toEqual([wireMatch().matchInfo.homeScore, wireMatch().matchInfo.awayScore]);
    expect(book.option(100, 'home')!.odd).toBe('1.950');
  });

  it('ignores markets and matches the screen never loaded', () => {
    const book = createLiveBook({ now: () => 0 });
    book.applyOdds([{ kind: 'odds', matchId: 5, markets: [{ marketId: 999, marketType: 1000, period: 'ft', status: 1, allowParley: true, options: [] }] }]);
    book.applyScore([{ kind: 'score', matchId: 5, homeScore: 1, awayScore: 0, score: [], period: 1, serveIn: 0 }]);
    expect(book.market(999)).toBeUndefined();
    expect(book.match(5)).toBeUndefined();
  });

  it('applies scores, status and clock, and ticks a running clock locally', () => {
    let now = 0;
    const book = createLiveBook({ now: () => now });
    book.seed([wireMatch()], book.pushMark);
    const match = book.match(1)!;
    expect(match.secondsAt(5_500)).toBe(605);
    book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 0, score: [{ pe: 0, tyg: 1, home: 1, away: 0 }], period: 1, serveIn: 0 }]);
    expect([match.homeScore, match.awayScore]).toEqual([1, 0]);
    // The serve comes with every score push (the feed's serveIn; the contract requires it), so it follows each point.
    expect(match.serveIn).toBe(0);
    book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 0, score: [], period: 1, serveIn: 2 } satisfies ScorePush]);
    expect(match.serveIn).toBe(2);
    book.applyScore([{ kind: 'score', matchId: 1, homeScore: 2, awayScore: 0, score: [], period: 1, serveIn: 1 }]);
    expect(match.serveIn).toBe(1);
    now = 10_000;
    book.applyScore([{ kind: 'clock', matchId: 1, clock: { running: true, period: 3, second: 2900, type: 'up' }, matchTime: 2900 }]);
    expect(match.secondsAt(12_000)).toBe(2902);
    book.applyScore([{ kind: 'status', matchId: 1, matchStatus: 1, period: 3, matchPeriod: { CMN: '下半场', 'zh-TW': '下半場', ENG: '2nd half', VIE: 'Hiệp 2', THA: 'ครึ่งหลัง' } }]);
    expect([match.period, match.matchPeriod]).toEqual([3, '下半场']);
    book.applyScore([{ kind: 'ended', matchId: 1, matchStatus: 2, totalScore: { home: 0, away: 0 }, scores: [] }]);
    expect(match.matchStatus).toBe(2);
    expect(match.secondsAt(99_000)).toBe(2900);
  });

  describe('seedSelections: the bet slip\'s markets from the bet info call', () => {
    const info = (odd: string, overrides: Record<string, unknown> = {}) => ({ marketId: 100, oldMarketId: null, status: 1, line: '-0.5', outcomeCount: 2, option: { name: 'Home', type: 'home', odd, isLock: false }, ...overrides });
    const pushHome = (book: ReturnType<typeof createLiveBook>, odd: string, marketId = 100, oldMarketId?: number) =>
      book.applyOdds([{ kind: 'odds', matchId: 1, markets: [{ marketId, oldMarketId, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd, isLock: false }] }] }]);

    it('gives a market no screen loaded a slot the pushes then keep current, and says a market arrived', () => {
      const book = createLiveBook({ now: () => 1 });
      const seen: Array<number | undefined> = [];
      autorun(() => {
        void book.marketCount;
        seen.push(book.market(100)?.marketId);
      });
      book.seedSelections([info('2.100')], book.pushMark);
      expect(seen).toEqual([undefined, 100]);
      expect(book.market(100)).toMatchObject({ status: 1, line: '-0.5', outcomeCount: 2 });
      expect(book.option(100, 'home')).toMatchObject({ odd: '2.100', isLock: false, line: '-0.5' });
      pushHome(book, '2.300');
      expect(book.option(100, 'home')).toMatchObject({ odd: '2.300', dir: 1 });
    });

    it('keeps a price pushed after it was asked, and the last price of an option that comes locked (at 0)', () => {
      const book = createLiveBook({ now: () => 1 });
      book.seed([wireMatch()], book.pushMark);
      const askedAt = book.pushMark;
      pushHome(book, '2.050');
      book.seedSelections([info('1.900')], askedAt);
      expect(book.option(100, 'home')!.odd).toBe('2.050');
      book.seedSelections([info('0', { status: 0, option: { name: 'Home', type: 'home', odd: '0', isLock: true } })], book.pushMark);
      expect(book.option(100, 'home')).toMatchObject({ odd: '2.050', isLock: true });
      expect(book.market(100)!.status).toBe(0);
    });

    it('follows a line moved while the member was away: the answer names the old id, the slot takes the new one', () => {
      const book = createLiveBook({ now: () => 1 });
      book.seed([wireMatch()], book.pushMark);
      const slot = book.market(100)!;
      book.seedSelections([info('2.000', { marketId: 900, oldMarketId: 100, line: '-0.75' })], book.pushMark);
      expect(book.market(900)).toBe(slot);
      expect(book.market(100)).toBe(slot);
      expect(slot.marketId).toBe(900);
      expect(book.option(900, 'home')).toMatchObject({ odd: '2.000', line: '-0.75' });
    });
  });

  it('counts a basketball clock down and stops at zero', () => {
    const book = createLiveBook({ now: () => 0 });
    book.seed([wireMatch({ matchId: 2, betGroup: [], matchClock: { running: true, period: 1, second: 3, type: 'down' } })], book.pushMark);
    expect(book.match(2)!.secondsAt(2_000)).toBe(1);
    expect(book.match(2)!.secondsAt(10_000)).toBe(0);
  });
});

describe('the live book in the root tree', () => {
  it('is the env book, a child of the root that the stores seed and the push updates', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    expect(store.liveBook).toBe(env.liveBook);
    expect(getParent(env.liveBook)).toBe(store);
    store.liveBook.seed([wireMatch()], store.liveBook.pushMark);
    expect(env.liveBook.option(100, 'home')?.odd).toBe('1.950');
  });
});
