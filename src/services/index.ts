export { consoleLogger, type Logger } from './logger';
export { safeJsonParse, tryJsonParse, type JsonParseResult } from './safeJson';
export {
  LOOP_INTERVALS,
  createScheduler,
  waitFor,
  type LoopHandle,
  type LoopOptions,
  type LoopTask,
  type Scheduler,
  type SchedulerOptions,
  type WaitForOptions,
} from './scheduler';
export {
  createMemoryStorage,
  createStorage,
  readUrlParams,
  storageKey,
  type AppStorage,
  type CollectedMatch,
  type LanguageFile,
  type OddsChangeAcceptance,
  type OddsFormatId,
  type StorageKey,
  type StorageValues,
  type UrlParams,
  type WaitingOrder,
} from './storage';
export {
  ApiError,
  CANCEL_MESSAGE,
  CODES,
  DEFAULT_TIMEOUT_MS,
  LOCAL_CODES,
  NO_AUTH_HEADER,
  SESSION_CODES,
  createHttp,
  isApiError,
  type ApiErrorInit,
  type HttpClients,
  type HttpDeps,
  type ServiceName,
} from './http';
export {
  PUSH_DEFAULTS,
  createPushClient,
  type PushClient,
  type PushClientOptions,
  type PushHandler,
  type PushMessage,
  type PushState,
  type WebSocketConstructor,
} from './push';
