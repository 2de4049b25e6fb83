import { FootballEvent, Tyg } from '../codes';
import type { MatchLineups } from '../data/lineup';
import { playerRef } from '../data/lineup';
import type { Player } from '../fixtures/world';
import { text, type Text } from '../i18n';
import { footballScoreModel, type ScoreModel } from '../pricing/builder';
import { remainingShare, scoreMatrix } from '../pricing/dixonColes';
import { footballQuotes, RHO, type FootballPriceState } from '../pricing/football';
import type { Quote, QuoteContext } from '../pricing/quote';
import { periodTable } from '../texts/periods';
import type { MatchClock } from '../../../../contract/shapes';
import type { FinalScores, Lineup, Pair, PeriodTotals, Side } from '../types';
import { other, ScoredSim, type StatDefs } from './sim';

export interface FootballSetup {
  seed: number;
  sportId: number;
  /** 45 for football, 6 for e-football. */
  halfMinutes: number;
  breakMinutes: number;
  /** A draw after 90 minutes goes to extra time and penalties. */
  knockout: boolean;
  /** Expected regulation goals, home and away. */
  lambda: number;
  mu: number;
  cornersHome: number;
  cornersAway: number;
  /** Home's share of attacking play (0.5 = even). */
  attackShare: number;
  lineups: MatchLineups;
  names: { home: Text; away: Text };
  /** Full event stream and market list (football) or the short version (e-football). */
  rich: boolean;
}

const STATS: StatDefs = [
  ['possession', text('控球率', '控球率', 'Possession %', 'Kiểm soát bóng %', 'การครองบอล %')],
  ['attacks', text('进攻', '進攻', 'Attacks', 'Tấn công', 'การเข้าทำ')],
  ['dangerousAttacks', text('危险进攻', '危險進攻', 'Dangerous Attacks', 'Tấn công nguy hiểm', 'การบุกอันตราย')],
  ['shotsOnTarget', text('射正', '射正', 'Shots on Target', 'Sút trúng đích', 'ยิงเข้ากรอบ')],
  ['shotsOffTarget', text('射偏', '射偏', 'Shots off Target', 'Sút ra ngoài', 'ยิงออกนอกกรอบ')],
  ['corners', text('角球', '角球', 'Corners', 'Phạt góc', 'เตะมุม')],
  ['yellowCards', text('黄牌', '黃牌', 'Yellow Cards', 'Thẻ vàng', 'ใบเหลือง')],
  ['redCards', text('红牌', '紅牌', 'Red Cards', 'Thẻ đỏ', 'ใบแดง')],
  ['freeKicks', text('任意球', '任意球', 'Free Kicks', 'Đá phạt', 'ฟรีคิก')],
  ['throwIns', text('界外球', '界外球', 'Throw-ins', 'Ném biên', 'ทุ่ม')],
  ['goalKicks', text('球门球', '球門球', 'Goal Kicks', 'Phát bóng lên', 'เตะจากประตู')],
  ['penalties', text('点球', '點球', 'Penalties', 'Phạt đền', 'จุดโทษ')],
  ['substitutions', text('换人', '換人', 'Substitutions', 'Thay người', 'เปลี่ยนตัว')],
];

/** Events per team per 90 minutes (before the e-football scale); attacking ones follow the attack share. */
const MISC: ReadonlyArray<{ kind: Misc; rate: number; attacking: boolean }> = [
  { kind: 'attack', rate: 45, attacking: true },
  { kind: 'dangerousAttack', rate: 24, attacking: true },
  { kind: 'shotOnTarget', rate: 3.2, attacking: true },
  { kind: 'shotOffTarget', rate: 5.5, attacking: true },
  { kind: 'throwIn', rate: 18, attacking: false },
  { kind: 'freeKick', rate: 11, attacking: false },
  { kind: 'goalKick', rate: 7, attacking: true },
  { kind: 'yellowCard', rate: 1.9, attacking: false },
  { kind: 'redCard', rate: 0.07, attacking: false },
  { kind: 'penalty', rate: 0.12, attacking: true },
];
type Misc = 'attack' | 'dangerousAttack' | 'shotOnTarget' | 'shotOffTarget' | 'throwIn' | 'freeKick' | 'goalKick' | 'yellowCard' | 'redCard' | 'penalty' | 'corner';

const TIME_EXPONENT = 0.84;

