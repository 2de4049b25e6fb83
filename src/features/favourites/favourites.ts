import { compareStructural, reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { sportI18nKeyOf } from '../../kernel/sports';
import { IN_PLAY_STATUSES, ListType, MatchStatus } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import { envOf } from '../../core/store/env';

/** Spec sections 5 and 9: at most 50 favourites; the 51st is refused. */
export const FAVOURITES_LIMIT = 50;

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
 * hold it: the favourites view's own query (favouritesView.ts, made with the view), or an in-play list of its sport it
 * was last seen live in.
 */
export const FavouritesStore = types
  .model('FavouritesStore', {
    items: types.array(CollectedMatch),
  })
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
    /**
     * Reads this merchant's stored favourites; bad or duplicate entries are dropped, at most the limit kept. So are
     * matches of a sport the merchant switched off since they were starred: they are not shown or counted anywhere.
     */
    restore() {
      const { storage, sports } = envOf(self);
      const seen = new Set<number>();
      const items = [];
      for (const stored of storage.get('collectedMatches')) {
        const matchId = Number(stored.matchId);
        if (!Number.isSafeInteger(matchId) || matchId <= 0 || seen.has(matchId) || !sports.offers(stored.sportId, 'A')) continue;
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
  .actions((self) => ({
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
