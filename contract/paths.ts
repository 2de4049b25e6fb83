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

/** Paths of the live room's member calls (docs/api.md "Live room"); the spec's where it names them. */
export const LIVE_ROOM_PATHS = {
  subscribe: '/api/forehead/live/subscribe',
  unsubscribe: '/api/forehead/live/unsubscribe',
  subscribeInfo: '/api/forehead/live/user/subscribe/info',
  bookingAdd: '/api/forehead/live/booking/add',
  bookingCancel: '/api/forehead/live/booking/cancel',
  bookingList: '/api/forehead/live/booking/list',
  watch: '/api/forehead/live/submit/watch',
  activitySelect: '/api/forehead/live/match/activity/select',
  messageSelect: '/api/forehead/live/match/message/select',
  enterAnimation: '/api/forehead/live/enter/animation',
  anchorProxy: '/api/forehead/live/get/switch/proxy',
  /** The rooms the anchor badges name (special rooms). */
  specialRoomIds: '/api/forehead/live/liveRoom/getSpecialRoomIds',
  firstBetInfo: '/api/forehead/live/firstBet/info',
  firstBetJoin: '/api/forehead/live/firstBet/join',
  titleCatalogue: '/api/forehead/user/membertitlemanagement/listpc',
  titleWall: '/api/forehead/user/title/wall/info',
  titleSet: '/api/forehead/user/title/set/info',
  titleList: '/api/forehead/user/title/list/all',
  titleObtain: '/api/forehead/user/title/obtain/info',
} as const;

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

/** Where the spec leaves a path out, the platform's choice, in the family of the calls it names (docs/api.md). */
export const EXPERTS_PATHS = {
  /** GET, the spec's "live sports message v2 info". */
  messageList: '/api/forehead/live/sports/message/v2/info',
  /** GET, the spec's "message v2 info detail". */
  messageDetail: '/api/forehead/live/sports/message/v2/info/detail',
  /** POST, the spec's path verbatim. */
  buy: '/api/forehead/live/sports/message/v2/buy',
  commentPublish: '/api/forehead/live/sports/message/comment/publish',
  commentList: '/api/forehead/live/sports/message/comment/list',
  myCommentList: '/api/forehead/live/sports/message/comment/my/list',
  commentLiked: '/api/forehead/live/sports/message/comment/liked',
  commentReportCate: '/api/forehead/live/sports/message/comment/report/cate',
  commentReportAdd: '/api/forehead/live/sports/message/comment/report/add',
  /** POST, the spec's "chat get comment rule", beside GET user/chat/get/rule. */
  commentRule: '/api/forehead/user/chat/get/comment/rule',
  personList: '/api/forehead/live/sports/person/list',
  personDetail: '/api/forehead/live/sports/person/detail',
  /** The person detail's now (unsettled) and history (settled) lists. */
  personMessages: '/api/forehead/live/sports/person/message/list',
  attention: '/api/forehead/live/sports/person/attention',
  attentionList: '/api/forehead/live/sports/person/attention/list',
  godList: '/api/forehead/live/sports/person/god/list',
  /** GET, an expert's avatar (SVG), the person's `profile`. */
  avatar: '/api/expert/avatar/:file',
} as const;

/** The banker's paths: the detail and the jump are the spec's; the game page is where the jump's URL opens. */
export const BANKER_PATHS = {
  detail: '/api/banker/forehead/gamebet/banker/detail',
  jump: '/api/banker/forehead/gamebet/game/jump',
  gameJump: '/api/forehead/gamebet/game/jump',
  /** GET, the game page a jump URL opens (redeems the one-time token; HTML served by the platform). */
  gamePage: '/game/:gameId',
  /** GET, a banker's head image (SVG), the detail's `headUrl`. */
  head: '/api/banker/head/:file',
} as const;

/** The customer-service news (spec: "call not shown"). */
export const SERVICE_NEWS_PATHS = {
  news: '/api/forehead/user/service/news',
  read: '/api/forehead/user/service/news/read',
  bubbleClose: '/api/forehead/user/service/news/bubble/close',
} as const;
