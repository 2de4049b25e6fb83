/*
 * Every path the app calls, written once (scripts/boundaries/routePaths.test.ts: no other path literal in src/; the
 * platform test server/test/routePaths.test.ts: each one is a route of the platform). Grouped by service as
 * docs/api.md groups them.
 */

/** The betting calls (docs/api.md "Betting"): bet info, placing, status, history, pre-bets. */
export const BETTING_PATHS = {
  betInfo: '/v1/order/batchBetMatchMarketOfJumpLine',
  singlePass: '/v1/order/bet/singlePass',
  betMultiple: '/v1/order/betMultiple',
  orderStatus: '/v1/order/getStakeOrderStatus',
  builderQuote: '/v1/order/builder/quote',
  betBuilder: '/v1/order/bet/builder',
  /** My bets' pages, goal push's open bets and the cash out's settled check. */
  betList: '/v1/order/new/bet/list',
  reserveList: '/v1/order/new/reserve/betList',
  reserveModify: '/v1/order/reserve/modify',
  reserveCancel: '/v1/order/reserve/cancel',
  reserveParameter: '/v1/order/reserve/getBetParameter',
  reserveBet: '/v1/order/reserve/bet',
} as const;

/** Early settlement (docs/api.md "Cash out"). */
export const CASH_OUT_PATHS = {
  price: '/v1/order/cashOut/price',
  execute: '/v1/order/cashOut/execute',
  auto: '/v1/order/cashOut/auto',
  autoCancel: '/v1/order/cashOut/auto/cancel',
  byIds: '/v1/order/getCashOutsByIds',
} as const;

/** The match service (docs/api.md "Match lists", "Match detail", "Match data"): no token. */
export const MATCH_PATHS = {
  list: '/api/match/getList',
  leagueList: '/api/match/leagueList',
  detail: '/api/match/getMatchDetail',
  statistics: '/api/match/statistical',
  search: '/api/match/queryMatchByRecommend',
  history: '/api/match/history',
  analysis: '/api/match/analysis',
} as const;

/** The forehead service's member and system calls (docs/api.md "Members", "System"). */
export const FOREHEAD_PATHS = {
  login: '/api/forehead/user/login',
  loginState: '/api/forehead/user/loginState',
  logout: '/api/forehead/user/logout',
  /** GET, with the merchant id: the merchant's app config. */
  appConfig: '/api/forehead/system/config/app',
  /** GET: the maintenance notice. */
  maintenance: '/api/forehead/system/config/maintenance',
  domainList: '/api/forehead/system/domain/list/v2',
  staticList: '/api/forehead/system/language/staticList',
  bannerImages: '/api/forehead/system/config/images/query',
} as const;

/** The media host (docs/api.md "Media"): GET, on the media base. */
export const MEDIA_PATHS = {
  video: '/media/video/web',
  anchor: '/media/anchor/web',
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
