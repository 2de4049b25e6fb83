import { PE_TOTAL, SportEvent, Tyg } from '../codes';
import { text } from '../i18n';
import { LINE_KEEP, totalQuotes, winnerQuote, type Quote, type QuoteContext } from '../pricing/quote';
import { FIGHT_METHODS } from '../texts/events';
import { periodTable, roundName } from '../texts/periods';
import type { MatchClock } from '../../../../contract/shapes';
import type { FinalScores, Pair, Side } from '../types';
import { ScoredSim, type StatDefs } from './sim';

export interface FightSetup {
  seed: number;
  sportId: number;
  rounds: number;
  roundSeconds: number;
  /** P(the fight ends inside the distance in a given round). */
  finishRate: number;
  /** P(home wins a round on the cards); also home's share of stoppages. */
  edge: number;
}

const STATS: StatDefs = [
  ['knockdowns', text('击倒', '擊倒', 'Knockdowns', 'Hạ đo ván', 'น็อกดาวน์')],
  ['roundsWon', text('回合占优', '回合佔優', 'Rounds Won', 'Hiệp thắng', 'ยกที่ชนะ')],
];

/** Boxing and MMA: rounds on a count-down clock, a stoppage hazard per round, judges' cards otherwise. */
export class FightSim extends ScoredSim {
  readonly periods;
  readonly bo: number;
  private readonly s: FightSetup;
  private round = 0;
  private roundStart = 0;
  private inRound = false;
  private cards: Pair = { home: 0, away: 0 };
  private winner: Side | 'draw' | null = null;
  /** Fight length in rounds (2.5 = half-way through round 3). */
  private length = 0;

  constructor(setup: FightSetup) {
    super(setup.seed, STATS);
    this.s = setup;
    this.bo = setup.rounds;
    this.periods = periodTable(setup.sportId);
  }

  protected *run(): Generator<number, void, void> {
    const roundMs = this.s.roundSeconds * 1000;
    for (this.round = 1; this.round <= this.s.rounds; this.round++) {
      this.periodId = this.round;
      this.roundStart = this.now;
      this.inRound = true;
      this.periodChanged();
      this.emit({ type: SportEvent.PeriodStart, code: 'periodStart', second: this.s.roundSeconds, period: this.periodId, team: null, params: { period: roundName(this.round) } });
      const finishAt = this.rng.chance(this.s.finishRate) ? this.now + this.rng.range(0.05, 1) * roundMs : Infinity;
      const knockdownAt = this.rng.chance(this.s.sportId === 19 ? 0.18 : 0.1) ? this.now + this.rng.range(0.05, 0.95) * roundMs : Infinity;
      if (knockdownAt < finishAt) {
        yield knockdownAt;
        const side: Side = this.rng.chance(this.s.edge) ? 'home' : 'away';
        this.statBook.add('knockdowns', side);
        this.emit({ type: SportEvent.Knockdown, code: 'knockdown', second: this.clockSecond(), period: this.periodId, team: side, dangerous: true });
      }
      if (finishAt !== Infinity) {
        yield finishAt;
        const side: Side = this.rng.chance(this.s.edge) ? 'home' : 'away';
        const method = this.s.sportId === 18 && this.rng.chance(0.4) ? FIGHT_METHODS.submission : this.rng.chance(0.5) ? FIGHT_METHODS.ko : FIGHT_METHODS.tko;
        this.length = this.round - 1 + (this.now - this.roundStart) / roundMs;
        this.winner = side;
        this.inRound = false;
        this.scored();
        this.emit({ type: SportEvent.Stoppage, code: 'stoppage', second: this.clockSecond(), period: this.periodId, team: side, params: { method, period: roundName(this.round) }, dangerous: true });
        return yield* this.end();
      }
      yield this.roundStart + roundMs;
      this.inRound = false;
      const side: Side = this.rng.chance(this.s.edge) ? 'home' : 'away';
      this.cards[side]++;
      this.statBook.add('roundsWon', side);
      this.book.add(PE_TOTAL, Tyg.Rounds, side);
      this.scored();
      this.emit({ type: SportEvent.RoundScored, code: 'roundScored', second: 0, period: this.periodId, team: side, params: { period: roundName(this.round), score: `${this.cards.home}-${this.cards.away}` } });
      if (this.round < this.s.rounds) {
        this.periodId = this.periods.id('betweenRounds');
        this.periodChanged();
        yield this.now + 60_000;
      }
    }
    this.length = this.s.rounds;
    this.winner = this.cards.home > this.cards.away ? 'home' : this.cards.away > this.cards.home ? 'away' : 'draw';
    const score = `${this.cards.home}-${this.cards.away}`;
    if (this.winner === 'draw') this.emit({ type: SportEvent.MatchEnd, code: 'draw', second: 0, period: this.periodId, team: null, params: { score } });
    else this.emit({ type: SportEvent.MatchEnd, code: 'decision', second: 0, period: this.periodId, team: this.winner, params: { score } });
    yield* this.end();
  }

