import { reaction } from 'mobx';
import { addDisposer, addMiddleware, flow, types, type IAnyStateTreeNode, type Instance } from 'mobx-state-tree';
import { SETTINGS_PATHS, USER_CONFIG } from '../../../contract/paths';
import type { StoredUserConfig, UserConfig } from '../../../contract/settings';
import { createAppLog, type AppLog } from '../../services/appLog';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';

/** Changes made close together go out as one write (a member clicking through the scopes). */
export const SAVE_DELAY_MS = 400;
const SAVE_TIMER = 'memberSettings.save';

/** What of the app root the member's settings read and drive. */
export interface MemberSettingsRoot extends OnDemandRoot {
  session: { isLogin: boolean; userData?: { uid: string; username: string } };
  ui: { merchantId: string };
  settings: IAnyStateTreeNode & {
    oddsFormat: number;
    oddsChange: number;
    acceptPush: number;
    acceptList: readonly number[] | undefined;
    listOrder: number;
    setOddsFormat(format: number): void;
    setListOrder(order: number): void;
    setOddsChange(value: number): void;
    applyPushSetting(acceptPush: number | undefined, acceptList: readonly number[] | undefined): void;
  };
}

/** The fields the app writes through, as the member has them now. */
type Synced = Pick<StoredUserConfig, 'handicap' | 'accept' | 'acceptList' | 'push_event' | 'event_sort' | 'showSettingChangableTip'>;

const flag = (value: number | undefined): 0 | 1 => (value === 1 ? 1 : 0);
/** The stored fields among `keys` of an answer. */
const pick = (answer: UserConfig, keys: string[]): Partial<Synced> =>
  Object.fromEntries(keys.filter((key): key is keyof Synced => key !== 'setup').map((key) => [key, answer[key]]));
const sameList = (a: readonly number[] | undefined, b: readonly number[] | undefined) => (a ?? []).join() === (b ?? []).join();

/**
 * The member's settings on the platform (docs/architecture.md "Member settings"): loaded at sign-in and applied to the
 * settings store (odds format and acceptance of this merchant, goal push and its scopes), then every change the member
 * makes there is written through, debounced and one write at a time. A failed load is only logged (spec 001 section 8)
 * and the app keeps its local copy; a failed write shows a toast and keeps the local value, which the next write
 * carries again. Loaded with its own chunk, so the first download only holds the reaction that asks for it.
 */
