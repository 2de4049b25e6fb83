import * as z from 'zod/mini';
import { described } from './described';
import { ChatMessageKind, ChatUserType, LANGUAGES, MEMBER_CHAT_KINDS } from './enums';
import { request } from './fields';

/**
 * The chat: its HTTP answers and requests (/api/forehead/user/chat/..., /api/forehead/live/chat/..., the emoji list,
 * the file route) and every frame of the /chat websocket (docs/api.md "Chat"). Spec 001 sections 3, 5, 6 and 7.
 */

const int = () => z.int();
const id = () => z.int().check(z.minimum(1), z.maximum(2_147_483_647));
const money = (text: string) => described(z.string(), text);

export const CHAT_KINDS = Object.values(ChatMessageKind) as [ChatMessageKind, ...ChatMessageKind[]];
const kindSchema = described(z.enum(CHAT_KINDS), 'text, image, image-text, reply, order (members); auto, act (the platform)');
const userTypeSchema = described(z.literal([ChatUserType.User, ChatUserType.Agent]), '0 user, 1 agent of the room');

/** chatBanInfo: a mute in force (null when none). */
export const chatBanInfoSchema = z.object({
  until: described(int(), 'epoch ms when the mute ends'),
  reason: z.string(),
});
export type ChatBanInfo = z.infer<typeof chatBanInfoSchema>;

/** chatRule: the limits the platform enforces on /chat. */
export const chatRuleSchema = z.object({
  maxTextLength: described(int(), 'characters (code points) of a message after invisible characters are removed'),
  rateLimit: described(z.object({ messages: int(), perSeconds: int() }), 'at most `messages` sends per member in any `perSeconds` window'),
  historySize: described(int(), 'messages answered on join'),
  image: z.object({
    maxBytes: int(),
    maxWidth: int(),
    maxHeight: int(),
    types: described(z.array(z.string()), 'content types accepted by the upload'),
  }),
  memberKinds: described(z.array(z.enum(MEMBER_CHAT_KINDS)), 'kinds a member may send'),
  tokenTtlSeconds: described(int(), 'how long a chat token opens /chat'),
});
export type ChatRule = z.infer<typeof chatRuleSchema>;

/** GET /api/forehead/user/chat/token/v2. */
export const chatTokenSchema = z.object({
  token: described(z.string(), 'open /chat?token=<token> within chatRule.tokenTtlSeconds'),
  expiresAt: described(int(), 'epoch ms'),
  chatRule: chatRuleSchema,
  chatBanInfo: described(z.nullable(chatBanInfoSchema), 'a platform-wide mute; room mutes come with the join answer'),
});
export type ChatToken = z.infer<typeof chatTokenSchema>;

/** GET /api/forehead/user/chat/live/show/v2?gameId=. */
export const chatShowSchema = z.object({
  show: described(z.boolean(), 'true when a live room is on the match (waiting or living)'),
  roomIds: described(z.array(int()), "the match's live rooms (liveRoomId) the caller may see"),
});
export type ChatShow = z.infer<typeof chatShowSchema>;

/** POST /api/forehead/live/emoji/list: unicode emoji by group (the app chunks each group by 8). */
export const emojiGroupSchema = z.object({
  groupId: int(),
  name: described(z.string(), 'in the request language'),
  emojis: z.array(z.object({ id: described(z.string(), 'code points, e.g. "1f600"'), code: described(z.string(), 'the emoji itself') })),
});
export const emojiListSchema = z.array(emojiGroupSchema);
export type EmojiGroup = z.infer<typeof emojiGroupSchema>;

/** POST /api/forehead/live/chat/report/cate: report categories in the request language. */
export const reportCategorySchema = z.object({ id: int(), name: z.string() });
export const reportCategoriesSchema = z.array(reportCategorySchema);
export type ReportCategory = z.infer<typeof reportCategorySchema>;

/** POST /api/forehead/live/chat/report/add and GET /report/add: the stored report. */
export const reportAddedSchema = z.object({ id: int(), messageId: z.string(), cateId: int(), createdAt: int() });
export type ReportAdded = z.infer<typeof reportAddedSchema>;

/** POST /api/forehead/live/chat/image/upload: the stored image, sent in an image or image-text message as `image`. */
export const chatImageSchema = z.object({
  file: described(z.string(), '32 hex digits and the extension; GET /api/forehead/system/file/get/<file>'),
  url: described(z.string(), 'path of the file route'),
  type: z.string(),
  width: int(),
  height: int(),
  bytes: int(),
});
export type ChatImage = z.infer<typeof chatImageSchema>;

