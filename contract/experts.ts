import * as z from 'zod/mini';
import { described } from './described';
import { codeField, idField, intField, languageField, MAX_ID, refuse, request, stampField } from './fields';
import { expecting, preview } from './issues';

/**
 * Experts (tipsters) and their program messages, comments, paid unlock and follows; the banker detail; the
 * customer-service news (docs/api.md "Experts, banker, banners, customer service"). Spec 001 sections 3-5, 7 and 9.
 * The spec gives most calls but not their paths: EXPERTS_PATHS, BANKER_PATHS and SERVICE_NEWS_PATHS (contract/paths.ts)
 * hold the chosen ones.
 */

const int = () => z.int();
const money = (text: string) => described(z.string(), text);
const flag = (text: string) => described(z.literal([0, 1]), text);

// ---- enums ----

/** A message's result: 0 until its matches are settled, then hit (red), miss (black) or void (no result: refunded stakes). */
export const MessageResult = { Pending: 0, Hit: 1, Miss: 2, Void: 3 } as const;
export type MessageResult = (typeof MessageResult)[keyof typeof MessageResult];

/** bettingType: one match, or a parlay of two (messageMatchList then holds both). */
export const MessageBettingType = { Single: 1, Parlay: 2 } as const;
export type MessageBettingType = (typeof MessageBettingType)[keyof typeof MessageBettingType];

/** sportsSource of the message list: every expert, the platform's own, or third-party (isTripartite 1). */
export const MessageSource = { All: 0, Own: 1, Tripartite: 2 } as const;
export type MessageSource = (typeof MessageSource)[keyof typeof MessageSource];

/** The person detail's lists: now (matches not settled yet) and history (settled). */
export const PersonMessageState = { Now: 1, History: 2 } as const;
export type PersonMessageState = (typeof PersonMessageState)[keyof typeof PersonMessageState];

/** Customer-service news kinds: a platform notice (everyone, drives the banner area's hasNotice) or a message to the member. */
export const ServiceNewsKind = { Notice: 1, Message: 2 } as const;
export type ServiceNewsKind = (typeof ServiceNewsKind)[keyof typeof ServiceNewsKind];

/**
 * Why an expert call was refused (the failure envelope's `code`; the 18xxx range is the experts' own): HTTP 422 for
 * a rule (coins, the comment rule), 409 for a state that has moved on (a settled message).
 */
export const ExpertError = {
  /** The COIN balance is below the message's goldPrice; nothing was charged. */
  NotEnoughCoins: 18001,
  /** The message's matches are settled: it can no longer be bought. */
  MessageSettled: 18002,
  /** The comment rule refuses the member (recharge limit, VIP limit or ban); msg is the rule's text. */
  CommentNotAllowed: 18003,
} as const;
export type ExpertError = (typeof ExpertError)[keyof typeof ExpertError];

/** Page sizes of spec 001 section 9: person, attention and god lists 10 (the app groups the person list by 8). */
export const EXPERT_PAGE_SIZE = 10;
export const EXPERT_MAX_PAGE_SIZE = 50;
export const COMMENT_MAX_LENGTH = 500;

// ---- answers ----

/** A paged list: `pageNum` from 1; `isLastPage` true when no later page has rows. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    total: described(int(), 'rows across all pages'),
    pageNum: int(),
    pageSize: int(),
    isLastPage: z.boolean(),
  });
}

/** Any paged answer's shape with its rows typed, for code that pages without knowing the row (both halves). */
export type ExpertPage<T> = Omit<z.infer<ReturnType<typeof pageOf<z.ZodMiniType>>>, 'list'> & { list: T[] };

/** One match of a message (messageMatchList), as the feed knows it. */
export const messageMatchSchema = z.object({
  matchId: int(),
  sportsId: described(int(), 'the sport, scheme A (match lists)'),
  leagueName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  beginTime: described(int(), 'kick-off, epoch ms'),
  homeScore: described(z.nullable(int()), 'full-time score once the match is settled, else null'),
  awayScore: z.nullable(int()),
});
export type MessageMatch = z.infer<typeof messageMatchSchema>;

