import { reaction } from 'mobx';
import { addDisposer, destroy, detach, flow, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { isSameDayIn } from '../domain/calendar';
import type { HostCallbacks, LoginState } from '../../host/hostProps';
import { IN_PLAY_STATUSES, ListType } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import type { Maintenance } from '../../../contract/forehead';
import type { SelectionEvent } from '../../kernel/events';
import { BetSlipStore } from '../../features/slip/betSlip';
import { envOf, type Env } from './env';
import { FavouritesStore } from '../../features/favourites/favourites';
import { HomeStore } from '../../features/home/home';
import { LiveBook } from './liveBook';
import { MatchListStore } from '../../features/lists/matchList';
import { LAZY_SLOTS, lazySlots, type LazySlot } from './onDemand';
import { PushChannel } from '../../../contract/channels';
import { SessionStore } from './session';
import { SettingsStore } from './settings';
import { StaticListStore } from '../../features/lists/staticList';
import { StatisticsStore } from '../../features/myBets/statistics';
import { ToastStore } from './toast';
import { UiStore, type ScreenView } from './ui';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/** The platform's maintenance flag: read here, followed on the push channel (server routes/forehead/maintenance.ts). */
export const MAINTENANCE_CHANNEL = PushChannel.maintenance;

export const RootStore = types
  .model('RootStore', {
    session: types.optional(SessionStore, {}),
    settings: types.optional(SettingsStore, {}),
    staticList: types.optional(StaticListStore, {}),
    ui: types.optional(UiStore, {}),
    matchList: types.optional(MatchListStore, {}),
    statistics: types.optional(StatisticsStore, {}),
    favourites: types.optional(FavouritesStore, {}),
    home: types.optional(HomeStore, {}),
    betSlip: types.optional(BetSlipStore, {}),
    /** The env's toast stack and live book (createRootStore): made before the root, owned by it. */
    toast: types.optional(ToastStore, {}),
    liveBook: types.optional(LiveBook, {}),
    /** The stores made on demand (onDemand.ts): empty until their screen first needs them, their code loading with it. */
    ...lazySlots(),
  })
  .views((self) => ({
    get underMaintenance() {
      return self.session.allInMaintain || self.ui.platformMaintenance;
    },
  }))
  .actions((self) => ({
    /** Fills a slot with its store (onDemand's `of`, at its first use). */
    makeLazy(slot: LazySlot, snapshot: object) {
      self[slot] = snapshot;
      return self[slot];
    },
    afterCreate() {
      // Names in lists come from the platform in the member's language: a new language needs a fresh list.
      addDisposer(self, reaction(() => self.settings.locale, () => self.ui.view === 'list' && void self.matchList.refresh()));
      // Another order (the list header's control, or a member's stored one arriving at sign-in) loads the list again.
      addDisposer(self, reaction(() => self.settings.listOrder, () => self.ui.view === 'list' && void self.matchList.retry()));
      addDisposer(self, reaction(() => self.ui.timezone, (tz) => self.matchList.setTimeZone(tz), { fireImmediately: true }));
    },
  }))
  .actions((self) => ({
    /** Reads the platform's maintenance flag (docs/api.md "Maintenance"); a failed read keeps what the app knows. */
    loadMaintenance: flow(function* loadMaintenance() {
      try {
        const data: unknown = yield Promise.resolve(envOf(self).http.forehead.get(FOREHEAD_PATHS.maintenance, { noAuth: true }));
        const flag = (data as Partial<Record<keyof Maintenance, unknown>> | undefined)?.underMaintenance;
        if (typeof flag === 'boolean') self.ui.setPlatformMaintenance(flag);
      } catch (error) {
        envOf(self).logger.warn('[maintenance] flag not read', error);
      }
    }),
  }))
  .actions((self) => ({
    /**
     * Follows the platform's maintenance flag for as long as the app is mounted: read once, then every change an
     * operator makes arrives on the push channel; a missed message (gap or platform restart) reads it again.
     */
    /**
     * The goal push loads (and listens to football events) once the member's setting asks for it; a later "off"
     * keeps it loaded, and its own check of the setting keeps it quiet.
     */
    watchGoalPush() {
      addDisposer(
        self,
        reaction(
          () => self.settings.goalPushWanted,
          (wanted) => {
            if (wanted) void import(/* webpackChunkName: "goal-push" */ '../../features/goalPush/goalPush').then((m) => m.goalPushOf(self));
          },
          { fireImmediately: true },
        ),
      );
    },
    /** A member's settings live on the platform: their chunk loads at the first sign-in and follows the session from then on. */
    /**
     * A sign-in starts the member's own stores, each with its chunk: their settings, and their live side (follows,
     * bookings, booking notices). Made once; each follows the session from then on (another member's sign-in, a sign-out).
     */
    watchSignIn() {
      addDisposer(
        self,
        reaction(
          () => self.session.isLogin,
          (isLogin) => {
            if (!isLogin) return;
            void import(/* webpackChunkName: "member-settings" */ '../../features/settings/memberSettings').then((m) => m.memberSettingsOf(self));
            void import(/* webpackChunkName: "live-member" */ '../../features/liveRoom/liveMember').then((m) => m.liveMemberOf(self));
          },
          { fireImmediately: true },
        ),
      );
    },
    watchMaintenance() {
      const { push, events } = envOf(self);
      void self.loadMaintenance();
      const unsubscribe = push.subscribe(MAINTENANCE_CHANNEL, (data) => {
        const flag = (data as Partial<Record<keyof Maintenance, unknown>> | undefined)?.underMaintenance;
        if (typeof flag === 'boolean') self.ui.setPlatformMaintenance(flag);
      });
      const onGap = ({ chId }: { chId: string }) => chId === MAINTENANCE_CHANNEL && void self.loadMaintenance();
      events.on('push.gap', onGap);
      addDisposer(self, () => {
        unsubscribe();
        events.off('push.gap', onGap);
      });
    },
    /** One app-wide seconds ticker (through the scheduler, paused while hidden) instead of a timer per clock. */
    startClock() {
      const { scheduler, clock } = envOf(self);
      self.ui.setNow(clock.now());
      scheduler.every('uiClock', 1000, () => self.ui.setNow(clock.now()), { pauseWhenHidden: true });
    },
    /**
     * The list for a sport and list type (optionally some of its leagues); the list is one of the main views. A sport
     * the merchant switched off (an old link's `?sport=`) opens the first sport it offers instead.
     */
    openList(asked: { type?: number; sportId?: number; leagueIds?: number[] }) {
      const { sports } = envOf(self);
      const query = asked.sportId !== undefined && !sports.offers(asked.sportId, 'A') ? { ...asked, sportId: sports.idsA[0] } : asked;
      if (query.sportId !== undefined) self.ui.selectSport(query.sportId);
      self.ui.showView('list');
      return self.matchList.open({ ...query, sportId: query.sportId ?? self.ui.activeSportId ?? self.matchList.sportId });
    },
    /** A screen of its own (not a list, not one match): the list stops following its matches while it is away. */
    showScreen(view: ScreenView) {
      self.matchList.close();
      self.ui.showView(view);
    },
    /** A plugin's own screen (an `app.screen` extension), as showScreen does for the app's. */
    showPluginScreen(screen: string, detail?: string) {
      self.matchList.close();
      self.ui.showPluginScreen(screen, detail);
    },
    /** Host props arrive on mount and on every update(props): login state, balances and settings, no remount. */
    applyHostProps(state: LoginState) {
      self.session.applyLoginState(state);
      self.settings.applyHostSetting(state);
    },
    /**
     * A visitor tried something that needs a member (adding a bet): the host's login when it offers one,
     * otherwise the app's own dialog.
     */
    requireLogin(reason?: string): boolean {
      if (self.session.isLogin) return true;
      const host: HostCallbacks = envOf(self).host;
      if (host.requestLogin) host.requestLogin();
      else self.ui.openLogin(reason);
      return false;
    },
  }))
  .actions((self) => ({
    afterCreate() {
      // Favourites restore from storage and start watching for ended matches when first touched; do it now.
      void self.favourites.count;
      // A finished list tells favourites which starred matches ended or left it.
      addDisposer(
        self,
        reaction(
          () => self.matchList.loaded,
          (loaded) => {
            if (loaded) self.favourites.reconcileList(loaded);
          },
        ),
      );
      // Names come from the platform in the request language: a new language reloads what shows.
      addDisposer(
        self,
        reaction(
          () => self.settings.apiLanguage,
          (language) => {
            // Only what has loaded before: the language restored at start-up comes before any load.
            if (self.staticList.wanted !== undefined) void self.staticList.load(language);
            if (self.statistics.status !== 'idle') void self.statistics.load();
            // Home's live matches are also the right column's live video list, which shows on every view.
            if (self.home.live.status !== 'idle') void self.home.loadLive(true);
            if (self.home.hot.status !== 'idle' && self.home.hotLeagueIds) void self.home.loadHot(self.home.hotLeagueIds, true);
          },
        ),
      );
    },
    /** Unmount: stop what keeps running on its own (loops, pending retries, debounces). */
    dispose() {
      // The stores made on demand end here (their disposers stop what they run), last slot first: a store that follows
      // another (the lobby the anchors, My bets the cash outs) stops before it. Each is detached first, so it keeps
      // the env: an answer still in flight lands in the ended store instead of failing to find its services.
      for (const slot of [...LAZY_SLOTS].reverse()) {
        const store = self[slot];
        if (store) destroy(detach(store));
      }
      self.betSlip.close();
      self.statistics.close();
      self.matchList.close();
    },
  }))
  .actions((self) => ({
    /**
     * A search result is the match the member looked for: its screen opens. The list behind it is the one that holds
     * the match now (in-play when live, today when it kicks off before the platform's day ends, early otherwise) with
     * every league, so Back from the match lands on that list without a league filter left behind.
     */
    openSearchResult(match: WireMatch) {
      const today = isSameDayIn(match.beginTime, envOf(self).clock.now(), self.ui.timezone);
      const type = IN_PLAY_STATUSES.has(match.matchStatus) ? ListType.InPlay : today ? ListType.Today : ListType.Early;
      const listed = self.openList({ type, sportId: match.sportId, leagueIds: [] });
      self.ui.showMatch(match.matchId);
      return listed;
    },
  }))
  .actions((self) => ({
    afterCreate() {
      // A member's click on a price (kernel event betSlip.add) lands in the slip; a visitor's waits for their login.
      const { events } = envOf(self);
      const onAdd = (selection: SelectionEvent) => self.betSlip.add(selection);
      events.on('betSlip.add', onAdd);
      addDisposer(self, () => events.off('betSlip.add', onAdd));
      self.betSlip.connect();
      // The orders store comes with the slip's chunk (ordersOf); orders an earlier page left waiting load it now, so
      // they are followed and announced even before the slip shows.
      // Without any, a selection restored as waiting for an order is free again at once.
      if (envOf(self).storage.get('waitingOrders').length > 0) void import(/* webpackChunkName: "bet-slip" */ '../../features/slip/orders').then((m) => m.ordersOf(self));
      else self.betSlip.releaseUnfollowed(new Set());
      // Early settlement loads with My bets (cashOutOf); a cash out an earlier page left being confirmed loads it
      // as soon as its member is back, so its outcome is still announced.
      addDisposer(
        self,
        reaction(
          () => self.session.isLogin,
          (isLogin) => {
            if (isLogin && envOf(self).storage.get('cashOutPolling').length > 0) void import(/* webpackChunkName: "cash-out" */ '../../features/cashOut/cashOut').then((m) => m.cashOutOf(self));
          },
          { fireImmediately: true },
        ),
      );
    },
  }));

export type RootStoreInstance = Instance<typeof RootStore>;

/**
 * The root of one mount. The toast stack and the live book are made before it (the boot's first calls report network
 * errors, the push feeds the book) and reach the stores through the env, so the helpers given only the env find them
 * too; the root takes those same nodes in as its children, so they live and end with its tree.
 */
export function createRootStore(snapshot: Omit<SnapshotIn<typeof RootStore>, 'toast' | 'liveBook'>, env: Env): RootStoreInstance {
  return RootStore.create({ ...snapshot, toast: env.toast, liveBook: env.liveBook }, env);
}