/** orderShowRule (spec 001 section 3): how many orders the share picker lists and the least stake per coin. */
export const orderShowRuleSchema = z.object({
  showCount: described(int(), 'orders listed (default 10)'),
  coins: z.array(z.object({ thirdCoin: described(z.string(), 'currency code'), minAmount: money('least stake of a shared order, 2 decimals') })),
});
export type OrderShowRule = z.infer<typeof orderShowRuleSchema>;

/**
 * A name in every interface language (gifts, event titles, teams, markets: names the platform makes): the app shows the
 * viewer's, so a switch of language renders it anew instead of keeping the words of whoever caused the message.
 */
export const languageTextsSchema = described(z.record(z.enum(LANGUAGES), z.string()), 'the same name in CMN, zh-TW, ENG, VIE and THA');
export type LanguageTexts = z.infer<typeof languageTextsSchema>;

/** One leg of a shared order in every language: the card is drawn in the viewer's. */
export const chatOrderLegSchema = z.object({
  matchId: int(),
  home: languageTextsSchema,
  away: described(z.nullable(languageTextsSchema), 'null for an outright (home names it)'),
  market: described(languageTextsSchema, 'the market with its period, e.g. "Handicap - 1st half"'),
  option: described(languageTextsSchema, 'the selection with its line'),
});
export type ChatOrderLeg = z.infer<typeof chatOrderLegSchema>;

/** The spec's chat order history item: a shared bet, as the picker lists it and as an order message carries it. */
export const chatOrderItemSchema = z.object({
  assetSymbol: described(z.string(), 'currency code'),
  betTitle: described(z.string(), 'the match ("Home vs Away") of a single; "N legs" for a multiple'),
  betAmount: money('stake'),
  odd: described(z.string(), 'decimal odds of the order'),
  outcomeCount: described(
    z.optional(int()),
    "outcomes of a single's market (2 = two-way: the card shows the odds in the viewer's format); 0 for a multiple, whose combined odds show decimal. Absent on cards shared before it existed: decimal",
  ),
  betSection: described(z.string(), '"<market>: <option>" per leg, joined by " / "'),
  wonAmount: money('returned so far: settlement and cash-out payouts'),
  orderStatus: described(int(), '4 confirmed, 5 settled'),
  betId: described(z.string(), "the order id's first 15 characters (the part orders are matched on)"),
  isEarlySettlement: described(z.boolean(), 'part of the stake was cashed out'),
  orderId: z.string(),
  legs: described(z.optional(z.array(chatOrderLegSchema)), 'the legs in every language, which the app words betTitle and betSection from; absent in orders shared before it existed'),
  betType: described(z.optional(int()), '1 single, 2 multiple, 3 bet builder (its legs are of one match); absent in orders shared before it existed'),
});
export type ChatOrderItem = z.infer<typeof chatOrderItemSchema>;

/** The order history route: the member's qualifying orders in the room's match, newest first, at most showCount. */
export const chatOrderHistorySchema = z.object({ rule: orderShowRuleSchema, matchId: z.nullable(int()), records: z.array(chatOrderItemSchema) });
export type ChatOrderHistory = z.infer<typeof chatOrderHistorySchema>;

/** A message quoted by a reply: enough to draw the quote without the original. */
export const chatQuoteSchema = z.object({ id: z.string(), uid: int(), nickname: z.string(), kind: kindSchema, text: z.string() });

/**
 * What the platform says in a room (kind `act`), as data the app words in each viewer's language (never a sentence
 * stored in one): a present sent, an answer lottery's question. The operator's own words (question, options, a title
 * the operator set) are plain text, shown as written.
 */
export const chatNoticeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('gift'),
    uid: described(int(), 'the sender'),
    nickname: z.string(),
    giftId: int(),
    giftName: languageTextsSchema,
    count: int(),
  }),
  z.object({
    type: z.literal('answerLottery'),
    recordId: described(int(), 'the answer lottery (live/lottery/approval/info)'),
    title: languageTextsSchema,
    question: described(z.string(), "the operator's question, plain text"),
    options: described(z.array(z.string()), "the operator's options, plain text, numbered from 1 when shown"),
  }),
]);
export type ChatNotice = z.infer<typeof chatNoticeSchema>;