/** The tip itself: hidden (null) from a member who has not bought a paid message, on every route. */
export const messagePickSchema = z.object({
  matchId: int(),
  sportId: int(),
  marketId: described(int(), 'the market picked (its id when published: a moved line gives the market a new one), for "add to slip"'),
  optionType: described(z.string(), "the option picked, the market's option `type`"),
  play: described(z.string(), 'the market in the request language (1X2, handicap, over/under)'),
  selection: described(z.string(), 'the pick in the request language, e.g. "Home -0.5" or "Over 2.5"'),
  odds: described(z.string(), 'decimal odds when published, 2 decimals'),
});
export type MessagePick = z.infer<typeof messagePickSchema>;

/** The spec's message detail: every list row and the detail carry all of it. */
export const expertMessageSchema = z.object({
  id: int(),
  professorId: described(int(), 'the expert (person id)'),
  professorName: z.string(),
  professorProfile: described(z.string(), "the expert's avatar URL (the person's profile)"),
  sportsTitle: described(z.string(), "the message's title (plain text)"),
  sportsInfo: described(z.string(), 'the sport and league(s), e.g. "Football · Premier League"'),
  sportsPlay: described(z.string(), 'the play(s) tipped, in the request language'),
  tag: described(z.string(), "the expert's tag at publish time, e.g. \"5 in a row\" (plain text)"),
  bettingType: described(z.literal([1, 2]), '1 single, 2 parlay of two matches'),
  messageMatchList: z.array(messageMatchSchema),
  publishTime: described(int(), 'epoch ms'),
  isHot: flag('1 hot (read by many)'),
  readCount: described(int(), 'members who opened the detail (each counted once)'),
  commentCount: described(int(), 'comments and replies'),
  result: described(z.literal([0, 1, 2, 3]), '0 pending, 1 hit, 2 miss, 3 void'),
  yieldRate: described(z.nullable(z.string()), 'once settled: the return on a stake of 1, 3 decimals ("0.850" hit at 1.85, "-1.000" miss, "0.000" void); null while pending'),
  isAttention: flag('1 when the caller follows the expert'),
  isBuy: flag('1 when the caller bought it (always 0 for a visitor and for a free message)'),
  payTime: described(z.nullable(int()), 'epoch ms of the purchase, null when not bought'),
  isTripartite: flag('1 from a third-party source'),
  goldPrice: money('coins to unlock, 2 decimals; "0.00" when free'),
  openBackGold: flag('1 when a lost paid message returns returnGoldPercentage of the price to its buyers at settlement'),
  returnGoldPercentage: described(int(), 'percent of goldPrice returned when the tip misses (0 when openBackGold is 0)'),
  canRead: described(z.boolean(), 'true when content and picks are included: free, bought, or the caller is the expert'),
  content: described(z.nullable(z.string()), 'the analysis (plain text, never HTML); null when canRead is false'),
  picks: described(z.nullable(z.array(messagePickSchema)), 'one per match; null when canRead is false'),
});
export type ExpertMessage = z.infer<typeof expertMessageSchema>;

export const expertMessagePageSchema = pageOf(expertMessageSchema);
export type ExpertMessagePage = z.infer<typeof expertMessagePageSchema>;

/** POST message/v2/buy: the message now bought (content included) and the coin balance after. */
export const messageBuySchema = z.object({
  message: expertMessageSchema,
  charged: described(z.boolean(), 'false when this call charged nothing (already bought, or free)'),
  coinBalance: money('the COIN balance after, 2 decimals'),
});
export type MessageBuy = z.infer<typeof messageBuySchema>;

/** The spec's person (expert): records derived from settled messages, never stored as typed values. */
export const expertPersonSchema = z.object({
  id: int(),
  name: z.string(),
  tag: described(z.string(), 'derived from the record: a run of hits, the hit rate, or "new"'),
  profile: described(z.string(), 'avatar URL'),
  introduction: described(z.string(), 'plain text in the request language'),
  sportsSession: described(int(), 'settled messages (void ones excluded)'),
  hitSession: described(int(), 'of those, hits'),
  hitPercents: described(z.string(), 'hitSession / sportsSession x 100, 2 decimals ("0.00" before the first)'),
  tenHistory: described(z.array(z.literal([1, 2])), 'results of the last ten settled messages, newest first (1 hit, 2 miss)'),
  tenWin: described(int(), 'hits among tenHistory'),
  weekRateReturn: described(z.string(), 'sum of yieldRate of the messages settled in the last 7 days / their count x 100, 2 decimals'),
  longestWin: described(int(), 'longest run of hits ever'),
  winContinuous: described(int(), 'the current run of hits (0 after a miss)'),
  ordered: described(int(), 'purchases of his messages'),
  subscribed: described(int(), 'members following him'),
  isAttention: flag('1 when the caller follows him'),
  isTripartite: flag('1 from a third-party source'),
  nowCount: described(int(), 'his messages not yet settled'),
});
export type ExpertPerson = z.infer<typeof expertPersonSchema>;

