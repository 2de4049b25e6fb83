import { IN_PLAY_STATUSES, MatchStatus, type BetResult } from '../codes';
import { SPORT_ORDER } from '../fixtures/profiles';
import type { Lang } from '../i18n';
import type { WireLeague } from '../../../../contract/match';
import { LIST_NAMES } from '../texts/status';
import type { FeedResults, FeedStatistics, FeedViews, Fixture, League, ListType, MatchFilter, MatchResult, MatchView, ResultRange, TeamInfo } from '../types';
import { matchIdOfMarket } from './marketBook';
import type { Pricing } from './pricing';
import type { MatchRecord } from './records';
import { DAY, TERMINAL, type FeedState } from './state';
import { matchView, outrightView, periodOf } from './views';

type Counts = Record<ListType, Map<number, number>>;

/** The read views: the lists, their counts by sport and league, fixtures, leagues and teams, and the results. */
export class ReadViews implements FeedViews, FeedResults {
  constructor(
    private readonly s: FeedState,
    private readonly pricing: Pricing,
  ) {}

  private listOf(m: MatchRecord): ListType | null {
    const s = this.s;
    if (s.live.has(m.id)) return IN_PLAY_STATUSES.has(m.status) ? 'inplay' : null;
    if (!m.published || TERMINAL.has(m.status)) return null;
    return m.beginTime < s.simNow + DAY ? 'today' : 'early';
  }

  private visible(type?: ListType): MatchRecord[] {
    const out: MatchRecord[] = [];
    if (type === undefined || type === 'inplay') for (const m of this.s.live.values()) if (IN_PLAY_STATUSES.has(m.status)) out.push(m);
    if (type === undefined || type === 'today' || type === 'early') {
      for (const m of this.s.upcoming.values()) {
        const list = this.listOf(m);
        if (list && (type === undefined || list === type)) out.push(m);
      }
    }
    return out;
  }

  matches(filter: MatchFilter = {}, lang: Lang = 'CMN'): MatchView[] {
    const s = this.s;
    const leagueIds = filter.leagueIds ? new Set(filter.leagueIds) : null;
    const matchIds = filter.matchIds ? new Set(filter.matchIds) : null;
    const keep = (sportId: number, leagueId: number, id: number): boolean =>
      (filter.sportId === undefined || filter.sportId === sportId) && (!leagueIds || leagueIds.has(leagueId)) && (!matchIds || matchIds.has(id));
    if (filter.type === 'outright') {
      return s.outrightBook
        .list()
        .filter((o) => keep(o.league.sportId, o.league.id, o.id))
        .sort((a, b) => SPORT_ORDER.indexOf(a.league.sportId) - SPORT_ORDER.indexOf(b.league.sportId) || a.league.order - b.league.order)
        .map((o) => outrightView(o, lang));
    }
    const records = this.visible(filter.type).filter((m) => keep(m.sportId, m.league.id, m.id));
    records.sort((a, b) => Number(s.live.has(b.id)) - Number(s.live.has(a.id)) || a.beginTime - b.beginTime || a.league.order - b.league.order || a.id - b.id);
    return records.map((m) => {
      this.pricing.ensureMarkets(m);
      return matchView(m, lang, s.simNow);
    });
  }

  match(matchId: number, lang: Lang = 'CMN'): MatchView | undefined {
    const outright = this.s.outrightBook.get(matchId);
    if (outright) return outrightView(outright, lang);
    const m = this.s.published(matchId);
    if (!m) return undefined;
    this.pricing.ensureMarkets(m);
    return matchView(m, lang, this.s.simNow);
  }

  fixture(matchId: number): Fixture | undefined {
    const o = this.s.outrightBook.get(matchId);
    if (o) {
      return {
        matchId: o.id,
        sportId: o.league.sportId,
        league: { id: o.league.id, name: o.league.name },
        home: { id: 0, name: o.title, icon: `/api/league/icon/${o.league.id}` },
        away: null,
        beginTime: o.endTime,
        matchStatus: MatchStatus.Upcoming,
        period: 0,
        inPlay: false,
        isOutright: true,
      };
    }
    const m = this.s.published(matchId);
    return m ? this.fixtureOf(m) : undefined;
  }

  fixtures(type: 'inplay' | 'today'): Fixture[] {
    return this.visible(type).map((m) => this.fixtureOf(m));
  }