/** One chat message as /chat delivers it and the join answer lists it. */
export const chatMessageSchema = z.object({
  id: described(z.string(), 'stored id: digits, increasing within the platform'),
  roomId: int(),
  kind: kindSchema,
  uid: described(int(), "sender's member id; 0 for the platform (auto, act)"),
  nickname: z.string(),
  vipLevel: described(int().check(z.minimum(0), z.maximum(10)), 'V0-V10'),
  titleId: described(z.nullable(int()), 'the title the sender wears'),
  userType: userTypeSchema,
  text: described(z.string(), 'plain text; never HTML. Empty for a notice; in platform messages stored before notices, the sentence as stored'),
  notice: described(z.optional(chatNoticeSchema), 'kind act: what the platform announced, for the app to word'),
  image: z.optional(chatImageSchema),
  reply: z.optional(chatQuoteSchema),
  order: z.optional(chatOrderItemSchema),
  createdAt: int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The longest slow mode an agent may set: one message per member every this many seconds. */
export const CHAT_SLOW_MODE_MAX_SECONDS = 600;

// ---- /chat frames a client sends ----

const ref = () => described(z.optional(z.string().check(z.maxLength(64))), 'echoed in the ack or error');

export const chatClientFrameSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('join'), roomId: id() }),
  z.object({ cmd: z.literal('leave'), roomId: id() }),
  z.object({
    cmd: z.literal('send'),
    ref: ref(),
    roomId: id(),
    kind: z.enum(MEMBER_CHAT_KINDS),
    text: z.optional(z.string().check(z.maxLength(4000))),
    image: z.optional(z.string().check(z.maxLength(64))),
    replyTo: z.optional(z.string().check(z.regex(/^\d{1,19}$/))),
    orderId: z.optional(z.string().check(z.regex(/^\d{1,30}$/))),
  }),
  z.object({ cmd: z.literal('delete'), ref: ref(), roomId: id(), messageId: z.string().check(z.regex(/^\d{1,19}$/)) }),
  z.object({
    cmd: z.literal('mute'),
    ref: ref(),
    roomId: id(),
    uid: id(),
    minutes: int().check(z.minimum(1), z.maximum(43_200)),
    reason: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  z.object({ cmd: z.literal('unmute'), ref: ref(), roomId: id(), uid: id() }),
  z.object({ cmd: z.literal('block'), ref: ref(), roomId: id(), chatBlock: z.boolean() }),
  z.object({
    cmd: z.literal('slow'),
    ref: ref(),
    roomId: id(),
    slowSeconds: described(int().check(z.minimum(0), z.maximum(CHAT_SLOW_MODE_MAX_SECONDS)), 'seconds between two messages of a member; 0 turns slow mode off'),
  }),
  z.object({ cmd: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

// ---- /chat frames the platform sends ----

/** Answer to a connection: who the platform takes the client for. */
export const chatHelloSchema = z.object({
  cmd: z.literal('hello'),
  uid: described(int(), '0 for a visitor (reads, cannot send)'),
  nickname: z.string(),
  chatRule: chatRuleSchema,
});

export const chatJoinedSchema = z.object({
  cmd: z.literal('joined'),
  roomId: int(),
  chId: described(z.string(), 'the channel room events arrive on'),
  messages: described(z.array(chatMessageSchema), 'the latest chatRule.historySize messages, oldest first'),
  chatBlock: z.boolean(),
  chatBanInfo: z.nullable(chatBanInfoSchema),
  userType: userTypeSchema,
  canSend: z.boolean(),
  slowSeconds: described(int(), "the room's slow mode: seconds between two messages of a member (agents exempt); 0 when off"),
  nextSendAt: described(int(), 'epoch ms from which the member may send under slow mode; 0 when they may now (and for agents and visitors)'),
});

export const chatAckSchema = z.object({ cmd: z.literal('ack'), ref: z.optional(z.string()), id: z.optional(z.string()), createdAt: int() });
export const chatErrorFrameSchema = z.object({
  cmd: z.literal('error'),
  ref: z.optional(z.string()),
  code: described(int(), 'ChatError (contract/errors.ts) or 4001 for a malformed frame'),
  msg: z.string(),
  retryAfterSeconds: z.optional(int()),
});

/** One event of a room channel `chat:room:<roomId>` (its hub frames carry them as `data.events`). */
export const chatRoomEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: chatMessageSchema }),
  z.object({ kind: z.literal('delete'), roomId: int(), messageId: z.string() }),
  z.object({ kind: z.literal('block'), roomId: int(), chatBlock: z.boolean() }),
  z.object({ kind: z.literal('slow'), roomId: int(), slowSeconds: described(int(), 'the new slow mode; 0 when switched off') }),
]);
export type ChatRoomEvent = z.infer<typeof chatRoomEventSchema>;
/** A room channel's `data`: the room's events of one fan-out window (chat.fanoutMs), in order. */
export const chatRoomFrameSchema = z.object({ events: z.array(chatRoomEventSchema) });
export type ChatRoomFrame = z.infer<typeof chatRoomFrameSchema>;

