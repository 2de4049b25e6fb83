/** Paths of the betting calls the app's slip makes (docs/api.md "Betting"). */
export const BETTING_PATHS = {
  betInfo: '/v1/order/batchBetMatchMarketOfJumpLine',
  singlePass: '/v1/order/bet/singlePass',
  betMultiple: '/v1/order/betMultiple',
  orderStatus: '/v1/order/getStakeOrderStatus',
  builderQuote: '/v1/order/builder/quote',
  betBuilder: '/v1/order/bet/builder',
} as const;

// In a module of its own: the app's live room imports it from its lazy chunks, and a value of this module (which the
// first download holds for the slip) would be pulled into the first download with it.
export { LIVE_ROOM_PATHS } from './liveRoomPaths';

/** Paths of the chat routes (spec 001 section 7; the order routes and the upload are the platform's, docs/api.md). */
export const CHAT_PATHS = {
  token: '/api/forehead/user/chat/token/v2',
  rule: '/api/forehead/user/chat/get/rule',
  show: '/api/forehead/user/chat/live/show/v2',
  emoji: '/api/forehead/live/emoji/list',
  reportCategories: '/api/forehead/live/chat/report/cate',
  reportAdd: '/api/forehead/live/chat/report/add',
  reportHostAdd: '/report/add',
  imageUpload: '/api/forehead/live/chat/image/upload',
  file: '/api/forehead/system/file/get',
  orderRule: '/api/forehead/live/chat/order/rule',
  orderHistory: '/api/forehead/live/chat/order/history',
  history: '/api/forehead/live/chat/history',
  socket: '/chat',
} as const;

/** The settings collection cfg/get and cfg/set take (spec 001 section 7: collect=UserConfig). */
export const USER_CONFIG = 'UserConfig';

/** Paths of the member settings, the app log and the live showorder config (docs/api.md). */
export const SETTINGS_PATHS = {
  cfgGet: '/api/forehead/system/cfg/get',
  cfgSet: '/api/forehead/system/cfg/set',
  logAdd: '/api/forehead/system/log/add',
  showOrderConfig: '/api/forehead/live/showorder/config',
} as const;

// The experts' paths live in contract/expertsPaths.ts so the app's lazy chunks keep them out of the initial bundle.
export { BANKER_PATHS, EXPERTS_PATHS, SERVICE_NEWS_PATHS } from './expertsPaths';
