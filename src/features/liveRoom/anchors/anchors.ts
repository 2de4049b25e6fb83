import { reaction } from 'mobx';
import { addDisposer, flow, isAlive, types, type Instance } from 'mobx-state-tree';
import { anchorProxySchema } from '../../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../../contract/paths';
import { isAnchorVisible, mergeAnchors, orderAnchors, parseSpecialRoomIds, type AnchorRoom, type AnchorScope } from '../../../../domain/anchors';
import { LOOP_INTERVALS } from '../../../services/scheduler';
import type { QueryParams } from '../../../../contract/fields';
import type { AnchorSearchQuery } from '../../../../contract/live';
import { envOf } from '../../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../../core/store/onDemand';

/** Spec 001 section 9: "Anchor search timeout 10 s". */
export const ANCHOR_SEARCH_TIMEOUT_MS = 10_000;
/** The anchor loop (20 s, rooms on air) and the anchor-list poll (60 s, every room), spec 001 section 9. */
const LOOP = 'anchors';
const LIST_LOOP = 'anchorList';
const PROXY_LOOP = 'anchorProxy';
/** Spec 001 section 7 "Live get switch from proxy" (path not shown; docs/api.md). */
export const ANCHOR_PROXY_PATH = LIVE_ROOM_PATHS.anchorProxy;
const NONE: readonly AnchorRoom[] = [];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/**
 * What the screens read of a room; an entry missing one of these is dropped rather than shown half-empty. The anchor's
 * name is not among them: the spec's anchor has none, so a room without one shows under its anchor's id.
 */
const isAnchor = (value: unknown): value is AnchorRoom =>
  isRecord(value) &&
  typeof value.liveRoomId === 'number' &&
  typeof value.matchId === 'number' &&
  typeof value.anchorType === 'number' &&
  typeof value.liveStatus === 'number' &&
  typeof value.sort === 'number' &&
  typeof value.popularity === 'number' &&
  (value.hostName === undefined || typeof value.hostName === 'string');

/** The login state's `anchorProxyEnable`, 0 or 1; anything else reads as off. */
const proxyFlag = (value: unknown): 0 | 1 => (value === 1 ? 1 : 0);

/**
 * The anchors on matches (spec 001: the anchor list polled every 60 s and the anchor loop every 20 s, both merged by
 * liveRoomId), the anchor-proxy switch of a signed-in member, and what this viewer may see of the rooms:
 * normal rooms for all, exclusive and agent rooms only for a member whose special rooms (loaded on login) include
 * them. The platform filters too; the rule is applied here again because an operator's platform may not.
 */