export const expertPersonPageSchema = pageOf(expertPersonSchema);
export type ExpertPersonPage = z.infer<typeof expertPersonPageSchema>;

/** POST person/attention: the follow as it now stands (idempotent). */
export const attentionSchema = z.object({
  professorId: int(),
  isAttention: flag('1 following'),
  subscribed: described(int(), 'his followers now'),
});
export type Attention = z.infer<typeof attentionSchema>;

const commentFields = {
  id: int(),
  messageId: int(),
  parentId: described(int(), '0 for a comment, the comment replied to for a reply'),
  uid: int(),
  nickName: described(z.string(), "the author's nickname (plain text)"),
  username: described(z.string(), 'the username masked ("de**o")'),
  content: described(z.string(), 'plain text, never HTML'),
  likeCount: int(),
  isLiked: flag('1 when the caller liked it'),
  createdAt: described(int(), 'epoch ms'),
};

/** A reply: one level under its comment (a reply to a reply is filed under the same comment). */
export const subCommentSchema = z.object({
  ...commentFields,
  replyToNickName: described(z.nullable(z.string()), 'the author of the reply replied to, null for a reply to the comment itself'),
});
export type SubComment = z.infer<typeof subCommentSchema>;

/** A comment with its replies, oldest first. */
export const expertCommentSchema = z.object({ ...commentFields, subComments: z.array(subCommentSchema) });
export type ExpertComment = z.infer<typeof expertCommentSchema>;

export const expertCommentPageSchema = pageOf(expertCommentSchema);
export type ExpertCommentPage = z.infer<typeof expertCommentPageSchema>;

/** comment/my/list: the member's comments and replies, newest first, with the message they are on. */
export const myCommentSchema = z.object({
  ...commentFields,
  sportsTitle: described(z.string(), 'the message commented on'),
  professorId: int(),
});
export type MyComment = z.infer<typeof myCommentSchema>;
export const myCommentPageSchema = pageOf(myCommentSchema);
export type MyCommentPage = z.infer<typeof myCommentPageSchema>;

/** comment/liked: the like as it now stands (a member likes a comment once; a repeat changes nothing). */
export const commentLikeSchema = z.object({ commentId: int(), likeCount: int(), isLiked: z.literal(1), counted: described(z.boolean(), 'false when the member had liked it already') });
export type CommentLike = z.infer<typeof commentLikeSchema>;

/** comment/report/cate: report categories in the request language. */
export const commentReportCategorySchema = z.object({ id: int(), name: z.string() });
export const commentReportCategoriesSchema = z.array(commentReportCategorySchema);
export type CommentReportCategory = z.infer<typeof commentReportCategorySchema>;

/** comment/report/add: the stored report (a member reports a comment once; a repeat answers the first). */
export const commentReportSchema = z.object({ id: int(), commentId: int(), cateId: int(), createdAt: int() });
export type CommentReport = z.infer<typeof commentReportSchema>;

/** The spec's CommentRule: whether the caller may comment, and why not, in the server's words. */
export const commentRuleSchema = z.object({
  isAvailable: described(z.boolean(), 'true when every limit is met and the member is not banned (false for a visitor)'),
  rechargeLimitRule: z.object({
    rechargeCurrentVal: money("the member's deposits so far (CNY, 2 decimals)"),
    rechargeLimitIsAccord: z.boolean(),
    rechargeLimitText: described(z.string(), 'empty when met; else what is missing, in the request language'),
    rechargeLimitVal: money('deposits needed (CNY, 2 decimals)'),
  }),
  vipCurrentVal: described(int(), "the member's VIP level (0-10)"),
  vipLimitIsAccord: z.boolean(),
  vipLimitText: described(z.string(), 'empty when met'),
  vipLimitVal: described(int(), 'VIP level needed'),
  isBan: z.boolean(),
  banText: described(z.string(), 'why and until when, when banned; else empty'),
});
export type CommentRule = z.infer<typeof commentRuleSchema>;