interface HalfClock {
  /** 0 first half, 1 second half, 2-3 extra time. */
  index: number;
  start: number;
  nominal: number;
  stoppage: number;
  baseSecond: number;
}

/** Football and e-football: 16 periods, goals on a Dixon-Coles consistent clock, the spec's event types. */
export class FootballSim extends ScoredSim {
  readonly periods;
  readonly bo = 0;
  private readonly s: FootballSetup;
  private half: HalfClock | null = null;
  private frozenSecond = 0;
  private lambda: number;
  private mu: number;
  private possession: number;
  private readonly onPitch: Record<Side, Player[]>;
  private readonly bench: Record<Side, Player[]>;
  private readonly booked = new Set<number>();
  private readonly scorers: Array<{ side: Side; pe: number }> = [];
  private readonly incidentList: Lineup['incidentArr'] = [];
  private shootout: Pair = { home: 0, away: 0 };
  private completed: string[] = [];
  /** Relative weights of the non-goal events and which each is; fixed for the match. */
  private readonly miscKinds: Array<{ kind: Misc; side: Side }> = [];
  private readonly miscWeights: number[] = [];
  private readonly miscPerMinute: number;

  constructor(setup: FootballSetup) {
    super(setup.seed, STATS);
    this.s = setup;
    this.periods = periodTable(setup.sportId);
    this.lambda = setup.lambda;
    this.mu = setup.mu;
    this.possession = Math.round(50 + (setup.attackShare - 0.5) * 40);
    this.onPitch = { home: [...setup.lineups.home.starters], away: [...setup.lineups.away.starters] };
    this.bench = { home: [...setup.lineups.home.bench], away: [...setup.lineups.away.bench] };
    this.statBook.set('possession', this.possession, 100 - this.possession);
    const scale = setup.rich ? 1 : 0.35;
    const regulation = 2 * setup.halfMinutes;
    for (const m of MISC) {
      for (const side of ['home', 'away'] as const) {
        const sideShare = m.attacking ? (side === 'home' ? setup.attackShare : 1 - setup.attackShare) : 0.5;
        this.miscWeights.push((m.rate * 2 * sideShare * scale) / regulation);
        this.miscKinds.push({ kind: m.kind, side });
      }
    }
    this.miscWeights.push(setup.cornersHome / regulation, setup.cornersAway / regulation);
    this.miscKinds.push({ kind: 'corner', side: 'home' }, { kind: 'corner', side: 'away' });
    this.miscPerMinute = this.miscWeights.reduce((a, b) => a + b, 0);
  }

  private get regulation(): number {
    return 2 * this.s.halfMinutes;
  }

  protected *run(): Generator<number, void, void> {
    this.setPeriod(1);
    this.emit({ type: FootballEvent.Start, code: 'kickOff', second: 0, period: 1, team: 'home' });
    yield* this.playHalf(0);
    this.setPeriod(2);
    this.completed.push('1h');
    this.emit({ type: FootballEvent.HalftimeScore, code: 'halfTime', second: this.second(), period: 2, team: null });
    yield this.now + this.s.breakMinutes * 60_000;
    this.setPeriod(3);
    this.emit({ type: FootballEvent.Midfield, code: 'secondHalfKickOff', second: this.second(), period: 3, team: 'away' });
    yield* this.playHalf(1);
    this.completed.push('2h', 'ft');
    const score = this.book.get(0, Tyg.Goals);
    if (this.s.knockout && score.home === score.away) {
      this.setPeriod(4);
      yield this.now + 60_000;
      this.setPeriod(5);
      yield this.now + 4 * 60_000;
      this.setPeriod(6);
      this.emit({ type: FootballEvent.Midfield, code: 'extraTimeKickOff', second: this.second(), period: 6, team: 'home' });
      yield* this.playHalf(2);
      this.setPeriod(7);
      yield this.now + 60_000;
      this.setPeriod(8);
      yield* this.playHalf(3);
      this.emit({ type: FootballEvent.ExtraTimeEnd, code: 'extraTimeEnd', second: this.second(), period: 8, team: null });
      const after = this.book.get(0, Tyg.Goals);
      if (after.home === after.away) {
        this.setPeriod(9);
        yield this.now + 60_000;
        this.setPeriod(10);
        yield this.now + 3 * 60_000;
        this.setPeriod(11);
        yield* this.penalties();
        this.setPeriod(12);
        this.emit({ type: FootballEvent.PenaltyEnd, code: 'penaltyEnd', second: this.second(), period: 12, team: null, params: { pen: `${this.shootout.home}-${this.shootout.away}` } });
        yield this.now + 60_000;
      }
    }
    this.setPeriod(this.periods.finished);
    this.emit({ type: FootballEvent.End, code: 'fullTime', second: this.second(), period: this.periodId, team: null });
  }

