/**
 * The SDK's binding entry: what a plugin's index.ts uses to attach each extension's lazy loader to its point and to
 * name the services it needs. It stays small because every plugin's index.ts is in the app's initial bundle; the
 * code the loaders import uses the full SDK (src/sdk/index.ts) instead.
 */
export { definePlugin, extension, type Plugin } from '../kernel/definePlugin';
export { sportPoint } from '../ui/matchList/points';
export { animationFieldPoint, animationPoint, dataPanelPoint, dataSourcePoint, videoPoint } from '../ui/matchDetail/points';
export { resultsProviderPoint } from '../ui/results/points';
export { liveRoomHeaderPoint, liveRoomOverlayPoint, liveRoomTabPoint } from '../ui/liveRoom/points';
export { pluginScreenPoint } from '../ui/home/points';
export { assetUrlRef, betSlipRef, httpRef, i18nRef, pushRef, schedulerRef, screenRef, sessionRef, storageRef, toastRef } from '../ui/services';
