import { SportEvent, Tyg, PE_TOTAL } from '../codes';
import { text } from '../i18n';
import { range } from '../pricing/asian';
import { mapToDist } from '../pricing/rally';
import { halfLines, LINE_KEEP, totalQuotes, winnerQuote, type Quote, type QuoteContext } from '../pricing/quote';
import { matchOutlook } from '../pricing/tennis';
import { periodTable } from '../texts/periods';
import type { FinalScores, Pair, Side } from '../types';
import { SetsSim } from './sets';
import { other, type StatDefs } from './sim';

export interface TennisSetup {
  seed: number;
  bestOf: 3 | 5;
  /** P(home wins a point on home's serve), P(away wins a point on away's serve). */
  serveHome: number;
  serveAway: number;
}

const STATS: StatDefs = [
  ['aces', text('ACE', 'ACE', 'Aces', 'Ace', 'เอซ')],
  ['doubleFaults', text('双误', '雙誤', 'Double Faults', 'Lỗi kép', 'ดับเบิลฟอลต์')],
  ['breaks', text('破发', '破發', 'Breaks of Serve', 'Bẻ giao bóng', 'เบรกเสิร์ฟ')],
  ['pointsWon', text('总得分', '總得分', 'Points Won', 'Tổng điểm thắng', 'คะแนนที่ได้')],
];

const GAME_POINTS = [0, 15, 30, 40];

/** Tennis: point by point with the serve, games, 7-point tie-breaks at 6-6, best of 3 or 5 sets. */
export class TennisSim extends SetsSim {
  readonly periods = periodTable(5);
  private readonly s: TennisSetup;
  private games: Pair = { home: 0, away: 0 };
  private points: Pair = { home: 0, away: 0 };
  private tiebreak = false;

  constructor(setup: TennisSetup) {
    super(setup.seed, STATS, setup.bestOf);
    this.s = setup;
  }

  /** The server of the current game serves its points; in a tie-break it is the first server, then two points each. */
  protected pointServer(): Side {
    if (!this.tiebreak) return this.server;
    const n = this.points.home + this.points.away;
    const first = n === 0 || ((n - 1) >> 1) % 2 === 1;
    return first ? this.server : other(this.server);
  }

  protected *run(): Generator<number, void, void> {
    for (let set = 1; !this.matchOver(); set++) {
      this.games = { home: 0, away: 0 };
      this.startSet(set, Tyg.Games);
      while (!this.setOver()) {
        this.tiebreak = this.games.home === 6 && this.games.away === 6;
        this.points = { home: 0, away: 0 };
        while (!this.gameOver()) {
          yield this.now + this.rng.range(22_000, 48_000);
          this.playPoint();
        }
        const winner: Side = this.points.home > this.points.away ? 'home' : 'away';
        const broke = !this.tiebreak && winner !== this.server;
        this.games[winner]++;
        this.book.add(set, Tyg.Games, winner, 1, false);
        this.points = { home: 0, away: 0 };
        this.book.set(PE_TOTAL, Tyg.GamePoints, 0, 0);
        if (broke) this.statBook.add('breaks', winner);
        this.scored();
        this.emit({ type: SportEvent.GameWon, code: broke ? 'breakOfServe' : 'gameWon', second: 0, period: set, team: winner, params: { games: `${this.games.home}-${this.games.away}` } });
        this.server = other(this.server);
        if ((this.games.home + this.games.away) % 2 === 1 && !this.setOver()) yield this.now + 90_000;
      }
      this.endSet(set, this.games);
      if (!this.matchOver()) yield this.now + 120_000;
    }
    this.endMatch();
  }

  private setOver(): boolean {
    const { home, away } = this.games;
    return (home >= 6 && home - away >= 2) || (away >= 6 && away - home >= 2) || home === 7 || away === 7;
  }

  private gameOver(): boolean {
    const target = this.tiebreak ? 7 : 4;
    const { home, away } = this.points;
    return (home >= target && home - away >= 2) || (away >= target && away - home >= 2);
  }

  private playPoint(): void {
    const server = this.pointServer();
    const p = server === 'home' ? this.s.serveHome : this.s.serveAway;
    const serverWins = this.rng.chance(p);
    const winner = serverWins ? server : other(server);
    this.points[winner]++;
    this.statBook.add('pointsWon', winner);
    const shown = this.shownPoints();
    this.book.set(PE_TOTAL, Tyg.GamePoints, shown.home, shown.away);
    this.scored();
    const base = { second: 0, period: this.periodId, team: winner };
    if (serverWins && this.rng.chance(0.09)) {
      this.statBook.add('aces', server);
      this.emit({ ...base, type: SportEvent.Ace, code: 'ace' });
    } else if (!serverWins && this.rng.chance(0.06)) {
      this.statBook.add('doubleFaults', server);
      this.emit({ ...base, team: server, type: SportEvent.DoubleFault, code: 'doubleFault' });
    }
    this.emit({ ...base, type: SportEvent.PointWon, code: 'pointWon', params: { points: `${shown.home}-${shown.away}` } });
  }

  /** 0/15/30/40 and 50 for advantage; tie-breaks count plainly. */
  private shownPoints(): Pair {
    const { home, away } = this.points;
    if (this.tiebreak) return { home, away };
    if (home >= 3 && away >= 3) {
      if (home === away) return { home: 40, away: 40 };
      return home > away ? { home: 50, away: 40 } : { home: 40, away: 50 };
    }
    return { home: GAME_POINTS[Math.min(home, 3)] as number, away: GAME_POINTS[Math.min(away, 3)] as number };
  }

  quotes(_elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const gamesSoFar = this.setScores.reduce((sum, s) => sum + s.home + s.away, 0);
    const o = matchOutlook(this.s.serveHome, this.s.serveAway, this.s.bestOf, this.sets.home, this.sets.away, gamesSoFar, {
      gamesA: this.games.home,
      gamesB: this.games.away,
      aServes: this.server === 'home',
      pointsA: this.points.home,
      pointsB: this.points.away,
    });
    const quotes = this.matchQuotes(ctx, o.pMatch, o.setDiff);
    const games = mapToDist(o.totalGames);
    const current = gamesSoFar + this.games.home + this.games.away;
    quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'total', period: 'ft', unit: 'games', dist: games, candidates: halfLines(current + 6, 40, current), alts: [-2, 2], keep: LINE_KEEP }));
    const setNo = this.sets.home + this.sets.away + 1;
    if (this.started()) {
      quotes.push(winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: `set${setNo}`, unit: 'games' }, o.pSet, 1 - o.pSet));
      const setGames = this.games.home + this.games.away;
      quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'total', period: `set${setNo}`, unit: 'games', dist: mapToDist(o.setGames), candidates: range(setGames + 0.5, 12.5, 1), alts: [], keep: LINE_KEEP }));
    }
    return quotes;
  }

  final(): FinalScores {
    return this.setsFinal('games', !this.finished() && this.started() ? this.games : null);
  }
}
