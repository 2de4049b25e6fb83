import { types, type Instance } from 'mobx-state-tree';
import { dayIn } from '../../core/domain/calendar';
import { ListType } from '../../../contract/enums';
import { MAX_PAGE_SIZE } from '../../../contract/pages';
import type { WireMatch } from '../../../contract';
import { DELAYS, LOOP_INTERVALS } from '../../services/scheduler';
import { envOf } from '../../core/store/env';
import { getListPage, memberListOrder, memberOddsFormat, rethrow } from './matchSection';
import { request, type Progress, type RequestStatus } from '../../sdk/request';

const LIST_LOOP = 'matchList';

const LOADING_FLAG = 'matchList.loading';
/**
 * Page size of a list's first load: its first rows show as soon as one small page arrives. A quiet reload (the poll, a
 * gap's refetch) shows nothing before it has every page, so it asks in the largest pages the platform allows
 * (MAX_PAGE_SIZE): an in-play list of 500 matches in 3 calls every 5 s, not 10.
 */
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
    request: request(),
    /**
     * The spec's list loading flag: set when a load starts (a poll only once it fetches pages behind the first), cleared
     * 1 s after the load ends (section 9). It drives the "loading" line under the rows, never the skeleton: the skeleton
     * follows `status` and goes as soon as the first page arrives.
     */
    loading: false,
    total: 0,
  })
  .volatile(() => ({
    records: [] as WireMatch[],
    /** The last query whose every page arrived, with its matches (favourites check what left the list). */
    loaded: undefined as { type: number; sportId: number; filtered: boolean; records: readonly WireMatch[] } | undefined,
    timeZone: 'Asia/Shanghai',
  }))
  .views((self) => ({
    get status(): RequestStatus {
      return self.request.status;
    },
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
    setLoading(value: boolean) {
      self.loading = value;
    },
    markLoaded(records: readonly WireMatch[]) {
      self.loaded = { type: self.type, sportId: self.sportId, filtered: self.leagueIds.length > 0, records };
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
    /**
     * Fetches every page of the current query, page by page until the last: a new list shows each page as it comes, a
     * poll replaces the list only with every page (shown page by page, a long list would shrink to its first page and
     * grow back, moving the member's scroll position on every poll). A failed page ends the load: rows already shown
     * stay, only a list with none fails.
     */
    const fetchAll = async ({ quiet, isCurrent, show }: Progress) => {
      const env = envOf(self);
      const body = {
        type: self.type,
        sportIds: String(self.sportId),
        size: quiet ? MAX_PAGE_SIZE : LIST_PAGE_SIZE,
        ...(self.leagueIds.length ? { leagueIds: self.leagueIds.join(',') } : {}),
        oddsFormat: memberOddsFormat(self),
        orderBy: memberListOrder(self),
      };
      env.scheduler.stop(LOADING_FLAG);
      if (!quiet) self.setLoading(true);
      let records: WireMatch[] = [];
      for (let current = 1; ; current += 1) {
        const askedAt = env.liveBook.pushMark;
        const page = await getListPage(env, { ...body, current }, rethrow);
        // A newer query started while this one was loading: its answer wins (and owns the loading flag).
        if (!isCurrent()) return { records, total: page.total };
        records = [...records, ...page.records];
        env.liveBook.seed(page.records, askedAt);
        if (current >= page.pageTotal || page.records.length === 0) return { records, total: page.total };
        const shown = records;
        if (!quiet) show(() => self.setRecords(shown, page.total));
        self.setLoading(true);
      }
    };
    const apply = ({ records, total }: { records: WireMatch[]; total: number }) => {
      self.setRecords(records, total);
      self.markLoaded(records);
    };
    /** One load through the request; the loading flag clears 1 s after it ends (unless a newer one took over). */
    const load = (quiet: boolean) =>
      self.request.run(fetchAll, apply, { quiet }).then((outcome) => {
        if (outcome !== 'superseded' && self.loading) envOf(self).scheduler.once(LOADING_FLAG, DELAYS.listLoadingFlag, () => self.setLoading(false));
        return outcome;
      });

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
        const loading = load(false);
        const interval = self.type === ListType.InPlay ? LOOP_INTERVALS.inPlay : LOOP_INTERVALS.matches;
        self.request.poll(LIST_LOOP, interval, { task: () => load(true), pauseWhenHidden: true });
        return loading;
      },
      retry() {
        return load(false);
      },
      /**
       * A gap in a push channel (or a new language): the list is fetched again, quietly. Gaps come in bursts (every
       * channel of a reconnect): those asked while one is in flight share one more fetch after it.
       */
      refresh() {
        return self.request.refresh();
      },
      close() {
        self.request.cancel();
        envOf(self).scheduler.stop(LOADING_FLAG);
        self.setLoading(false);
      },
    };
  });

export type MatchListStoreInstance = Instance<typeof MatchListStore>;
