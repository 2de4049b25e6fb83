import { types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import type { HostCallbacks, LoginState } from '../host/hostProps';
import { envOf, type Env } from './env';
import { MatchListStore } from './matchList';
import { SessionStore } from './session';
import { SettingsStore } from './settings';
import { StaticListStore } from './staticList';
import { UiStore } from './ui';

export const RootStore = types
  .model('RootStore', {
    session: types.optional(SessionStore, {}),
    settings: types.optional(SettingsStore, {}),
    staticList: types.optional(StaticListStore, {}),
    ui: types.optional(UiStore, {}),
    matchList: types.optional(MatchListStore, {}),
  })
  .views((self) => ({
    get underMaintenance() {
      return self.session.allInMaintain || self.ui.platformMaintenance;
    },
  }))
  .actions((self) => ({
    /** One app-wide seconds ticker (through the scheduler, paused while hidden) instead of a timer per clock. */
    startClock() {
      const { scheduler, clock } = envOf(self);
      self.ui.setNow(clock.now());
      scheduler.every('uiClock', 1000, () => self.ui.setNow(clock.now()), { pauseWhenHidden: true });
    },
    /** The list for a sport and list type; home and list are the app's two main views. */
    openList(query: { type?: number; sportId?: number }) {
      if (query.sportId !== undefined) self.ui.selectSport(query.sportId);
      self.ui.showView('list');
      return self.matchList.open({ ...query, sportId: query.sportId ?? self.ui.activeSportId ?? self.matchList.sportId });
    },
    showHome() {
      self.matchList.close();
      self.ui.showView('home');
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
  }));

export type RootStoreInstance = Instance<typeof RootStore>;

export function createRootStore(snapshot: SnapshotIn<typeof RootStore>, env: Env): RootStoreInstance {
  return RootStore.create(snapshot, env);
}
