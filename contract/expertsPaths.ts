/**
 * The experts', banker's and customer-service news paths (docs/api.md "Experts, banker, banners, customer service"),
 * in a module of their own: the app reads them only from lazy chunks (the experts plugin, the banner area), and a
 * module the initial bundle also imports (contract/paths.ts, for the slip's paths) keeps every export any chunk uses
 * in the initial bundle. contract/paths.ts re-exports them for the platform.
 */

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