/** The `data` of a hub frame on the member's own channel `chat:member:<uid>`: a mute set or cleared in a room. */
export const chatMemberEventSchema = z.object({ kind: z.literal('ban'), roomId: int(), chatBanInfo: z.nullable(chatBanInfoSchema) });
export type ChatMemberEvent = z.infer<typeof chatMemberEventSchema>;

/** Hub channels of the chat. */
export const chatRoomChannel = (roomId: number) => `chat:room:${roomId}`;
export const chatMemberChannel = (uid: number) => `chat:member:${uid}`;

// ---- requests of the chat routes ----

const language = () => z.optional(z.enum(LANGUAGES));
/** An id as a JSON number or as digits (query strings and form bodies are text). */
const idOrDigits = (text: string) => described(z.union([id(), z.string().check(z.regex(/^\d{1,10}$/))]), text);
const messageIdField = () => described(z.union([z.int().check(z.minimum(1)), z.string().check(z.regex(/^\d{1,19}$/))]), 'the id of the reported message');

/** GET /api/forehead/user/chat/live/show/v2. */
export const chatShowQuerySchema = request(z.strictObject({ gameId: idOrDigits('the match (matchId)'), language: language() }));
/** Bodies that carry only the language (emoji list, report categories, order rule). */
export const chatLanguageBodySchema = request(z.optional(z.strictObject({ language: language() })));
/** POST /api/forehead/live/chat/report/add (JSON or form body) and GET /report/add (query). */
export const reportAddSchema = request(z.strictObject({
  messageId: messageIdField(),
  cateId: idOrDigits('a report category id (report/cate)'),
  remark: described(z.optional(z.string().check(z.maxLength(200))), 'what the reporter adds, at most 200 characters'),
  roomId: described(z.optional(idOrDigits('the room')), 'accepted; the message names its room'),
  language: language(),
}));
export type ReportAddRequest = z.infer<typeof reportAddSchema>;
/** POST /api/forehead/live/chat/order/history. */
export const chatOrderHistoryBodySchema = request(z.strictObject({ roomId: idOrDigits('the live room (liveRoomId)'), language: language() }));

/** Most messages one page of GET /api/forehead/live/chat/history answers. */
export const CHAT_HISTORY_MAX_PAGE = 50;

/** GET /api/forehead/live/chat/history: the page of messages before `before` (scroll-back past the join's history). */
export const chatHistoryQuerySchema = request(z.strictObject({
  roomId: idOrDigits('the live room (liveRoomId)'),
  before: described(z.string().check(z.regex(/^\d{1,19}$/)), 'the id of the oldest message the client holds: the page ends just before it'),
  size: described(
    z.optional(z.union([z.int().check(z.minimum(1), z.maximum(CHAT_HISTORY_MAX_PAGE)), z.string().check(z.regex(/^([1-9]|[1-4]\d|50)$/))])),
    `messages in the page, 1 to ${CHAT_HISTORY_MAX_PAGE} (default chatRule.historySize)`,
  ),
  language: language(),
}));
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/** A page of older messages, oldest first, without deleted ones; `hasMore` when older ones remain before it. */
export const chatHistoryPageSchema = z.object({
  messages: described(z.array(chatMessageSchema), 'oldest first'),
  hasMore: described(z.boolean(), 'older messages remain: ask again with the first message id as `before`'),
});
export type ChatHistoryPage = z.infer<typeof chatHistoryPageSchema>;

/** GET /api/forehead/user/chat/get/rule. */
export const chatRuleQuerySchema = request(z.strictObject({ language: language() }));

/** GET /api/forehead/system/file/get/:file: a name the image upload answered (checked by the store, which made it). */
export const chatFileParams = request(z.strictObject({ file: described(z.string().check(z.maxLength(200)), 'e.g. "<32 hex digits>.png"') }));

/** The /chat upgrade's query: a member's chat token (none for a visitor) and the language of platform texts. */
export const chatSocketQuerySchema = request(z.strictObject({ token: z.optional(z.string().check(z.maxLength(200))), language: language() }));
export type ChatSocketQuery = z.infer<typeof chatSocketQuerySchema>;
