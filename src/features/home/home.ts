import { types, type Instance } from 'mobx-state-tree';
import { ListType, MatchStatus } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import { LOOP_INTERVALS } from '../../services/scheduler';
import { envOf } from '../../core/store/env';
import { MatchSection } from '../lists/matchSection';

/** How many in-play matches home looks through for ones with media (one page). */
export const LIVE_SCAN_SIZE = 50;
/** How many live cards home shows (each one subscribes to its match's push channels). */
export const HOME_LIVE_LIMIT = 12;
/** How many hot matches home shows; the hot view shows them all. */
export const HOME_HOT_LIMIT = 10;

/** Spec: "the live-match section keeps only matches that have media" (a video line or an animation). */
export const hasMedia = (match: WireMatch): boolean => match.media.videos.length > 0 || Boolean(match.media.animation);

const HOME_LOOP = 'home';

/**
 * Home: in-play matches with media across sports, and the first matches of the hot leagues (which come from the
 * statistics call, so the screen passes them in once known). Refreshed with the match loop (60 s) while home shows;
 * scores and clocks between refreshes come from push through the live book.
 */
export const HomeStore = types
  .model('HomeStore', {
    live: types.optional(MatchSection, {}),
    hot: types.optional(MatchSection, {}),
  })
  .volatile(() => ({ hotLeagueIds: undefined as number[] | undefined }))
  .views((self) => ({
    /** The live cards to show: a match that ended (as push says) leaves at once, not at the next 60 s refresh. */
    get liveNow(): WireMatch[] {
      const { liveBook } = envOf(self);
      return self.live.records.filter((match) => (liveBook.match(match.matchId)?.matchStatus ?? match.matchStatus) !== MatchStatus.Ended);
    },
  }))
  .actions((self) => ({
    loadLive(quiet = false) {
      return self.live.load({ type: ListType.InPlay, size: LIVE_SCAN_SIZE }, { maxPages: 1, keep: hasMedia, limit: HOME_LIVE_LIMIT, quiet });
    },
    loadHot(leagueIds: number[], quiet = false) {
      self.hotLeagueIds = leagueIds;
      if (leagueIds.length === 0) {
        self.hot.setEmpty();
        return Promise.resolve();
      }
      return self.hot.load({ type: ListType.TodayAndInPlay, size: HOME_HOT_LIMIT, leagueIds }, { maxPages: 1, limit: HOME_HOT_LIMIT, quiet });
    },
  }))
  .actions((self) => ({
    open() {
      void self.loadLive();
      envOf(self).scheduler.every(
        HOME_LOOP,
        LOOP_INTERVALS.matches,
        () => Promise.all([self.loadLive(true), self.hotLeagueIds ? self.loadHot(self.hotLeagueIds, true) : undefined]),
        { pauseWhenHidden: true },
      );
    },
    close() {
      envOf(self).scheduler.stop(HOME_LOOP);
    },
  }));

export type HomeStoreInstance = Instance<typeof HomeStore>;
