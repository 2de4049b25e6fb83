import { IN_PLAY_STATUSES, MatchStatus } from '../codes';
import { analysisOf, intelligenceOf, type AnalysisInput } from '../data/analysis';
import { historyOf } from '../data/history';
import { lineupView } from '../data/lineup';
import { mediaOf } from '../data/media';
import { OUTDOOR_SPORTS, weatherOf } from '../data/weather';
import type { Lang } from '../i18n';
import type { FootballSim } from '../sports/football';
import type { FeedMatchData, FutureRow, HistoryData, Lineup, MatchEvent, MatchMedia, StatItem, TextLiveEntry, Weather } from '../types';
import type { LiveMatches } from './live';
import type { MatchRecord } from './records';
import type { FeedState } from './state';
import { textLiveOf } from './views';

/** A match's data beside its prices: events and text live, line-ups, statistics, history, analysis, weather and media. */
export class MatchData implements FeedMatchData {
  constructor(
    private readonly s: FeedState,
    private readonly live: Pick<LiveMatches, 'flushEvents'>,
  ) {}

  private record(matchId: number): MatchRecord | undefined {
    const m = this.s.published(matchId);
    if (!m) return undefined;
    // Matches that ended while the world was built keep their events raw until someone reads them.
    this.live.flushEvents(m);
    return m;
  }

  lineup(matchId: number): Lineup | undefined {
    const m = this.record(matchId);
    if (!m || !m.lineupPublished) return undefined;
    this.s.ensureSim(m);
    if (!m.lineups) return undefined;
    const incidents = m.profile.sim === 'football' && m.sim ? (m.sim as FootballSim).incidents() : [];
    return lineupView(m.id, m.lineups, m.home, m.away, incidents);
  }

  textLive(matchId: number, lang: Lang = 'CMN'): TextLiveEntry[] {
    const m = this.record(matchId);
    return m ? textLiveOf(m, lang) : [];
  }

  events(matchId: number): MatchEvent[] {
    return [...(this.record(matchId)?.events ?? [])];
  }

  stats(matchId: number): StatItem[] {
    const m = this.record(matchId);
    return m?.sim?.started() ? m.sim.stats() : [];
  }

  private future(teamId: number): FutureRow[] {
    const rows: FutureRow[] = [];
    for (const m of this.s.upcoming.values()) {
      if (m.home.id !== teamId && m.away.id !== teamId) continue;
      rows.push({ matchId: m.id, homeName: m.home.name, awayName: m.away.name, matchTime: m.beginTime, homeLogo: m.home.icon, awayLogo: m.away.icon, isHome: m.home.id === teamId, league: m.league.name });
    }
    return rows.sort((a, b) => a.matchTime - b.matchTime).slice(0, 5);
  }

  history(matchId: number): HistoryData | undefined {
    const m = this.record(matchId);
    if (!m) return undefined;
    return historyOf({
      seed: this.s.o.seed,
      matchId: m.id,
      sportId: m.sportId,
      league: m.league,
      home: m.home,
      away: m.away,
      beginTime: m.beginTime,
      world: this.s.world,
      recent: (teamId) => this.s.resultStore.recentOf(teamId, 10).filter((r) => r.beginTime < m.beginTime && r.matchStatus === MatchStatus.Ended),
      future: (teamId) => this.future(teamId).filter((r) => r.matchId !== m.id),
    });
  }

  weather(matchId: number): Weather | undefined {
    const m = this.record(matchId);
    return m && OUTDOOR_SPORTS.has(m.sportId) ? weatherOf(this.s.o.seed, m.id) : undefined;
  }

  private analysisInput(m: MatchRecord, history: HistoryData): AnalysisInput {
    const edge = Math.tanh(0.5 * (m.home.rating - m.away.rating) + (m.isNeutral ? 0 : 0.1));
    return { home: m.home.name, away: m.away.name, homeId: m.home.id, awayId: m.away.id, history, edge };
  }

  analysis(matchId: number, lang: Lang = 'CMN'): string[] {
    const m = this.record(matchId);
    const history = this.history(matchId);
    return m && history ? analysisOf(this.analysisInput(m, history), lang) : [];
  }

  intelligence(matchId: number, lang: Lang = 'CMN'): string[] {
    const m = this.record(matchId);
    const history = this.history(matchId);
    if (!m || !history) return [];
    return intelligenceOf({ ...this.analysisInput(m, history), weather: this.weather(matchId) ?? null, isNeutral: m.isNeutral }, lang);
  }

  media(matchId: number): MatchMedia | undefined {
    const m = this.record(matchId);
    return m ? mediaOf(m.id, m.media, IN_PLAY_STATUSES.has(m.status)) : undefined;
  }
}
