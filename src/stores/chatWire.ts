import type {
  ChatBanInfo,
  ChatImage,
  ChatMessage,
  ChatOrderItem,
  ChatRoomEvent,
  ChatRule,
  ChatToken,
  EmojiGroup,
  OrderShowRule,
  ReportCategory,
} from '../../contract/chat';
import type { CHAT_PATHS as ContractChatPaths, LIVE_ROOM_PATHS as ContractRoomPaths } from '../../contract/paths';
import type { ChatUserType } from '../../contract/enums';
import type { ChatError } from '../../contract/errors';
import type { MemberTitle, Title } from '../../contract/liveRoom';

/*
 * What the chat reads off the wire, checked by hand against the contract's types (contract/chat.ts) rather than by its
 * zod schemas, and its paths written here rather than imported: zod and contract/paths.ts live in the initial bundle,
 * and every schema builder or path a lazy chunk uses is kept there (measured: +2.8 KB gzip with the schemas, the budget
 * had 144 B). The `satisfies` below make the compiler hold these paths to the contract's.
 */

export const CHAT_PATHS = {
  token: '/api/forehead/user/chat/token/v2',
  emoji: '/api/forehead/live/emoji/list',
  reportCategories: '/api/forehead/live/chat/report/cate',
  reportAdd: '/api/forehead/live/chat/report/add',
  imageUpload: '/api/forehead/live/chat/image/upload',
  orderHistory: '/api/forehead/live/chat/order/history',
} as const satisfies Partial<typeof ContractChatPaths>;

export const TITLE_PATHS = {
  titleCatalogue: '/api/forehead/user/membertitlemanagement/listpc',
  titleList: '/api/forehead/user/title/list/all',
} as const satisfies Partial<typeof ContractRoomPaths>;

/** Hub channels of the chat (contract/chat.ts chatRoomChannel, chatMemberChannel). */
export const roomChannel = (roomId: number) => `chat:room:${roomId}`;
export const memberChannel = (uid: number) => `chat:member:${uid}`;

type Guard<T> = (value: unknown) => value is T;
type Fields = Record<string, unknown>;

export const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): value is string => typeof value === 'string';
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const bool = (value: unknown): value is boolean => typeof value === 'boolean';
const has = (value: unknown, fields: Record<string, (field: unknown) => boolean>): value is Fields =>
  isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));
const optional = (check: (value: unknown) => boolean) => (value: unknown) => value === undefined || check(value);
const nullable = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);
const listOf = <T,>(check: Guard<T>) => (value: unknown): value is T[] => Array.isArray(value) && value.every(check);

export const isBan: Guard<ChatBanInfo> = (value): value is ChatBanInfo => has(value, { until: num, reason: str });
export const isRule: Guard<ChatRule> = (value): value is ChatRule =>
  has(value, { maxTextLength: num, historySize: num, tokenTtlSeconds: num, rateLimit: isRecord, image: (image) => has(image, { types: Array.isArray }) });
export const isToken: Guard<ChatToken> = (value): value is ChatToken => has(value, { token: str, expiresAt: num, chatRule: isRule, chatBanInfo: nullable(isBan) });
export const isImage: Guard<ChatImage> = (value): value is ChatImage => has(value, { file: str, url: str, width: num, height: num });
export const isOrder: Guard<ChatOrderItem> = (value): value is ChatOrderItem =>
  has(value, { assetSymbol: str, betTitle: str, betAmount: str, odd: str, betSection: str, wonAmount: str, orderStatus: num, betId: str, isEarlySettlement: bool, orderId: str });
const isQuote = (value: unknown) => has(value, { id: str, uid: num, nickname: str, text: str });
export const isMessage: Guard<ChatMessage> = (value): value is ChatMessage =>
  has(value, {
    id: str,
    roomId: num,
    kind: str,
    uid: num,
    nickname: str,
    vipLevel: num,
    titleId: nullable(num),
    userType: num,
    text: str,
    createdAt: num,
    image: optional(isImage),
    reply: optional(isQuote),
    order: optional(isOrder),
  });

export const isRoomEvent: Guard<ChatRoomEvent> = (value): value is ChatRoomEvent =>
  (has(value, { kind: (k) => k === 'message' }) && isMessage(value.message)) ||
  has(value, { kind: (k) => k === 'delete', roomId: num, messageId: str }) ||
  has(value, { kind: (k) => k === 'block', roomId: num, chatBlock: bool });

export const isEmojiGroups = listOf((value): value is EmojiGroup => has(value, { groupId: num, name: str, emojis: listOf((e): e is EmojiGroup['emojis'][number] => has(e, { id: str, code: str })) }));
export const isCategories = listOf((value): value is ReportCategory => has(value, { id: num, name: str }));
export const isShowRule: Guard<OrderShowRule> = (value): value is OrderShowRule => has(value, { showCount: num, coins: Array.isArray });
export const isOrderHistory = (value: unknown): value is { rule: OrderShowRule; records: ChatOrderItem[] } => has(value, { rule: isShowRule, records: listOf(isOrder) });
export const isTitles = listOf((value): value is Title => has(value, { id: num, name: str }));
export const isMemberTitles = listOf((value): value is MemberTitle => has(value, { id: num, name: str, obtained: bool }));
export const isReportAdded = (value: unknown): value is { id: number } => has(value, { id: num });

/** The frames /chat answers this client with (docs/api.md "The /chat websocket"). */
export const isHello = (value: Fields) => has(value, { uid: num, chatRule: isRule });
export const isJoined = (value: Fields) => has(value, { roomId: num, chId: str, messages: Array.isArray, chatBlock: bool, chatBanInfo: nullable(isBan), userType: num });
export const isErrorFrame = (value: Fields) => has(value, { code: num, msg: str, retryAfterSeconds: optional(num) });
/** A hub frame: `seq` counts up per channel within its `epoch` (as on /push). */
export const isHubFrame = (value: Fields) => has(value, { chId: str, seq: optional(num), epoch: optional(str) });

/** Parses a check's answer or throws, so a call that answers something else fails like a refused one. */
export function expect<T>(value: unknown, check: (value: unknown) => value is T, what: string): T {
  if (!check(value)) throw new Error(`unexpected answer to ${what}`);
  return value;
}

/** The errors the app words itself (contract/errors.ts ChatError). */
export const CHAT_ERRORS = { signIn: 16001, banned: 16002, blocked: 16003, tooLong: 16004, rateLimited: 16005, roomNotFound: 16007, orderNotShareable: 16010, alreadyReported: 16012 } as const satisfies Record<string, ChatError>;
/** contract/enums.ts ChatUserType.Agent. */
export const AGENT = 1 satisfies ChatUserType;
