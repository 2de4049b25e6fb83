import { reaction } from 'mobx';
import { addDisposer, type Instance } from 'mobx-state-tree';
import { sortSportIdsA } from '../../kernel/sports';
import { ListType, MatchStatus } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import { LOOP_INTERVALS } from '../../services/scheduler';
import { envOf } from '../../core/store/env';
import { FAVOURITES_LIMIT, type FavouritesStoreInstance } from './favourites';
import { fetchMatches, MatchSection, memberOddsFormat } from '../lists/matchSection';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import type { SettingsStoreInstance } from '../../core/store/settings';
import type { UiStoreInstance } from '../../core/store/ui';

/**
 * The lists that together hold every match a member can star: today and in-play, early, outright. Asking only for
 * today and in-play (the home default) would drop starred early matches as "gone".
 */
const FAVOURITE_LIST_TYPES = [ListType.TodayAndInPlay, ListType.Early, ListType.Outright] as const;

const LOOP = 'favourites';

/** What the favourites view needs of the app root: the starred matches, the odds format and the language. */
interface FavouritesViewRoot extends OnDemandRoot {
  favourites: FavouritesStoreInstance;
  settings: SettingsStoreInstance;
  ui: UiStoreInstance;
}

/**
 * The "My favourites" view: every starred match (the root's favourites), fetched fresh from the lists that can hold
 * it while the view shows; a starred match none of them holds any more, or one they show as ended, leaves.
 */
const FavouritesViewStore = MatchSection.named('FavouritesViewStore')
  .volatile(() => ({
    root: undefined as FavouritesViewRoot | undefined,
  }))
  .views((self) => ({
    get favourites(): FavouritesStoreInstance {
      return self.root!.favourites;
    },
  }))
  .views((self) => ({
    /** The view's matches that are still starred, by sport in the spec's order (league order kept within). */
    get bySport(): Array<{ sportId: number; matches: WireMatch[] }> {
      const starred = new Set(self.favourites.items.map((item) => item.matchId));
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
    attach(root: FavouritesViewRoot) {
      self.root = root;
    },
  }))
  .actions((self) => ({
    /** The favourites view: every starred match, from the lists that can hold it; starred matches gone or ended leave. */
    load(quiet = false) {
      const { favourites } = self;
      const asked = favourites.items.map((item) => item.matchId);
      if (asked.length === 0) {
        self.request.settle(() => self.setRecords([]));
        return Promise.resolve('applied' as const);
      }
      const env = envOf(self);
      const oddsFormat = memberOddsFormat(self.root!);
      return self.request.run(
        async () => {
          const lists = await Promise.all(FAVOURITE_LIST_TYPES.map((type) => fetchMatches(env, { type, size: FAVOURITES_LIMIT, matchIds: asked, oddsFormat })));
          return lists.flat();
        },
        (records) => {
          const present = new Set(records.map((match) => match.matchId));
          // Only what was asked: a match starred while this loaded is not "missing" from the answer.
          const gone = asked.filter((id) => !present.has(id));
          for (const match of records) if (match.matchStatus === MatchStatus.Ended) gone.push(match.matchId);
          favourites.remove(gone);
          self.setRecords(records);
        },
        { quiet, failed: (error) => env.logger.warn('favourites failed', error) },
      );
    },
  }))
  .actions((self) => ({
    open() {
      void self.load();
      self.request.poll(LOOP, LOOP_INTERVALS.matches, { task: () => self.load(true), pauseWhenHidden: true });
    },
    close() {
      self.request.stopPolling();
    },
  }));

export type FavouritesViewStoreInstance = Instance<typeof FavouritesViewStore>;

/**
 * The favourites view of an app root, made when the view first shows, so its code loads with the screen rather than
 * in the initial bundle. Names come in the request language: a new language reloads the view while it shows.
 */
export const { of: favouritesViewOf } = onDemand('favouritesView', FavouritesViewStore, (store, root: FavouritesViewRoot) => {
  store.attach(root);
  addDisposer(
    store,
    reaction(
      () => root.settings.apiLanguage,
      () => root.ui.view === 'favourites' && store.status !== 'idle' && void store.load(true),
    ),
  );
  addDisposer(store, () => store.close());
});
