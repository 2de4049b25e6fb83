import { reaction } from 'mobx';
import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import { isAnchorVisible, orderAnchors, parseSpecialRoomIds, type Anchor } from '../domain/anchors';
import { LOOP_INTERVALS } from '../services/scheduler';
import type { QueryParams } from '../../contract/fields';
import type { AnchorSearchQuery } from '../../contract/live';
import { envOf } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';

/** Spec 001 section 9: "Anchor search timeout 10 s". */
export const ANCHOR_SEARCH_TIMEOUT_MS = 10_000;
const LOOP = 'anchors';
const NONE: readonly Anchor[] = [];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** What the screens read of a room; an entry missing one of these is dropped rather than shown half-empty. */
const isAnchor = (value: unknown): value is Anchor =>
  isRecord(value) &&
  typeof value.liveRoomId === 'number' &&
  typeof value.matchId === 'number' &&
  typeof value.anchorType === 'number' &&
  typeof value.liveStatus === 'number' &&
  typeof value.hostName === 'string' &&
  typeof value.sort === 'number' &&
  typeof value.popularity === 'number';

/**
 * The anchors on matches (spec 001: anchor search every 20 s, the anchor loop), and what this viewer may see of them:
 * normal rooms for all, exclusive and agent rooms only for a member whose special rooms (loaded on login) include
 * them. The platform filters too; the rule is applied here again because an operator's platform may not.
 */
export const AnchorsStore = types
  .model('AnchorsStore', {
    /** The spec's anchor search `pid` (product id): the merchant the app runs for (docs/api.md "pid"). */
    pid: 'default',
  })
  .volatile(() => ({
    rooms: [] as Anchor[],
    specialRoomIds: [] as number[],
    isLogin: false,
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  }))
  .views((self) => ({
    /** Rooms this viewer may see, de-duplicated, without ended ones, in the spec's order. */
    get visible(): Anchor[] {
      const viewer = { isLogin: self.isLogin, specialRoomIds: new Set(self.specialRoomIds) };
      return orderAnchors(self.rooms).filter((anchor) => isAnchorVisible(anchor, viewer));
    },
  }))
  .views((self) => ({
    get byMatch(): ReadonlyMap<number, readonly Anchor[]> {
      const map = new Map<number, Anchor[]>();
      for (const anchor of self.visible) map.set(anchor.matchId, [...(map.get(anchor.matchId) ?? []), anchor]);
      return map;
    },
  }))
  .views((self) => ({
    /** The anchors on a match, live ones first within the spec's order. */
    of(matchId: number): readonly Anchor[] {
      return self.byMatch.get(matchId) ?? NONE;
    },
  }))
  .actions((self) => ({
    /** One anchor search; a failure keeps the rooms already shown (the next loop tries again). */
    load: flow(function* load() {
      const { http, clock, logger } = envOf(self);
      if (self.status === 'idle') self.status = 'loading';
      try {
        const data: unknown = yield Promise.resolve(http.media.get('/ssapi/anchor/search', { params: { pid: self.pid, matchSource: 'all', t: clock.now() } satisfies QueryParams<AnchorSearchQuery>, timeout: ANCHOR_SEARCH_TIMEOUT_MS }));
        self.rooms = Array.isArray(data) ? data.filter(isAnchor) : [];
        self.status = 'ready';
      } catch (error) {
        logger.warn('anchor search failed', error);
        if (self.status === 'loading') self.status = 'failed';
      }
    }),
    /** Spec 001 section 4: special rooms load on login; a visitor has none. */
    loadSpecialRooms: flow(function* loadSpecialRooms() {
      if (!self.isLogin) {
        self.specialRoomIds = [];
        return;
      }
      try {
        const text: unknown = yield Promise.resolve(envOf(self).http.forehead.post('/api/forehead/live/liveRoom/getSpecialRoomIds', {}));
        // A member who signed out while the answer travelled keeps none.
        self.specialRoomIds = self.isLogin ? parseSpecialRoomIds(text) : [];
      } catch (error) {
        envOf(self).logger.warn('special rooms failed', error);
        self.specialRoomIds = [];
      }
    }),
    setLogin(isLogin: boolean) {
      self.isLogin = isLogin;
      if (!isLogin) self.specialRoomIds = [];
    },
  }))
  .actions((self) => ({
    /** The anchor loop (20 s, paused while the page is hidden), first run at once. */
    start() {
      envOf(self).scheduler.every(LOOP, LOOP_INTERVALS.anchors, () => self.load(), { immediate: true, pauseWhenHidden: true });
    },
    stop() {
      envOf(self).scheduler.stop(LOOP);
    },
    /** Sign-in or sign-out: the member's special rooms, then a fresh list (the platform answers by who asks). */
    async changeLogin(isLogin: boolean) {
      self.setLogin(isLogin);
      await self.loadSpecialRooms();
      if (self.status !== 'idle') await self.load();
    },
  }));

export type AnchorsStoreInstance = Instance<typeof AnchorsStore>;

export interface AnchorsRoot extends OnDemandRoot {
  session: { isLogin: boolean };
  ui: { merchantId: string };
}

/**
 * The anchors of an app root, made the first time a screen shows anchor badges, so its code loads with those screens
 * rather than in the initial bundle. It follows the root's session and runs the anchor loop until the app unmounts.
 */
export const { of: anchorsOf } = onDemand((root: AnchorsRoot) => {
  const store = AnchorsStore.create({ pid: root.ui.merchantId }, getEnv(root));
  store.setLogin(root.session.isLogin);
  void store.loadSpecialRooms();
  store.start();
  const stopFollowing = reaction(() => root.session.isLogin, (isLogin) => void store.changeLogin(isLogin));
  return {
    store,
    close() {
      stopFollowing();
      store.stop();
    },
  };
});