/** The spec's banker plan. */
export const bankerPlanSchema = z.object({
  id: int(),
  name: z.string(),
  deposit: money('the pledge the plan requires, 2 decimals'),
  singleBettingAmountLower: money('least stake of one bet against the banker'),
  singleBettingAmountUpper: money('largest stake of one bet'),
  sports: described(z.array(int()), 'sports the banker takes bets on (scheme A ids)'),
});
export type BankerPlan = z.infer<typeof bankerPlanSchema>;

/** POST banker/detail: the spec's banker detail. */
export const bankerDetailSchema = z.object({
  bankerId: int(),
  nickname: z.string(),
  headUrl: described(z.string(), 'head image URL'),
  inviteCode: described(z.string(), 'the code members join this banker with'),
  currency: z.string(),
  pledgeAmount: money('pledged, 2 decimals'),
  remainingAmount: money('pledge not yet committed to open bets, 2 decimals'),
  globalSingleMinBet: money('least stake of one bet'),
  globalSingleMaxBet: money('largest stake of one bet'),
  plan: bankerPlanSchema,
});
export type BankerDetail = z.infer<typeof bankerDetailSchema>;

/** One customer-service news item. */
export const serviceNewsItemSchema = z.object({
  id: int(),
  kind: described(z.literal([1, 2]), '1 platform notice, 2 message to the member'),
  title: z.string(),
  content: described(z.string(), 'plain text, never HTML'),
  publishTime: described(int(), 'epoch ms'),
  isRead: flag('1 once read (always 0 for a visitor)'),
});
export type ServiceNewsItem = z.infer<typeof serviceNewsItemSchema>;

/** The customer-service news: the bubble's state and the items, newest first. */
export const serviceNewsSchema = z.object({
  hasNews: described(z.boolean(), 'an unread item exists'),
  showMessageBubble: described(z.boolean(), 'an unread item newer than the last bubble close'),
  hasNotice: described(z.boolean(), 'an unread platform notice exists (the banner area shows its mark)'),
  unreadCount: int(),
  list: z.array(serviceNewsItemSchema),
});
export type ServiceNews = z.infer<typeof serviceNewsSchema>;

// ---- requests ----

const language = languageField;
const page = () => z.optional(intField(1, 10_000, 'the page, from 1'));
const size = () => z.optional(intField(1, EXPERT_MAX_PAGE_SIZE, `rows per page (default ${EXPERT_PAGE_SIZE})`));
const MAX_LIST_IDS = 20;

/** `sportsIds`: match ids as a comma list ("101,102") or an array. */
const matchIdsField = z.pipe(
  z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))], { error: expecting('match ids as a comma list, like "101,102"') }),
  z.transform((value: number | string | Array<number | string>, ctx) => {
    const parts = Array.isArray(value) ? value.map(String) : typeof value === 'number' ? [String(value)] : value.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (parts.length <= MAX_LIST_IDS && ids.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID)) return ids;
    return refuse(ctx, value, `expected up to ${MAX_LIST_IDS} match ids (integers 1 to ${MAX_ID}) as a comma list, got ${preview(value)}`);
  }),
);

/** GET message/v2/info. */
export const messageListQuery = request(
  z.strictObject({
    sportsType: z.optional(intField(0, 999, 'the sport, scheme A id; 0 all')),
    page: page(),
    size: size(),
    sportsIds: z.optional(matchIdsField),
    sportsSource: z.optional(codeField([0, 1, 2], '0 all, 1 own experts, 2 third-party')),
    language,
    t: stampField,
  }),
);
export type MessageListQuery = z.input<typeof messageListQuery>;

/** GET message/v2/info/detail. */
export const messageDetailQuery = request(z.strictObject({ id: idField('a message id'), language, t: stampField }));
export type MessageDetailQuery = z.input<typeof messageDetailQuery>;

/** POST message/v2/buy. */
export const messageBuyRequestSchema = request(z.strictObject({ messageId: idField('a message id'), language }));
export type MessageBuyRequest = z.input<typeof messageBuyRequestSchema>;

const COMMENT_TEXT = `a comment of 1 to ${COMMENT_MAX_LENGTH} characters`;