export const AnchorsStore = types
  .model('AnchorsStore', {
    /** The spec's anchor search `pid` (product id): the merchant the app runs for (docs/api.md "pid"). */
    pid: 'default',
  })
  .volatile(() => ({
    rooms: [] as AnchorRoom[],
    specialRoomIds: [] as number[],
    isLogin: false,
    /** Spec 001 section 4: the anchor-proxy switch, re-checked every 60 s while signed in, 0 on failure. */
    proxyEnabled: 0 as 0 | 1,
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  }))
  .views((self) => ({
    /** Rooms this viewer may see, de-duplicated, without ended ones, in the spec's order. */
    get visible(): AnchorRoom[] {
      const viewer = { isLogin: self.isLogin, specialRoomIds: new Set(self.specialRoomIds) };
      // A room on a match of a sport the merchant switched off is not shown anywhere (lists, badges, the room itself).
      const { sports } = envOf(self);
      return orderAnchors(self.rooms).filter((anchor) => sports.offers(anchor.sportId, 'C') && isAnchorVisible(anchor, viewer));
    },
  }))
  .views((self) => ({
    get byMatch(): ReadonlyMap<number, readonly AnchorRoom[]> {
      const map = new Map<number, AnchorRoom[]>();
      for (const anchor of self.visible) map.set(anchor.matchId, [...(map.get(anchor.matchId) ?? []), anchor]);
      return map;
    },
  }))
  .views((self) => ({
    /** The anchors on a match, live ones first within the spec's order. */
    of(matchId: number): readonly AnchorRoom[] {
      return self.byMatch.get(matchId) ?? NONE;
    },
  }))
  .actions((self) => ({
    /**
     * One anchor search over `scope`, merged into the list by liveRoomId; a failure keeps the rooms already shown (the
     * next loop tries again).
     */
    load: flow(function* load(scope: AnchorScope = 'all') {
      const { http, clock, logger } = envOf(self);
      if (self.status === 'idle') self.status = 'loading';
      try {
        const data: unknown = yield Promise.resolve(http.media.get('/ssapi/anchor/search', { params: { pid: self.pid, matchSource: scope, t: clock.now() } satisfies QueryParams<AnchorSearchQuery>, timeout: ANCHOR_SEARCH_TIMEOUT_MS }));
        self.rooms = mergeAnchors(self.rooms, Array.isArray(data) ? data.filter(isAnchor) : [], scope);
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
        const text: unknown = yield Promise.resolve(envOf(self).http.forehead.post(LIVE_ROOM_PATHS.specialRoomIds, {}));
        // A member who signed out while the answer travelled keeps none.
        self.specialRoomIds = self.isLogin ? parseSpecialRoomIds(text) : [];
      } catch (error) {
        envOf(self).logger.warn('special rooms failed', error);
        self.specialRoomIds = [];
      }
    }),
    /**
     * Asks the platform for the anchor-proxy switch, answered as `{ anchorProxyEnable }` (contract anchorProxySchema);
     * a failure, an answer of another shape, or a member gone meanwhile turns it off.
     */
    checkProxy: flow(function* checkProxy() {
      const before = self.proxyEnabled;
      try {
        const answer: unknown = yield Promise.resolve(envOf(self).http.forehead.post(ANCHOR_PROXY_PATH, {}));
        self.proxyEnabled = self.isLogin ? anchorProxySchema.parse(answer).anchorProxyEnable : 0;
      } catch (error) {
        envOf(self).logger.warn('anchor proxy switch failed', error);
        self.proxyEnabled = 0;
      }
      return self.proxyEnabled !== before;
    }),
    /** A member's switch starts as their login state says (`anchorProxyEnable`); a visitor has none. */
    setLogin(isLogin: boolean, proxyEnabled: unknown = 0) {
      self.isLogin = isLogin;
      self.proxyEnabled = isLogin ? proxyFlag(proxyEnabled) : 0;
      if (!isLogin) self.specialRoomIds = [];
    },
  }))
  .actions((self) => ({
    /**
     * One re-check of the switch. When it flips, the member joined or left a user live group, so the rooms their
     * agent serves them through the group came or went: their special rooms and the list reload at once rather than
     * at the next 60 s poll (the platform answers both by who asks).
     */
    proxyChanged: flow(function* proxyChanged() {
      const changed: boolean = yield self.checkProxy();
      if (!changed || !self.isLogin) return;
      yield self.loadSpecialRooms();
      if (self.status !== 'idle') yield self.load();
    }),
  }))
  .actions((self) => ({
    /** The proxy switch's 60 s re-check runs while a member is signed in (paused while the page is hidden). */
    followProxy() {
      const { scheduler } = envOf(self);
      if (self.isLogin) scheduler.every(PROXY_LOOP, LOOP_INTERVALS.anchorProxy, () => self.proxyChanged(), { pauseWhenHidden: true });
      else scheduler.stop(PROXY_LOOP);
    },
  }))
  .actions((self) => ({
    /**
     * The anchor-list poll (60 s, every room) and the anchor loop (20 s, the rooms on air), both paused while the page is
     * hidden; the full list first, at once.
     */
    start() {
      const { scheduler } = envOf(self);
      scheduler.every(LIST_LOOP, LOOP_INTERVALS.anchorList, () => self.load('all'), { immediate: true, pauseWhenHidden: true });
      scheduler.every(LOOP, LOOP_INTERVALS.anchors, () => self.load('inplay'), { pauseWhenHidden: true });
      self.followProxy();
    },
    stop() {
      for (const loop of [LOOP, LIST_LOOP, PROXY_LOOP]) envOf(self).scheduler.stop(loop);
    },
    /** Sign-in or sign-out: the member's special rooms, then a fresh list (the platform answers by who asks). */
    async changeLogin(isLogin: boolean, proxyEnabled?: unknown) {
      self.setLogin(isLogin, proxyEnabled);
      self.followProxy();
      await self.loadSpecialRooms();
      // The app may have unmounted (ending this store) while the rooms loaded.
      if (isAlive(self) && self.status !== 'idle') await self.load();
    },
  }));

export type AnchorsStoreInstance = Instance<typeof AnchorsStore>;

export interface AnchorsRoot extends OnDemandRoot {
  session: { isLogin: boolean; anchorProxyEnable: number };
  ui: { merchantId: string };
}

/**
 * The anchors of an app root, made the first time a screen shows anchor badges, so its code loads with those screens
 * rather than in the initial bundle. It follows the root's session and runs the anchor loop until the app unmounts.
 */
export const { of: anchorsOf } = onDemand(
  'anchors',
  AnchorsStore,
  (store, root: AnchorsRoot) => {
    store.setLogin(root.session.isLogin, root.session.anchorProxyEnable);
    void store.loadSpecialRooms();
    store.start();
    addDisposer(store, reaction(() => root.session.isLogin, (isLogin) => void store.changeLogin(isLogin, root.session.anchorProxyEnable)));
    addDisposer(store, () => store.stop());
  },
  (root) => ({ pid: root.ui.merchantId }),
);