  private fixtureOf(m: MatchRecord): Fixture {
    const side = (t: MatchRecord['home']) => ({ id: t.id, name: t.name, icon: t.icon });
    return {
      matchId: m.id,
      sportId: m.sportId,
      league: { id: m.league.id, name: m.league.name },
      home: side(m.home),
      away: side(m.away),
      beginTime: m.beginTime,
      matchStatus: m.status,
      period: periodOf(m),
      inPlay: this.s.live.has(m.id) && IN_PLAY_STATUSES.has(m.status),
      isOutright: false,
    };
  }

  private counts(): Counts & { leagues: Counts } {
    const bySport: Counts = { inplay: new Map(), today: new Map(), early: new Map(), outright: new Map() };
    const byLeague: Counts = { inplay: new Map(), today: new Map(), early: new Map(), outright: new Map() };
    const add = (list: ListType, sportId: number, leagueId: number): void => {
      bySport[list].set(sportId, (bySport[list].get(sportId) ?? 0) + 1);
      byLeague[list].set(leagueId, (byLeague[list].get(leagueId) ?? 0) + 1);
    };
    for (const m of this.visible()) {
      const list = this.listOf(m);
      if (list) add(list, m.sportId, m.league.id);
    }
    for (const o of this.s.outrightBook.list()) add('outright', o.league.sportId, o.league.id);
    return { ...bySport, leagues: byLeague };
  }

  leagues(query: number | { sportId?: number; type?: ListType } = {}, lang: Lang = 'CMN'): WireLeague[] {
    const filter = typeof query === 'number' ? { sportId: query } : query;
    const counts = this.counts();
    const lists: ListType[] = filter.type ? [filter.type] : ['inplay', 'today', 'early'];
    const out: WireLeague[] = [];
    for (const sportId of SPORT_ORDER) {
      if (filter.sportId !== undefined && filter.sportId !== sportId) continue;
      for (const league of this.s.world.leaguesBySport.get(sportId) ?? []) {
        const matchCount = lists.reduce((sum, list) => sum + (counts.leagues[list].get(league.id) ?? 0), 0);
        if (filter.type && matchCount === 0) continue;
        out.push({ id: league.id, name: league.name[lang], matchCount, logoUrl: `/api/league/icon/${league.id}`, order: league.order, sportId, hot: league.hot });
      }
    }
    return out;
  }

  league(leagueId: number): League | undefined {
    const l = this.s.world.leagues.get(leagueId);
    return l ? { id: l.id, sportId: l.sportId, name: l.name, icon: l.icon, order: l.order, hot: l.hot, teamIds: [...l.teamIds] } : undefined;
  }

  team(teamId: number): TeamInfo | undefined {
    const t = this.s.world.teams.get(teamId);
    return t ? { id: t.id, sportId: t.sportId, leagueId: t.leagueId, name: t.name, icon: t.icon, logo: { seed: t.logo.seed, colors: [...t.logo.colors] } } : undefined;
  }

  statistics(lang: Lang = 'CMN'): FeedStatistics {
    const counts = this.counts();
    const playTypeMap = {} as FeedStatistics['playTypeMap'];
    for (const list of ['inplay', 'today', 'early', 'outright'] as const) {
      const sports: Record<number, number> = {};
      let count = 0;
      for (const [sportId, n] of counts[list]) {
        sports[sportId] = n;
        count += n;
      }
      playTypeMap[list] = { count, name: LIST_NAMES[list][lang], sports };
    }
    const hotList: FeedStatistics['hotList'] = [];
    for (const league of this.s.world.leagues.values()) {
      if (!league.hot) continue;
      const count = (['inplay', 'today', 'early'] as const).reduce((sum, list) => sum + (counts.leagues[list].get(league.id) ?? 0), 0);
      hotList.push({ id: league.id, logoUrl: `/api/league/icon/${league.id}`, count, name: league.name[lang], sportId: league.sportId });
    }
    hotList.sort((a, b) => SPORT_ORDER.indexOf(a.sportId) - SPORT_ORDER.indexOf(b.sportId) || a.id - b.id);
    return {
      hotCount: hotList.reduce((sum, h) => sum + h.count, 0),
      hotList,
      totalCount: playTypeMap.inplay.count + playTypeMap.today.count + playTypeMap.early.count,
      playTypeMap,
    };
  }

  results(range: ResultRange): MatchResult[] {
    return this.s.resultStore.query(range);
  }

  resultOf(matchId: number): MatchResult | undefined {
    return this.s.resultStore.get(matchId);
  }

  outcomeOf(marketId: number, optionType: string): BetResult | undefined {
    return this.s.resultStore.outcome(matchIdOfMarket(marketId), marketId, optionType);
  }
}
