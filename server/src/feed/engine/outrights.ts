import { MatchStatus } from '../codes';
import type { LeagueInfo, Team, World } from '../fixtures/world';
import { OUTRIGHT_TITLE } from '../fixtures/words';
import { fill, type Lang, type Text } from '../i18n';
import type { Margins } from '../pricing/margin';
import type { Quote } from '../pricing/quote';
import { Rng } from '../random';
import type { Market, MatchResult, MatchView } from '../types';
import { hasOutrightIds, outrightIdOf, SLOT_MS } from './ids';
import { MarketBook } from './marketBook';
import { settleMarket } from './settle';

const DAY = 86_400_000;

export interface OutrightRecord {
  id: number;
  league: LeagueInfo;
  season: number;
  startTime: number;
  endTime: number;
  title: Text;
  strength: Map<number, number>;
  book: MarketBook;
  version: number;
  views: Map<Lang, { version: number; view: MatchView }>;
}

/**
 * Champion markets, one per league and season: every team of the league priced from its
 * strength (a softmax, mixed with a little of the uniform so the longest price stays offered).
 * Strengths drift once a simulated day; at the season's end a champion is drawn with the same
 * probabilities, the market settles and the next season opens.
 *
 * Seasons follow a fixed calendar per league (a length of 14 to 30 days and a phase, from the
 * seed), numbered from the epoch, so a season's id, dates, drifts and champion are the same
 * whenever the process started: a season already running at the start replays its drifts.
 */
export class Outrights {
  private readonly open = new Map<number, OutrightRecord>();
  private readonly calendars = new Map<number, { lengthMs: number; phaseMs: number }>();

  constructor(
    private readonly seed: number,
    private readonly world: World,
    private readonly margins: Margins,
  ) {}

  list(): OutrightRecord[] {
    return [...this.open.values()];
  }

  get(id: number): OutrightRecord | undefined {
    return this.open.get(id);
  }

  /**
   * Every league's season running at `start`; each began at or before it. A sport whose scheme-A id is outside the
   * outright id space (a plugin's sport numbered from 200, ids.ts) has matches but no outrights.
   */
  init(start: number): OutrightRecord[] {
    return [...this.world.leagues.values()].filter(hasOutrightIds).map((league) => {
      const { lengthMs, phaseMs } = this.calendar(league);
      return this.create(league, Math.floor((start - phaseMs) / lengthMs));
    });
  }

  private calendar(league: LeagueInfo): { lengthMs: number; phaseMs: number } {
    let cal = this.calendars.get(league.id);
    if (!cal) {
      const rng = Rng.of(this.seed, 'outright', league.id);
      const lengthMs = Math.round((rng.range(14, 30) * DAY) / SLOT_MS) * SLOT_MS;
      cal = { lengthMs, phaseMs: Math.floor((rng.next() * lengthMs) / SLOT_MS) * SLOT_MS };
      this.calendars.set(league.id, cal);
    }
    return cal;
  }

  private create(league: LeagueInfo, season: number): OutrightRecord {
    const id = outrightIdOf(league, season);
    const { lengthMs, phaseMs } = this.calendar(league);
    const startTime = phaseMs + season * lengthMs;
    const endTime = startTime + lengthMs;
    const strength = new Map(league.teamIds.map((teamId) => [teamId, (this.world.teams.get(teamId) as Team).rating]));
    const rec: OutrightRecord = { id, league, season, startTime, endTime, title: fill(OUTRIGHT_TITLE, { league: league.name }), strength, book: new MarketBook(id, league.sportId, this.margins), version: 0, views: new Map() };
    rec.book.apply([this.quote(rec)], false, false);
    this.open.set(id, rec);
    return rec;
  }

  private probabilities(rec: OutrightRecord): Array<[number, number]> {
    const entries = [...rec.strength];
    const weights = entries.map(([, s]) => Math.exp(1.3 * s));
    const sum = weights.reduce((a, b) => a + b, 0);
    return entries.map(([teamId], i) => [teamId, 0.9 * ((weights[i] as number) / sum) + 0.1 / entries.length]);
  }

  private quote(rec: OutrightRecord): Quote {
    return {
      slot: 'outright',
      key: 'outright',
      kind: 'outright',
      period: 'ft',
      unit: 'goals',
      allowParley: false,
      options: this.probabilities(rec).map(([teamId, p]) => ({ type: `t${teamId}`, p, name: (this.world.teams.get(teamId) as Team).name })),
    };
  }

  /** Days since the season opened at which the strengths move. */
  nextDrift(rec: OutrightRecord, after: number): number {
    return rec.startTime + (Math.floor((after - rec.startTime) / DAY) + 1) * DAY;
  }

  drift(rec: OutrightRecord, at: number): Market[] {
    const rng = Rng.of(this.seed, 'drift', rec.id, Math.floor(at / DAY));
    for (const [teamId, s] of rec.strength) rec.strength.set(teamId, s + rng.normal(0, 0.08));
    rec.version++;
    return rec.book.apply([this.quote(rec)], false, false);
  }

  /** Closes the season: the result, and the next season's record. */
  settle(rec: OutrightRecord): { result: MatchResult; closed: Market[]; next: OutrightRecord } {
    const probs = this.probabilities(rec);
    const rng = Rng.of(this.seed, 'champion', rec.id);
    const winner = probs[rng.weighted(probs.map(([, p]) => p))]?.[0] as number;
    const closed = rec.book.closeAll();
    this.open.delete(rec.id);
    const league = rec.league;
    const result: MatchResult = {
      matchId: rec.id,
      sportId: league.sportId,
      leagueId: league.id,
      league: { id: league.id, name: league.name, icon: league.icon },
      beginTime: rec.startTime,
      endTime: rec.endTime,
      matchStatus: MatchStatus.Ended,
      matchFormat: 'outright',
      bo: 0,
      isNeutral: true,
      home: { id: league.id, name: rec.title, icon: `/api/league/icon/${league.id}` },
      away: null,
      scores: [],
      totalScore: { home: 0, away: 0 },
      final: { periods: {}, completed: ['ft'], winner: null },
      winnerTeamId: winner,
      settledMarkets: rec.book.all().map((m) => settleMarket(m, null, MatchStatus.Ended, winner)),
    };
    const next = this.create(league, rec.season + 1);
    return { result, closed, next };
  }
}