  private setPeriod(id: number): void {
    // The clock shows the nominal end of a half (45:00, 90:00) during the break, not the stoppage time played.
    if (this.half) this.frozenSecond = Math.min(this.second(), this.half.baseSecond + this.half.nominal * 60);
    if (id !== 1 && id !== 3 && id !== 6 && id !== 8) this.half = null;
    this.periodId = id;
    this.periodChanged();
  }

  private second(elapsed = this.now): number {
    if (!this.half) return this.frozenSecond;
    return Math.floor(this.half.baseSecond + (elapsed - this.half.start) / 1000);
  }

  /** Regulation minute reached with stoppage time folded in; extra time counts as regulation over. */
  private effectiveMinute(elapsed: number): number {
    const H = this.s.halfMinutes;
    if (this.periodId === 0) return 0;
    if (this.half && this.half.index < 2) {
      const played = (elapsed - this.half.start) / 60_000;
      return this.half.index * H + H * Math.min(1, played / (this.half.nominal + this.half.stoppage));
    }
    return this.periodId === 2 ? H : this.regulation;
  }

  private *playHalf(index: number): Generator<number, void, void> {
    const extra = index >= 2;
    const nominal = extra ? 15 : this.s.halfMinutes;
    const stoppage = extra ? this.rng.int(0, 2) : this.s.rich ? (index === 0 ? this.rng.int(1, 4) : this.rng.int(2, 7)) : this.rng.int(0, 1);
    const baseSecond = extra ? (this.regulation + (index - 2) * 15) * 60 : index * this.s.halfMinutes * 60;
    const start = this.now;
    this.half = { index, start, nominal, stoppage, baseSecond };
    // A half in play has its goals row from kick-off, as every other sport's periods do: a 0-0 half reads 0-0 on the
    // scoreboard, the list's half-time score and results, where a missing row means "not played yet".
    this.book.touch(this.periodId, Tyg.Goals);
    const end = start + (nominal + stoppage) * 60_000;
    const announce = start + nominal * 60_000;
    let announced = false;
    let nextPossession = start + 5 * 60_000;
    let penalty: { side: Side; at: number } | null = null;
    const subs: Array<{ side: Side; at: number }> = [];
    if (index === 1) {
      for (const side of ['home', 'away'] as const) {
        const count = this.s.rich ? this.rng.int(3, 5) : this.rng.int(0, 2);
        for (let k = 0; k < count; k++) subs.push({ side, at: start + this.rng.range(0.2, 0.95) * nominal * 60_000 });
      }
      subs.sort((a, b) => a.at - b.at);
    }
    // Competing Poisson clocks: a drawn time stays valid until its rate changes (a goal or red
    // card redraws the goal clocks), which keeps the draws per event low.
    let goalHome = this.nextGoal(this.lambda, extra, end);
    let goalAway = this.nextGoal(this.mu, extra, end);
    let misc = this.now + this.rng.exp(60_000 / this.miscPerMinute);
    for (;;) {
      const sub = subs[0]?.at ?? Infinity;
      const t = Math.min(goalHome, goalAway, misc, sub, penalty?.at ?? Infinity, announced ? Infinity : announce, this.s.rich ? nextPossession : Infinity, end);
      yield t;
      if (t === end) break;
      const before = { lambda: this.lambda, mu: this.mu };
      let redraw = false;
      if (t === goalHome) {
        this.goal('home', false);
        redraw = true;
      } else if (t === goalAway) {
        this.goal('away', false);
        redraw = true;
      } else if (penalty && t === penalty.at) {
        const goals = this.score().home + this.score().away;
        this.takePenalty(penalty.side);
        penalty = null;
        redraw = this.score().home + this.score().away !== goals;
      } else if (t === sub) this.substitute((subs.shift() as { side: Side }).side);
      else if (!announced && t === announce) {
        announced = true;
        this.emit({ type: FootballEvent.InjuryTime, code: 'injuryTime', second: this.second(), period: this.periodId, team: null, params: { minutes: stoppage } });
      } else if (t === nextPossession) {
        nextPossession += 5 * 60_000;
        this.updatePossession();
      } else {
        const awarded = this.miscEvent();
        if (awarded) penalty = { side: awarded, at: this.now + this.rng.range(45_000, 90_000) };
        misc = this.now + this.rng.exp(60_000 / this.miscPerMinute);
      }
      if (redraw || before.lambda !== this.lambda || before.mu !== this.mu) {
        goalHome = this.nextGoal(this.lambda, extra, end);
        goalAway = this.nextGoal(this.mu, extra, end);
      }
    }
  }