export const MemberSettingsStore = types
  .model('MemberSettingsStore', {})
  .volatile(() => ({
    root: undefined as MemberSettingsRoot | undefined,
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
    /** What the platform holds, as far as the app knows: a write sends only what differs from it. */
    synced: undefined as Synced | undefined,
    /** The spec's login-state showSettingChangableTip: true until the member confirmed the goal-push alert. */
    showSettingChangableTip: true,
    saving: false,
    saveFailed: false,
    stop: undefined as (() => void) | undefined,
    appLog: undefined as AppLog | undefined,
  }))
  .views((self) => ({
    get current(): Synced {
      const { settings } = self.root!;
      return {
        handicap: settings.oddsFormat as Synced['handicap'],
        accept: settings.oddsChange as Synced['accept'],
        acceptList: [0, 1, 2, 3].map((i) => flag(settings.acceptList?.[i])) as Synced['acceptList'],
        push_event: flag(settings.acceptPush),
        event_sort: flag(settings.listOrder),
        showSettingChangableTip: self.showSettingChangableTip,
      };
    },
  }))
  .views((self) => ({
    /** The fields changed since the platform last answered, as a cfg/set update (odds fields also under this merchant). */
    get changes(): StoredUserConfig {
      const now = self.current;
      const was = self.synced;
      const update: StoredUserConfig = {};
      if (now.handicap !== was?.handicap) update.handicap = now.handicap;
      if (now.accept !== was?.accept) update.accept = now.accept;
      if (!sameList(now.acceptList, was?.acceptList)) update.acceptList = now.acceptList;
      if (now.push_event !== was?.push_event) update.push_event = now.push_event;
      if (now.event_sort !== was?.event_sort) update.event_sort = now.event_sort;
      if (now.showSettingChangableTip !== was?.showSettingChangableTip) update.showSettingChangableTip = now.showSettingChangableTip;
      if (update.handicap !== undefined || update.accept !== undefined) {
        update.setup = { [self.root!.ui.merchantId]: { handicap: now.handicap, accept: now.accept } };
      }
      return update;
    },
  }))
  .actions((self) => ({
    setStatus(status: typeof self.status) {
      self.status = status;
    },
    setSynced(config: Synced) {
      self.synced = { ...config, acceptList: config.acceptList && ([...config.acceptList] as Synced['acceptList']) };
    },
    setSaving(saving: boolean, failed = self.saveFailed) {
      self.saving = saving;
      self.saveFailed = failed;
    },
    /** Fields a host's props changed count as the platform's: the host keeps its own settings, the app does not echo them. */
    adoptFromHost(before: Synced) {
      const after = self.current;
      const synced = { ...(self.synced ?? before) } as Record<keyof Synced, unknown>;
      for (const key of Object.keys(after) as (keyof Synced)[]) {
        if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) synced[key] = after[key];
      }
      self.synced = synced as Synced;
    },
    /** The member confirmed the goal-push alert ("got it"): it does not show again, here or in another browser. */
    confirmTip() {
      self.showSettingChangableTip = false;
    },
    /** The platform's answer, applied: this merchant's own odds settings win over the member's general ones. */
    apply(config: UserConfig) {
      const { settings, ui } = self.root!;
      const own = config.setup[ui.merchantId];
      const handicap = own?.handicap ?? config.handicap;
      const accept = own?.accept ?? config.accept;
      settings.setOddsFormat(handicap);
      settings.setOddsChange(accept);
      settings.applyPushSetting(config.push_event, config.acceptList);
      settings.setListOrder(config.event_sort);
      self.showSettingChangableTip = config.showSettingChangableTip;
      self.synced = {
        handicap,
        accept,
        acceptList: [...config.acceptList],
        push_event: config.push_event,
        event_sort: config.event_sort,
        showSettingChangableTip: config.showSettingChangableTip,
      };
    },
  }))
  .actions((self) => {
    let again = false;
    return {
      /** Writes what changed; a write asked for while one runs follows it, so the last change always arrives. */
      save: flow(function* save() {
        const { http, toast, i18n, logger } = envOf(self);
        if (self.saving) {
          again = true;
          return;
        }
        do {
          again = false;
          const update = self.changes;
          if (!self.root!.session.isLogin || Object.keys(update).length === 0) break;
          self.setSaving(true);
          try {
            const answer: UserConfig = yield Promise.resolve(http.forehead.post(SETTINGS_PATHS.cfgSet, { collect: USER_CONFIG, jsonStr: JSON.stringify(update) }));
            // Only what was sent counts as stored: a change made while the write ran is still to go.
            self.setSynced({ ...self.current, ...self.synced, ...pick(answer, Object.keys(update)) });
            self.setSaving(false, false);
          } catch (error) {
            logger.warn('[settings] not saved; the app keeps the member\'s choice', error);
            self.setSaving(false, true);
            toast.error(i18n.t('settings.saveFailed'));
            break;
          }
        } while (again);
      }),
    };
  })
  .actions((self) => ({
    /** Sign-in: the platform's settings replace the local ones; without them the local copy stays (logged only). */
    load: flow(function* load() {
      const { http, logger } = envOf(self);
      self.setStatus('loading');
      try {
        const config: UserConfig = yield Promise.resolve(http.forehead.get(SETTINGS_PATHS.cfgGet, { params: { collect: USER_CONFIG } }));
        if (!self.root!.session.isLogin) {
          self.setStatus('idle');
          return;
        }
        self.apply(config);
        self.setStatus('ready');
        self.appLog?.report({ level: 'info', event: 'signIn' });
      } catch (error) {
        logger.warn('[settings] not loaded; the app keeps its local settings', error);
        // The local copy is the baseline: only what the member changes from now on is written, never the copy itself
        // over what the platform holds.
        self.setSynced(self.current);
        self.setStatus('failed');
      }
    }),
  }))
  .actions((self) => ({
    start(root: MemberSettingsRoot) {
      self.root = root;
      const { scheduler, http, logger, clock, storage } = envOf(self);
      // The logging service (spec 001 section 7) comes with the member's settings: its events name the member, and
      // this chunk is what loads at sign-in. Uncaught errors of the page are reported from then on.
      const appLog = createAppLog({
        http,
        scheduler,
        logger,
        now: () => clock.now(),
        origin: () => `${window.location.origin}${window.location.pathname}`,
        member: () => root.session.userData && { uid: root.session.userData.uid, username: root.session.userData.username },
        token: () => storage.get('auth'),
      });
      self.appLog = appLog;
      const onError = (event: ErrorEvent) => appLog.report({ level: 'error', event: 'error.uncaught', message: String(event.message) });
      const onRejection = (event: PromiseRejectionEvent) =>
        appLog.report({ level: 'error', event: 'error.unhandledRejection', message: event.reason instanceof Error ? event.reason.message : String(event.reason) });
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onRejection);
      const stopHostWatch = addMiddleware(root.settings, (call, next) => {
        if (call.name !== 'applyHostSetting') return next(call);
        const before = self.current;
        next(call);
        self.adoptFromHost(before);
      });
      // Writes follow the member's changes once the platform's settings are in (or failed to come), never before: the
      // load itself must not be echoed back, nor a visitor's local choice overwrite what the member stored.
      const stopWatching = reaction(
        () => (self.status === 'ready' || self.status === 'failed' ? JSON.stringify(self.changes) : '{}'),
        (changes) => {
          if (changes !== '{}') scheduler.once(SAVE_TIMER, SAVE_DELAY_MS, () => void self.save());
        },
      );
      const stopSignIn = reaction(
        () => root.session.isLogin,
        (isLogin) => {
          if (isLogin) void self.load();
          else self.setStatus('idle');
        },
        { fireImmediately: true },
      );
      self.stop = () => {
        stopHostWatch();
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
        stopWatching();
        stopSignIn();
        scheduler.stop(SAVE_TIMER);
      };
    },
  }));

export type MemberSettingsStoreInstance = Instance<typeof MemberSettingsStore>;

/** The member's settings of an app root, made at the first sign-in (RootStore.watchSignIn). */
export const { of: memberSettingsOf, existing: existingMemberSettings } = onDemand('memberSettings', MemberSettingsStore, (store, root: MemberSettingsRoot) => {
  store.start(root);
  addDisposer(store, () => store.stop?.());
});
