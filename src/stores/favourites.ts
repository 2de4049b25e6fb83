import { compareStructural, reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { sortSportIdsA, sportI18nKeyOf } from '../kernel/sports';
import { IN_PLAY_STATUSES, ListType, MatchStatus } from '../../contract/enums';
import type { WireMatch } from '../../contract';
import { LOOP_INTERVALS } from '../services/scheduler';
import { envOf } from './env';
import { fetchMatches, memberOddsFormat } from './matchSection';

/** Spec sections 5 and 9: at most 50 favourites; the 51st is refused. */
export const FAVOURITES_LIMIT = 50;

/**
 * The lists that together hold every match a member can star: today and in-play, early, outright. Asking only for
 * today and in-play (the home default) would drop starred early matches as "gone".
 */
const FAVOURITE_LIST_TYPES = [ListType.TodayAndInPlay, ListType.Early, ListType.Outright] as const;

const LOOP = 'favourites';

/** What a list load tells favourites: which list, whether a league filter narrowed it, and what it held. */
export interface LoadedList {
  type: number;
  sportId: number;
  filtered: boolean;
  records: readonly WireMatch[];
}

const CollectedMatch = types.model('CollectedMatch', {
  matchId: types.number,
  sportId: types.number,
  /** The sport's name when starred (spec field); screens name sports from the current language instead. */
  sportName: types.string,
});

/**
 * "My favourites": starred matches, stored per merchant (storage key collectedMatches), for visitors too. A starred
 * match leaves when it ends (live status 2, from push or a list) or when it no longer appears in a list that would
 * hold it: the favourites view's own query, or an in-play list of its sport it was last seen live in.
 */
export const FavouritesStore = types
  .model('FavouritesStore', {
    items: types.array(CollectedMatch),
    status: types.optional(types.enumeration(['idle', 'loading', 'ready', 'failed']), 'idle'),
  })
  .volatile(() => ({
    /** The view's matches, as the platform answered them. */
    records: [] as WireMatch[],
    generation: 0,
  }))
  .views((self) => ({
    isCollected(matchId: number): boolean {
      return self.items.some((item) => item.matchId === matchId);
    },
    get count() {
      return self.items.length;
    },
    get isFull() {
      return self.items.length >= FAVOURITES_LIMIT;
    },
    /** The view's matches that are still starred, by sport in the spec's order (league order kept within). */
    get bySport(): Array<{ sportId: number; matches: WireMatch[] }> {
      const starred = new Set(self.items.map((item) => item.matchId));
      const groups = new Map<number, WireMatch[]>();
      for (const match of self.records) {
        if (!starred.has(match.matchId)) continue;
        const group = groups.get(match.sportId);
        if (group) group.push(match);
        else groups.set(match.sportId, [match]);
      }
      return sortSportIdsA([...groups.keys()]).map((sportId) => ({ sportId, matches: groups.get(sportId) ?? [] }));
    },
  }))
  .actions((self) => ({
    persist() {
      envOf(self).storage.set(
        'collectedMatches',
        self.items.map((item) => ({ matchId: item.matchId, sportId: item.sportId, sportName: item.sportName })),
      );
    },
  }))
  .actions((self) => ({
    /** Reads this merchant's stored favourites; bad or duplicate entries are dropped, at most the limit kept. */
    restore() {
      const seen = new Set<number>();
      const items = [];
      for (const stored of envOf(self).storage.get('collectedMatches')) {
        const matchId = Number(stored.matchId);
        if (!Number.isSafeInteger(matchId) || matchId <= 0 || seen.has(matchId)) continue;
        seen.add(matchId);
        items.push({ matchId, sportId: stored.sportId, sportName: stored.sportName });
        if (items.length === FAVOURITES_LIMIT) break;
      }
      self.items.replace(items);
    },
    remove(matchIds: readonly number[]) {
      if (matchIds.length === 0) return;
      const gone = new Set(matchIds);
      const kept = self.items.filter((item) => !gone.has(item.matchId)).map((item) => ({ ...item }));
      if (kept.length === self.items.length) return;
      self.items.replace(kept);
      self.persist();
    },
    /**
     * Stars or unstars a match; true when it is starred afterwards. A 51st is refused with a notice and the kernel
     * event `favourites.maxCollected`.
     */
    toggle(match: Pick<WireMatch, 'matchId' | 'sportId'>): boolean {
      const { events, i18n, toast } = envOf(self);
      const index = self.items.findIndex((item) => item.matchId === match.matchId);
      if (index >= 0) {
        self.items.splice(index, 1);
        self.persist();
        return false;
      }
      if (self.items.length >= FAVOURITES_LIMIT) {
        toast.warn(i18n.t('favourites.limit', { limit: FAVOURITES_LIMIT }));
        events.emit('favourites.maxCollected', { limit: FAVOURITES_LIMIT });
        return false;
      }
      const sportKey = sportI18nKeyOf(match.sportId, 'A');
      self.items.push({ matchId: match.matchId, sportId: match.sportId, sportName: sportKey ? i18n.t(sportKey) : String(match.sportId) });
      self.persist();
      return true;
    },
    setView(generation: number, records: WireMatch[] | undefined) {
      if (generation !== self.generation) return;
      if (records) {
        self.records = records;
        self.status = 'ready';
      } else if (self.status !== 'ready') {
        self.status = 'failed';
      }
    },
    beginView(quiet: boolean) {
      self.generation += 1;
      if (!quiet || self.status !== 'ready') self.status = 'loading';
      return self.generation;
    },
  }))
  .actions((self) => ({
    /**
     * A list finished loading (every page). Starred matches it shows as ended leave; so do starred matches of its sport
     * that were last seen in play and are missing from a complete in-play list: a match leaves in-play only by ending.
     */
    reconcileList(list: LoadedList) {
      const { liveBook } = envOf(self);
      const present = new Set(list.records.map((match) => match.matchId));
      const gone = list.records.filter((match) => match.matchStatus === MatchStatus.Ended).map((match) => match.matchId);
      const holdsInPlay = list.type === ListType.InPlay || list.type === ListType.TodayAndInPlay;
      if (holdsInPlay && !list.filtered) {
        for (const item of self.items) {
          if (item.sportId !== list.sportId || present.has(item.matchId)) continue;
          const status = liveBook.match(item.matchId)?.matchStatus;
          if (status !== undefined && IN_PLAY_STATUSES.has(status)) gone.push(item.matchId);
        }
      }
      self.remove(gone);
    },
  }))
  .actions((self) => {
    /** The favourites view: every starred match, from the lists that can hold it. */
    const load = flow(function* load(quiet = false) {
      const asked = self.items.map((item) => item.matchId);
      const generation = self.beginView(quiet);
      if (asked.length === 0) {
        self.setView(generation, []);
        return;
      }
      const env = envOf(self);
      try {
        const lists: WireMatch[][] = yield Promise.all(
          FAVOURITE_LIST_TYPES.map((type) => fetchMatches(env, { type, size: FAVOURITES_LIMIT, matchIds: asked, oddsFormat: memberOddsFormat(self) })),
        );
        const records = lists.flat();
        const present = new Set(records.map((match) => match.matchId));
        // Only what was asked: a match starred while this loaded is not "missing" from the answer.
        const gone = asked.filter((id) => !present.has(id));
        for (const match of records) if (match.matchStatus === MatchStatus.Ended) gone.push(match.matchId);
        self.remove(gone);
        self.setView(generation, records);
      } catch (error) {
        env.logger.warn('favourites failed', error);
        self.setView(generation, undefined);
      }
    });
    return { load };
  })
  .actions((self) => ({
    open() {
      void self.load();
      envOf(self).scheduler.every(LOOP, LOOP_INTERVALS.matches, () => self.load(true), { pauseWhenHidden: true });
    },
    close() {
      envOf(self).scheduler.stop(LOOP);
    },
    afterCreate() {
      self.restore();
      const { liveBook } = envOf(self);
      // Push says a starred match ended: it leaves at once. Reading the book's size re-runs the check when a match
      // first arrives in the book, so its status is watched from then on.
      addDisposer(
        self,
        reaction(
          () => {
            void liveBook.size;
            return self.items.filter((item) => liveBook.match(item.matchId)?.matchStatus === MatchStatus.Ended).map((item) => item.matchId);
          },
          (ended) => self.remove(ended),
          { equals: compareStructural, fireImmediately: true },
        ),
      );
    },
  }));

export type FavouritesStoreInstance = Instance<typeof FavouritesStore>;
