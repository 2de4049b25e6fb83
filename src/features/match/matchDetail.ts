import { reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { ListType } from '../../../contract/enums';
import { ErrorCode } from '../../../contract/errors';
import type { DetailRequest } from '../../../contract';
import { isApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import { matchIdOfChannel } from '../../core/store/livePush';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { request } from '../../sdk/request';
import { fetchMatches, memberOddsFormat } from '../lists/matchSection';
import { isDetail, type MatchDetail } from './matchDetailWire';
import { MATCH_PATHS } from '../../../contract/paths';

/** `unavailable`: the match is of a sport this merchant switched off (the app saw it, or the platform said 4003). */
export type DetailStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'notFound' | 'unavailable';

export const DETAIL_LOOP = 'matchDetail';
/**
 * Prices, scores and clocks arrive by push; the quiet reload only picks up markets opened or withdrawn since, so it
 * runs far less often than the in-play list poll.
 */
export const DETAIL_REFRESH_MS = 30_000;

const notFound = (error: unknown) => isApiError(error) && (error.httpStatus === 404 || error.code === ErrorCode.NOT_FOUND);
const notOffered = (error: unknown) => isApiError(error) && error.code === ErrorCode.SPORT_NOT_OFFERED;

/** A match of a sport the merchant switched off: never shown, never priced (docs/config.md "Sports a merchant offers"). */
class SportNotOffered extends Error {}

/**
 * The match screen's match. It shows the match asked for (by the member, or later by the anchor or live room they
 * follow); when that match is not found it falls back to the first in-play match and says so; a match of a sport the
 * merchant switched off is `unavailable` (no fallback: the member asked for that match and is told why it is not there). While the screen shows
 * it reloads quietly, keeping what shows when a reload fails; the newest open wins over a slower older one.
 */
export const MatchDetailStore = types
  .model('MatchDetailStore', {
    request: request(),
    /** The match asked for; the one shown differs when it was not found. */
    requestedId: types.maybe(types.number),
  })
  .volatile(() => ({
    match: undefined as MatchDetail | undefined,
    /** What the newest answer said: a match shows, none was found, or its sport is switched off. */
    answer: 'ready' as 'ready' | 'notFound' | 'unavailable',
  }))
  .views((self) => ({
    get status(): DetailStatus {
      return self.request.status === 'ready' ? self.answer : self.request.status;
    },
  }))
  .views((self) => ({
    /** The match asked for was not found and another one shows in its place. */
    get fellBack(): boolean {
      return self.status === 'ready' && self.match !== undefined && self.match.matchId !== self.requestedId;
    },
  }))
  .actions((self) => ({
    /** `askedAt`: the live book's push mark before the match was asked for (LiveBook.seed). */
    take({ answer, match, askedAt }: { answer: 'ready' | 'notFound' | 'unavailable'; match?: MatchDetail; askedAt: number }) {
      if (match) envOf(self).liveBook.seed([{ ...match, betGroup: match.betGroups }], askedAt);
      // The screen says so instead of showing (or keeping) a match of a sport switched off.
      self.match = answer === 'unavailable' ? undefined : (match ?? self.match);
      self.answer = answer;
    },
    ask(matchId: number) {
      const quiet = self.requestedId === matchId && self.status === 'ready';
      self.requestedId = matchId;
      if (!quiet) self.match = undefined;
      return quiet;
    },
  }))
  .actions((self) => {
    const fetchDetail = async (matchId: number) => {
      const answer: unknown = await envOf(self).http.match.post(MATCH_PATHS.detail, { matchId } satisfies DetailRequest, { noAuth: true });
      if (!isDetail(answer)) throw new TypeError('getMatchDetail: unexpected answer');
      // An operator's own platform may answer it: the app refuses it all the same.
      if (!envOf(self).sports.offers(answer.sportId, 'A')) throw new SportNotOffered(`match ${answer.matchId}: sport ${answer.sportId} not offered`);
      return answer;
    };
    /** The first in-play match, for when the one asked for is gone. */
    const firstLive = async () => {
      const [first] = await fetchMatches(envOf(self), { type: ListType.InPlay, size: 1, oddsFormat: memberOddsFormat(self) }, 1);
      return first ? fetchDetail(first.matchId) : undefined;
    };
    const load = async (matchId: number) => {
      const askedAt = envOf(self).liveBook.pushMark;
      try {
        return { answer: 'ready' as const, match: await fetchDetail(matchId), askedAt };
      } catch (error) {
        if (error instanceof SportNotOffered || notOffered(error)) return { answer: 'unavailable' as const, askedAt };
        if (!notFound(error)) throw error;
      }
      const fallback = await firstLive();
      return { answer: fallback ? ('ready' as const) : ('notFound' as const), match: fallback, askedAt };
    };
    return {
      /** Shows a match: the member's choice, or the match of the anchor or live room they follow. */
      open(matchId: number) {
        const quiet = self.ask(matchId);
        return self.request.run(() => load(matchId), self.take, {
          quiet,
          failed: (error) => envOf(self).logger.warn('[matchDetail] load failed', error),
        });
      },
    };
  })
  .actions((self) => ({
    /** Reloads what shows (quietly) or retries what failed. */
    reload() {
      if (self.requestedId !== undefined) void self.open(self.requestedId);
    },
  }))
  .actions((self) => ({
    /** The screen shows: load the match and keep its markets current. */
    show(matchId: number) {
      void self.open(matchId);
      self.request.poll(DETAIL_LOOP, DETAIL_REFRESH_MS, { task: () => self.reload(), pauseWhenHidden: true });
    },
    /** The screen went away. */
    hide() {
      self.request.stopPolling();
    },
  }));

export type MatchDetailStoreInstance = Instance<typeof MatchDetailStore>;

/** What the match screen needs of the app's root store. */
export interface MatchDetailRoot extends OnDemandRoot {
  settings: { apiLanguage: string };
}

/**
 * The match screen's store, made the first time the screen shows so its code loads with that screen. Names come in
 * the request language: a new language reloads the match.
 */
export const { of: matchDetailOf } = onDemand('matchDetail', MatchDetailStore, (store, root: MatchDetailRoot) => {
  const { events } = envOf(root);
  addDisposer(store, reaction(() => root.settings.apiLanguage, () => store.status !== 'idle' && store.reload()));
  // Prices and scores of the match that shows came by push: missed ones (or a platform restart) mean its state is stale.
  const onGap = ({ chId }: { chId: string }) => {
    if (store.requestedId !== undefined && matchIdOfChannel(chId) === store.requestedId) store.reload();
  };
  events.on('push.gap', onGap);
  addDisposer(store, () => {
    events.off('push.gap', onGap);
    store.hide();
  });
});