  /** Next goal time on the remaining-mean curve lambda (1 - t/T)^0.84; extra time scores at a flat rate. */
  private nextGoal(fullRate: number, extra: boolean, end: number): number {
    if (fullRate <= 0) return Infinity;
    const e = this.rng.exp(1);
    if (extra) return this.now + (e / ((fullRate / this.regulation) * 0.9)) * 60_000;
    const T = this.regulation;
    const e0 = this.effectiveMinute(this.now);
    const left = ((T - e0) / T) ** TIME_EXPONENT - e / fullRate;
    if (left <= 0) return Infinity;
    const target = T - T * left ** (1 / TIME_EXPONENT);
    const half = this.half as HalfClock;
    const halfEnd = (half.index + 1) * this.s.halfMinutes;
    if (target >= halfEnd) return Infinity;
    const played = ((target - half.index * this.s.halfMinutes) / this.s.halfMinutes) * (half.nominal + half.stoppage);
    return Math.min(end, Math.max(this.now, half.start + played * 60_000));
  }

  private pickPlayer(side: Side, weights: Record<string, number>): Player | undefined {
    const players = this.onPitch[side];
    if (players.length === 0) return undefined;
    const index = this.rng.weighted(players.map((p) => weights[p.position] ?? 0.01));
    return players[index];
  }

  private goal(side: Side, fromPenalty: boolean, taker?: Player): void {
    const own = !fromPenalty && this.rng.chance(0.04);
    const player = own ? this.pickPlayer(other(side), { D: 0.7, M: 0.25, G: 0.05 }) : (taker ?? this.pickPlayer(side, { F: 0.55, M: 0.3, D: 0.12 }));
    const pe = this.periodId;
    this.book.add(pe, Tyg.Goals, side);
    this.scorers.push({ side, pe });
    if (!own) this.statBook.add('shotsOnTarget', side);
    this.scored();
    const base = { second: this.second(), period: pe, team: side, dangerous: true };
    const ref = player ? { player: playerRef(player) } : {};
    if (own) this.emit({ ...base, ...ref, type: FootballEvent.OwnGoal, code: 'ownGoal', params: { team: this.s.names[other(side)] } });
    else this.emit({ ...base, ...ref, type: FootballEvent.Goal, code: fromPenalty ? 'penaltyGoal' : 'goal' });
  }

  private takePenalty(side: Side): void {
    const taker = this.pickPlayer(side, { F: 0.7, M: 0.3 });
    if (this.rng.chance(0.78)) this.goal(side, true, taker);
    else this.emit({ type: FootballEvent.PenaltyMissed, code: 'penaltyMissed', second: this.second(), period: this.periodId, team: side, ...(taker ? { player: playerRef(taker) } : {}) });
  }

  /** Returns the side awarded a penalty, which is taken a minute later. */
  private miscEvent(): Side | null {
    const { kind, side } = this.miscKinds[this.rng.weighted(this.miscWeights)] as { kind: Misc; side: Side };
    const base = { second: this.second(), period: this.periodId, team: side };
    switch (kind) {
      case 'attack':
        this.statBook.add('attacks', side);
        if (this.s.rich) this.emit({ ...base, type: FootballEvent.Attack, code: 'attack' });
        return null;
      case 'dangerousAttack':
        this.statBook.add('dangerousAttacks', side);
        this.statBook.add('attacks', side);
        this.emit({ ...base, type: FootballEvent.DangerousAttack, code: 'dangerousAttack' });
        return null;
      case 'shotOnTarget':
      case 'shotOffTarget': {
        this.statBook.add(kind === 'shotOnTarget' ? 'shotsOnTarget' : 'shotsOffTarget', side);
        const p = this.pickPlayer(side, { F: 0.5, M: 0.35, D: 0.15 });
        this.emit({ ...base, type: kind === 'shotOnTarget' ? FootballEvent.ShotOnTarget : FootballEvent.ShotOffTarget, code: kind, ...(p ? { player: playerRef(p) } : {}) });
        return null;
      }
      case 'corner':
        this.statBook.add('corners', side);
        this.book.add(this.periodId, Tyg.Corners, side);
        this.scored();
        this.emit({ ...base, type: FootballEvent.Corner, code: 'corner' });
        return null;
      case 'throwIn':
        this.statBook.add('throwIns', side);
        if (this.s.rich) this.emit({ ...base, type: FootballEvent.ThrowIn, code: 'throwIn' });
        return null;
      case 'freeKick':
        this.statBook.add('freeKicks', side);
        this.emit({ ...base, type: FootballEvent.FreeKick, code: 'freeKick' });
        return null;
      case 'goalKick':
        this.statBook.add('goalKicks', side);
        if (this.s.rich) this.emit({ ...base, type: FootballEvent.GoalKick, code: 'goalKick' });
        return null;
      case 'yellowCard':
      case 'redCard':
        this.card(side, kind === 'redCard');
        return null;
      case 'penalty':
        this.statBook.add('penalties', side);
        this.emit({ ...base, type: FootballEvent.Penalty, code: 'penalty', dangerous: true });
        return side;
    }
  }