/** POST comment/publish: a comment, or a reply when parentId names a comment of the same message. */
export const commentPublishRequestSchema = request(
  z.strictObject({
    messageId: idField('a message id'),
    content: z.string({ error: expecting(COMMENT_TEXT) }).check(
      z.refine((text) => text.trim().length > 0 && Array.from(text).length <= COMMENT_MAX_LENGTH, { error: expecting(COMMENT_TEXT) }),
    ),
    parentId: z.optional(intField(0, MAX_ID, 'the comment replied to; 0 or absent for a comment')),
    language,
  }),
);
export type CommentPublishRequest = z.input<typeof commentPublishRequestSchema>;

/** POST comment/list. */
export const commentListRequestSchema = request(z.strictObject({ messageId: idField('a message id'), page: page(), size: size(), language }));
export type CommentListRequest = z.input<typeof commentListRequestSchema>;

/** Paged calls that name nothing else: comment/my/list, person/list, person/attention/list, person/god/list. */
export const expertPageRequestSchema = request(z.nullish(z.strictObject({ page: page(), size: size(), language })));
export type ExpertPageRequest = z.input<typeof expertPageRequestSchema>;

/** POST comment/liked. */
export const commentLikeRequestSchema = request(z.strictObject({ commentId: idField('a comment id'), language }));
export type CommentLikeRequest = z.input<typeof commentLikeRequestSchema>;

/** Calls that carry only the language: comment/report/cate, user/chat/get/comment/rule. */
export const expertEmptyRequestSchema = request(z.nullish(z.strictObject({ language })));

/** POST comment/report/add. */
export const commentReportRequestSchema = request(
  z.strictObject({
    commentId: idField('a comment id'),
    cateId: idField('a report category id (comment/report/cate)'),
    remark: described(z.optional(z.string().check(z.maxLength(200, { error: expecting('a remark of at most 200 characters') }))), 'what the reporter adds'),
    language,
  }),
);
export type CommentReportRequest = z.input<typeof commentReportRequestSchema>;

/** POST person/detail. */
export const personDetailRequestSchema = request(z.strictObject({ id: idField('an expert (person) id'), language }));
export type PersonDetailRequest = z.input<typeof personDetailRequestSchema>;

/** POST person/message/list. */
export const personMessagesRequestSchema = request(
  z.strictObject({
    professorId: idField('an expert (person) id'),
    state: codeField([1, 2], '1 now (not settled), 2 history (settled)'),
    page: page(),
    size: size(),
    language,
  }),
);
export type PersonMessagesRequest = z.input<typeof personMessagesRequestSchema>;

/** POST person/attention: follow (1, the default) or unfollow (0) an expert. */
export const attentionRequestSchema = request(
  z.strictObject({ professorId: idField('an expert (person) id'), isAttention: z.optional(codeField([0, 1], '1 follow, 0 unfollow')), language }),
);
export type AttentionRequest = z.input<typeof attentionRequestSchema>;

/** GET /api/expert/avatar/:file and /api/banker/head/:file. */
export const portraitParams = request(
  z.strictObject({ file: z.string().check(z.regex(/^[1-9]\d{0,9}\.svg$/, { error: expecting('<id>.svg') })) }),
);

/** POST banker/detail: a banker by id or invite code; neither answers the platform's first banker. */
export const bankerDetailRequestSchema = request(
  z.nullish(
    z.strictObject({
      bankerId: z.optional(idField('a banker id')),
      inviteCode: z.optional(z.string().check(z.regex(/^[A-Z0-9]{4,16}$/, { error: expecting('an invite code (4-16 of A-Z, 0-9)') }))),
      language,
    }),
  ),
);
export type BankerDetailRequest = z.input<typeof bankerDetailRequestSchema>;

/** GET /game/:gameId: the game page, HTML. */
export const gamePageSchema = described(z.string(), 'text/html');

/** GET /game/:gameId?token= (the page a jump URL opens). */
export const gamePageParams = request(z.strictObject({ gameId: idField('a game id') }));
export const gamePageQuery = request(
  z.strictObject({
    token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: expecting('a jump token') }))),
    language,
  }),
);

/** POST service/news: the news of the caller (a visitor gets the notices). */
export const serviceNewsRequestSchema = request(z.nullish(z.strictObject({ language })));

/** POST service/news/read: one item (`id`) or all (`all: 1`). */
export const serviceNewsReadRequestSchema = request(
  z.strictObject({ id: z.optional(idField('a news id')), all: z.optional(codeField([1], '1 marks every item read')), language }),
);
export type ServiceNewsReadRequest = z.input<typeof serviceNewsReadRequestSchema>;