  private *end(): Generator<number, void, void> {
    this.periodId = this.periods.finished;
    this.periodChanged();
  }

  private clockSecond(elapsed = this.now): number {
    if (!this.inRound) return 0;
    return Math.max(0, Math.ceil(this.s.roundSeconds - (elapsed - this.roundStart) / 1000));
  }

  override clock(elapsed: number): MatchClock {
    return { running: this.inRound && !this.finished(), period: this.periodId, second: this.clockSecond(elapsed), type: 'down' };
  }

  score(): Pair {
    return { ...this.cards };
  }

  /** Rounds fought so far, as a decimal. */
  private fought(elapsed: number): number {
    if (!this.started()) return 0;
    const completed = this.inRound ? this.round - 1 : Math.min(this.round, this.s.rounds);
    const inRound = this.inRound ? Math.min(1, (elapsed - this.roundStart) / (this.s.roundSeconds * 1000)) : 0;
    return completed + inRound;
  }

  /** P(no stoppage before x rounds), stoppage times uniform inside a round. */
  private survival(x: number): number {
    const h = this.s.finishRate;
    const whole = Math.floor(x);
    return (1 - h) ** whole * (1 - h * (x - whole));
  }

  quotes(elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const x0 = this.fought(elapsed);
    const alive = this.survival(x0);
    const pDistance = this.survival(this.s.rounds) / alive;
    const pStoppage = 1 - pDistance;
    // The cards: remaining rounds each go to home with the fighter's edge.
    const remaining = this.s.rounds - (this.inRound ? this.round - 1 : Math.min(this.round, this.s.rounds));
    let cardsHome = 0;
    let cardsAway = 0;
    for (let k = 0; k <= remaining; k++) {
      const p = binomial(remaining, k, this.s.edge);
      const h = this.cards.home + k;
      const a = this.cards.away + remaining - k;
      if (h > a) cardsHome += p;
      else if (a > h) cardsAway += p;
    }
    const home = pStoppage * this.s.edge + pDistance * cardsHome;
    const away = pStoppage * (1 - this.s.edge) + pDistance * cardsAway;
    const quotes: Quote[] = [winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: 'ft', unit: 'goals' }, home, away)];
    // Total rounds on x.5 lines, counted in half-rounds: bucket X holds lengths in ((X-1)/2, X/2],
    // the last one also the fights that go the distance.
    const n = 2 * this.s.rounds;
    const dist = { offset: 0, p: new Float64Array(n + 1) };
    for (let X = 1; X <= n; X++) {
      const lo = (X - 1) / 2;
      const hi = X / 2;
      if (hi <= x0) continue;
      dist.p[X] = Math.max(0, (this.survival(Math.max(lo, x0)) - (X === n ? 0 : this.survival(hi))) / alive);
    }
    const candidates: number[] = [];
    for (let k = 0; k < this.s.rounds; k++) if (k + 0.5 > x0) candidates.push(2 * k + 1);
    const totals = totalQuotes(ctx, { key: 'ou', kind: 'total', period: 'ft', unit: 'length', dist, candidates, alts: [], keep: LINE_KEEP });
    for (const q of totals) {
      const line = (q.line as number) / 2;
      q.line = line;
      for (const o of q.options) o.line = String(line);
    }
    quotes.push(...totals);
    return quotes;
  }

  final(): FinalScores {
    return {
      periods: { ft: { goals: { ...this.cards }, length: this.length } },
      completed: this.finished() ? ['ft'] : [],
      winner: this.finished() ? this.winner : null,
    };
  }
}

function binomial(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}