  private card(side: Side, straightRed: boolean): void {
    const outfield = this.onPitch[side].filter((p) => p.position !== 'G');
    if (outfield.length <= 7) return;
    const player = this.rng.pick(outfield);
    const base = { second: this.second(), period: this.periodId, team: side, player: playerRef(player) };
    const secondYellow = !straightRed && this.booked.has(player.id);
    if (!straightRed && !secondYellow) {
      this.booked.add(player.id);
      this.statBook.add('yellowCards', side);
      this.book.add(this.periodId, Tyg.Yellow, side);
      this.incidentList.push({ type: FootballEvent.YellowCard, second: base.second, team: side, playerId: player.id });
      this.scored();
      this.emit({ ...base, type: FootballEvent.YellowCard, code: 'yellowCard' });
      return;
    }
    this.onPitch[side] = this.onPitch[side].filter((p) => p.id !== player.id);
    this.statBook.add('redCards', side);
    this.book.add(this.periodId, Tyg.Red, side);
    // A side down to ten scores less and concedes more for the rest of the match.
    if (side === 'home') {
      this.lambda *= 0.72;
      this.mu *= 1.15;
    } else {
      this.mu *= 0.72;
      this.lambda *= 1.15;
    }
    const type = secondYellow ? FootballEvent.TwoYellowsToRed : FootballEvent.RedCard;
    this.incidentList.push({ type, second: base.second, team: side, playerId: player.id });
    this.scored();
    this.emit({ ...base, type, code: secondYellow ? 'secondYellow' : 'redCard', dangerous: true });
  }

  private substitute(side: Side): void {
    const bench = this.bench[side].filter((p) => p.position !== 'G');
    const outfield = this.onPitch[side].filter((p) => p.position !== 'G');
    if (bench.length === 0 || outfield.length === 0) return;
    const incoming = this.rng.pick(bench);
    const outgoing = this.rng.pick(outfield);
    this.bench[side] = this.bench[side].filter((p) => p.id !== incoming.id);
    this.onPitch[side] = this.onPitch[side].map((p) => (p.id === outgoing.id ? incoming : p));
    this.statBook.add('substitutions', side);
    const second = this.second();
    this.incidentList.push({ type: FootballEvent.Substitution, second, team: side, playerId: incoming.id, relatedPlayerId: outgoing.id });
    this.emit({ type: FootballEvent.Substitution, code: 'substitution', second, period: this.periodId, team: side, player: playerRef(incoming), related: playerRef(outgoing) });
  }

  private updatePossession(): void {
    const target = 50 + (this.s.attackShare - 0.5) * 40;
    this.possession = Math.round(Math.min(75, Math.max(25, this.possession + (target - this.possession) * 0.3 + this.rng.normal(0, 3))));
    this.statBook.set('possession', this.possession, 100 - this.possession);
    this.emit({ type: FootballEvent.Possession, code: 'possession', second: this.second(), period: this.periodId, team: null, params: { home: this.possession, away: 100 - this.possession } });
  }

