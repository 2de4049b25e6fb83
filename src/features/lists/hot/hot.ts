import { reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { ListType } from '../../../../contract/enums';
import { LOOP_INTERVALS } from '../../../services/scheduler';
import { envOf } from '../../../core/store/env';
import { MatchSection } from '../matchSection';
import { onDemand, type OnDemandRoot } from '../../../core/store/onDemand';
import type { SettingsStoreInstance } from '../../../core/store/settings';
import type { UiStoreInstance } from '../../../core/store/ui';

/** Page size of the hot view's pages (the platform allows 200). */
const HOT_PAGE_SIZE = 100;

const HOT_LOOP = 'hotView';

/**
 * The hot view: every match of the hot leagues, all sports: today and in-play first, then early ones, which together
 * are what the statistics' hot count counts. Refreshed with the match loop.
 */
export const HotStore = types
  .model('HotStore', { section: types.optional(MatchSection, {}) })
  .volatile(() => ({ leagueIds: [] as number[] }))
  .actions((self) => ({
    load(leagueIds: number[], quiet = false) {
      self.leagueIds = leagueIds;
      if (leagueIds.length === 0) {
        self.section.setEmpty();
        return Promise.resolve();
      }
      return self.section.load(
        [
          { type: ListType.TodayAndInPlay, size: HOT_PAGE_SIZE, leagueIds },
          { type: ListType.Early, size: HOT_PAGE_SIZE, leagueIds },
        ],
        { quiet },
      );
    },
  }))
  .actions((self) => ({
    open(leagueIds: number[]) {
      void self.load(leagueIds);
      envOf(self).scheduler.every(HOT_LOOP, LOOP_INTERVALS.matches, () => self.load(self.leagueIds, true), { pauseWhenHidden: true });
    },
    close() {
      envOf(self).scheduler.stop(HOT_LOOP);
    },
  }));

export type HotStoreInstance = Instance<typeof HotStore>;

/** What the hot view needs of the app root: the language its names come in, and whether it shows. */
interface HotRoot extends OnDemandRoot {
  settings: SettingsStoreInstance;
  ui: UiStoreInstance;
}

/**
 * The hot view of an app root, made when the view first shows, so its code loads with the screen rather than in the
 * initial bundle. Names come in the request language: a new language reloads the view while it shows.
 */
export const { of: hotOf } = onDemand('hot', HotStore, (store, root: HotRoot) => {
  addDisposer(
    store,
    reaction(
      () => root.settings.apiLanguage,
      () => root.ui.view === 'hot' && store.section.status !== 'idle' && void store.load(store.leagueIds, true),
    ),
  );
  addDisposer(store, () => store.close());
});
