import type { i18n as I18n } from 'i18next';
import { getEnv, type IAnyStateTreeNode } from 'mobx-state-tree';
import type { HostCallbacks } from '../../host/hostProps';
import type { KernelEmitter } from '../../kernel/events';
import type { HttpClients } from '../../services/http';
import type { Logger } from '../../services/logger';
import type { PushClient } from '../../services/push';
import type { Scheduler } from '../../services/scheduler';
import type { AppStorage } from '../../services/storage';
import type { ToastStoreInstance } from './toast';
import type { OfferedSports } from '../../../domain/sports';
import type { LiveBookInstance } from './liveBook';

/** What every store gets injected (never imported as singletons, so tests pass fakes and a remount starts clean). */
export interface Env {
  http: HttpClients;
  push: PushClient;
  scheduler: Scheduler;
  storage: AppStorage;
  clock: { now(): number };
  i18n: I18n;
  host: HostCallbacks;
  /** The toast stack: a node of the root's tree (RootStore.toast), here for the helpers given only the env. */
  toast: ToastStoreInstance;
  logger: Logger;
  /**
   * Live scores, clocks and prices of what the screens show; shared by every screen, fed by push. A node of the root's
   * tree (RootStore.liveBook), here for the helpers given only the env.
   */
  liveBook: LiveBookInstance;
  /** The kernel's event bus (the same emitter the UI and plugins get), for events stores raise. */
  events: KernelEmitter;
  /**
   * The sports this merchant offers (kernel offeredSportsOf, from the config the plugins load from): the one answer
   * every store asks before it shows a match or takes a selection (docs/config.md "Sports a merchant offers").
   */
  sports: OfferedSports;
}

export const envOf = (node: IAnyStateTreeNode): Env => getEnv<Env>(node);