  private *penalties(): Generator<number, void, void> {
    const kick = (side: Side): void => {
      const taker = this.pickPlayer(side, { F: 0.4, M: 0.4, D: 0.2 });
      const scored = this.rng.chance(0.75);
      if (scored) {
        this.shootout[side]++;
        this.book.add(this.periodId, Tyg.Shootout, side);
        this.scored();
      }
      this.emit({
        type: scored ? FootballEvent.Penalty : FootballEvent.PenaltyMissed,
        code: scored ? 'shootoutScored' : 'shootoutMissed',
        second: this.second(),
        period: this.periodId,
        team: side,
        params: { pen: `${this.shootout.home}-${this.shootout.away}` },
        ...(taker ? { player: playerRef(taker) } : {}),
      });
    };
    for (let round = 1; ; round++) {
      for (const side of ['home', 'away'] as const) {
        yield this.now + 50_000;
        kick(side);
        if (round <= 5) {
          const left = (s: Side): number => 5 - round + (s === 'away' && side === 'home' ? 1 : 0);
          if (this.shootout.home > this.shootout.away + left('away') || this.shootout.away > this.shootout.home + left('home')) return;
        }
      }
      if (round >= 5 && this.shootout.home !== this.shootout.away) return;
    }
  }

  override clock(elapsed: number): MatchClock {
    const running = this.half !== null && !this.finished();
    return { running, period: this.periodId, second: running ? this.second(elapsed) : this.second(), type: 'up' };
  }

  score(): Pair {
    return this.book.get(0, Tyg.Goals);
  }

  incidents(): Lineup['incidentArr'] {
    return this.incidentList.map((i) => ({ ...i }));
  }

  quotes(elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    return footballQuotes(ctx, this.priceState(elapsed));
  }

  /** The matrix the full-time quotes are sums over (pricing/football.ts), on top of the regulation score. */
  scoreModel(elapsed: number): ScoreModel | null {
    if (this.finished()) return null;
    const s = this.priceState(elapsed);
    if (s.over) return null;
    const share = remainingShare(s.regulation - s.minute, s.regulation);
    return footballScoreModel(scoreMatrix(Math.max(s.lambda * share, 1e-6), Math.max(s.mu * share, 1e-6), RHO), s.goals);
  }

  private priceState(elapsed: number): FootballPriceState {
    const minute = this.effectiveMinute(elapsed);
    const regulationOver = this.periodId >= 4 && this.periodId !== 14;
    const reg = this.regulationGoals();
    return {
      lambda: this.lambda,
      mu: this.mu,
      cornersHome: this.s.cornersHome,
      cornersAway: this.s.cornersAway,
      regulation: this.regulation,
      minute,
      over: regulationOver || minute >= this.regulation,
      goals: reg,
      firstHalfGoals: this.book.get(1, Tyg.Goals),
      corners: this.sumPeriods(Tyg.Corners, [1, 3]),
      firstScorer: this.scorerIn([1, 3], 'first'),
      lastScorer: this.scorerIn([1, 3], 'last'),
      rich: this.s.rich,
    };
  }

  private regulationGoals(): Pair {
    return this.sumPeriods(Tyg.Goals, [1, 3]);
  }

  private sumPeriods(tyg: number, pes: readonly number[]): Pair {
    const out = { home: 0, away: 0 };
    for (const pe of pes) {
      const v = this.book.get(pe, tyg);
      out.home += v.home;
      out.away += v.away;
    }
    return out;
  }

  private scorerIn(pes: readonly number[], which: 'first' | 'last'): Side | null {
    const list = this.scorers.filter((s) => pes.includes(s.pe));
    const pick = which === 'first' ? list[0] : list[list.length - 1];
    return pick?.side ?? null;
  }

  private totals(pes: readonly number[]): PeriodTotals {
    return {
      goals: this.sumPeriods(Tyg.Goals, pes),
      corners: this.sumPeriods(Tyg.Corners, pes),
      first: this.scorerIn(pes, 'first') ?? 'none',
      last: this.scorerIn(pes, 'last') ?? 'none',
    };
  }

  final(): FinalScores {
    const match = this.book.get(0, Tyg.Goals);
    let winner: FinalScores['winner'] = match.home > match.away ? 'home' : match.away > match.home ? 'away' : 'draw';
    if (winner === 'draw' && this.shootout.home !== this.shootout.away) winner = this.shootout.home > this.shootout.away ? 'home' : 'away';
    return {
      periods: { '1h': this.totals([1]), '2h': this.totals([3]), ft: this.totals([1, 3]), match: { goals: match } },
      completed: [...this.completed],
      winner: this.finished() ? winner : null,
    };
  }
}
