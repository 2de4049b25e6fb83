/**
 * The SDK's binding entry: what a plugin's index.ts uses to attach each extension's lazy loader to its point and to
 * name the services it needs. It stays small because every plugin's index.ts is in the app's initial bundle; the
 * code the loaders import uses the full SDK (src/sdk/index.ts) instead.
 */
import type { ServiceRef } from '../kernel/services';
import * as appRefs from '../core/ui/services';
import type { HttpClients, PushClient, Scheduler, Toaster } from './services';

export { definePlugin, extension, type Plugin } from '../kernel/definePlugin';
export { sportPoint } from '../features/lists/points';
export { animationFieldPoint, animationPoint, dataPanelPoint, dataSourcePoint, videoPoint } from '../features/match/points';
export { resultsProviderPoint } from '../features/results/points';
export { liveRoomHeaderPoint, liveRoomOverlayPoint, liveRoomTabPoint } from '../features/liveRoom/points';
export { pluginScreenPoint } from '../features/home/points';
export { assetUrlRef, betSlipRef, i18nRef, screenRef, sessionRef } from '../core/ui/services';

/*
 * The refs of the app's own services, typed as plugins see them (src/sdk/services.ts): the same refs the app binds, so
 * `useService` finds the app's value, but narrowed to what a plugin calls. A ref's type is covariant, so each line
 * checks the app's service against its SDK interface: the two cannot drift apart.
 */
export const httpRef: ServiceRef<HttpClients> = appRefs.httpRef;
export const pushRef: ServiceRef<PushClient> = appRefs.pushRef;
export const schedulerRef: ServiceRef<Scheduler> = appRefs.schedulerRef;
export const toastRef: ServiceRef<Toaster> = appRefs.toastRef;
