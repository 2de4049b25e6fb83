import { flow, types, type Instance } from 'mobx-state-tree';
import { dayIn } from '../domain/calendar';
import { ListType, type MatchPage, type WireMatch } from '../services/api/matchTypes';
import { LOOP_INTERVALS } from '../services/scheduler';
import { envOf } from './env';
import { memberOddsFormat } from './matchSection';

const LIST_LOOP = 'matchList';
/** Page size of list calls; the platform allows up to 200. */
export const LIST_PAGE_SIZE = 50;

export interface LeagueGroup {
  leagueId: number;
  name: string;
  icon: string;
  matches: WireMatch[];
}

const listTypes = Object.values(ListType) as number[];

/**
 * One match list (in-play, today, early, outright or parlay) for one sport: pages loaded until the last, grouped
 * by league, with collapsed leagues remembered. A poll through the scheduler (5 s in play, 60 s otherwise) keeps it
 * current when push is not enough (a new match, a finished one); it pauses while the tab is hidden.
 */
export const MatchListStore = types
  .model('MatchListStore', {
    type: types.optional(types.refinement(types.number, (n) => listTypes.includes(n)), ListType.InPlay),
    sportId: 1,
    leagueIds: types.array(types.number),
    /** The sport plugin's column group shown (market-type filter); undefined: the plugin's first. */
    columnGroup: types.maybe(types.string),
    collapsed: types.array(types.number),
    /** Early list only: the calendar day ("2026-11-21", in the platform's time zone) shown; undefined: every day. */
    date: types.maybe(types.string),
    status: types.optional(types.enumeration(['idle', 'loading', 'ready', 'failed']), 'idle'),
    /** More pages are being fetched behind the first. */
    loadingMore: false,
    total: 0,
  })
  .volatile(() => ({
    records: [] as WireMatch[],
    generation: 0,
    /** The last query whose every page arrived, with its matches (favourites check what left the list). */
    loaded: undefined as { type: number; sportId: number; filtered: boolean; records: readonly WireMatch[] } | undefined,
    timeZone: 'Asia/Shanghai',
  }))
  .views((self) => ({
    /** The days the early list has matches on, in order: the date filter's choices. */
    get days(): string[] {
      if (self.type !== ListType.Early) return [];
      return [...new Set(self.records.map((m) => dayIn(m.beginTime, self.timeZone)))].sort();
    },
    /** The matches shown: every loaded one, or those of the chosen day in the early list. */
    get shown(): WireMatch[] {
      const { date } = self;
      if (self.type !== ListType.Early || date === undefined) return self.records;
      return self.records.filter((m) => dayIn(m.beginTime, self.timeZone) === date);
    },
  }))
  .views((self) => ({
    get groups(): LeagueGroup[] {
      const byLeague = new Map<number, LeagueGroup>();
      for (const match of self.shown) {
        let group = byLeague.get(match.leagueInfo.id);
        if (!group) {
          group = { leagueId: match.leagueInfo.id, name: match.leagueInfo.name, icon: match.leagueInfo.icon, matches: [] };
          byLeague.set(match.leagueInfo.id, group);
        }
        group.matches.push(match);
      }
      return [...byLeague.values()];
    },
    isCollapsed(leagueId: number) {
      return self.collapsed.includes(leagueId);
    },
    get isInPlay() {
      return self.type === ListType.InPlay;
    },
  }))
  .actions((self) => ({
    setRecords(records: WireMatch[], total: number) {
      self.records = records;
      self.total = total;
    },
    setStatus(status: 'idle' | 'loading' | 'ready' | 'failed') {
      self.status = status;
    },
    setLoadingMore(value: boolean) {
      self.loadingMore = value;
    },
    markLoaded(records: readonly WireMatch[]) {
      self.loaded = { type: self.type, sportId: self.sportId, filtered: self.leagueIds.length > 0, records };
    },
    nextGeneration() {
      self.generation += 1;
      return self.generation;
    },
    toggleLeague(leagueId: number) {
      if (self.collapsed.includes(leagueId)) self.collapsed.remove(leagueId);
      else self.collapsed.push(leagueId);
    },
    setColumnGroup(id: string | undefined) {
      self.columnGroup = id;
    },
    setDate(date: string | undefined) {
      self.date = date;
    },
    setTimeZone(timeZone: string) {
      self.timeZone = timeZone;
    },
  }))
  .actions((self) => {
    /** Fetches every page of the current query, page by page until the last; the first page shows at once. */
    const fetchAll = flow(function* fetchAll(generation: number, quiet: boolean) {
      const { http, liveBook } = envOf(self);
      const body = {
        type: self.type,
        sportIds: String(self.sportId),
        size: LIST_PAGE_SIZE,
        ...(self.leagueIds.length ? { leagueIds: self.leagueIds.join(',') } : {}),
        oddsFormat: memberOddsFormat(self),
      };
      if (!quiet) self.setStatus('loading');
      try {
        let current = 1;
        let records: WireMatch[] = [];
        for (;;) {
          const page: MatchPage = yield http.match.post('/api/match/getList', { ...body, current }, { noAuth: true });
          // A newer query started while this one was loading: its answer wins.
          if (generation !== self.generation) return;
          records = [...records, ...page.records];
          liveBook.seed(page.records);
          self.setRecords(records, page.total);
          if (current === 1) self.setStatus('ready');
          if (current >= page.pageTotal || page.records.length === 0) break;
          self.setLoadingMore(true);
          current += 1;
        }
        self.markLoaded(records);
      } catch (error) {
        envOf(self).logger.warn('match list failed', error);
        if (generation === self.generation && (!quiet || self.records.length === 0)) self.setStatus('failed');
      } finally {
        if (generation === self.generation) self.setLoadingMore(false);
      }
    });

    return { fetchAll };
  })
  .actions((self) => {
    const fetchAll = (generation: number, quiet: boolean) => self.fetchAll(generation, quiet);
    let inFlight: Promise<unknown> | undefined;
    const schedule = () => {
      const { scheduler } = envOf(self);
      const interval = self.type === ListType.InPlay ? LOOP_INTERVALS.inPlay : LOOP_INTERVALS.matches;
      // Through the action, not the inner flow: a flow started from a timer needs an action context.
      scheduler.every(LIST_LOOP, interval, () => self.fetchAll(self.generation, true), { pauseWhenHidden: true });
    };

    return {
      /** Shows a list: resets it, loads it, and keeps it current. */
      open(query: { type?: number; sportId?: number; leagueIds?: number[] }) {
        if (query.type !== undefined && query.type !== self.type) {
          self.type = query.type;
          self.date = undefined;
        }
        if (query.sportId !== undefined && query.sportId !== self.sportId) {
          self.date = undefined;
          self.sportId = query.sportId;
          self.columnGroup = undefined;
          self.leagueIds.clear();
        }
        if (query.leagueIds) self.leagueIds.replace(query.leagueIds);
        self.setRecords([], 0);
        const generation = self.nextGeneration();
        schedule();
        return fetchAll(generation, false);
      },
      retry() {
        return fetchAll(self.nextGeneration(), false);
      },
      /**
       * A gap in a push channel (or a new language): the list is fetched again. Gaps come in bursts (every channel of a
       * reconnect), so one refresh in flight serves them all.
       */
      refresh() {
        inFlight ??= Promise.resolve(fetchAll(self.generation, true)).finally(() => {
          inFlight = undefined;
        });
        return inFlight;
      },
      close() {
        envOf(self).scheduler.stop(LIST_LOOP);
        self.nextGeneration();
      },
    };
  });

export type MatchListStoreInstance = Instance<typeof MatchListStore>;
