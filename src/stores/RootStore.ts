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
