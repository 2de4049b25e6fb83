import type { ZodMiniType } from 'zod/mini';
import {
  chatBanInfoSchema,
  chatErrorFrameSchema,
  chatHistoryPageSchema,
  chatHelloSchema,
  chatImageSchema,
  chatJoinedSchema,
  chatMessageSchema,
  chatOrderHistorySchema,
  chatRoomEventSchema,
  chatTokenSchema,
  emojiListSchema,
  reportAddedSchema,
  reportCategoriesSchema,
} from '../../../contract/chat';
import { memberTitlesSchema, titlesSchema } from '../../../contract/liveRoom';

/*
 * What the chat reads off the wire is the contract's (contract/chat.ts, contract/liveRoom.ts): each answer and frame is
 * checked with the contract's own schema, never a copy of it. The paths, channels, error codes and user types are
 * imported from the contract where they are used.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A guard from a contract schema: the value has the schema's shape. */
const guard =
  <T>(schema: ZodMiniType<T>) =>
  (value: unknown): value is T =>
    schema.safeParse(value).success;

export const isBan = guard(chatBanInfoSchema);
export const isToken = guard(chatTokenSchema);
export const isImage = guard(chatImageSchema);
export const isMessage = guard(chatMessageSchema);
export const isRoomEvent = guard(chatRoomEventSchema);
export const isEmojiGroups = guard(emojiListSchema);
export const isCategories = guard(reportCategoriesSchema);
export const isOrderHistory = guard(chatOrderHistorySchema);
export const isHistoryPage = guard(chatHistoryPageSchema);
export const isTitles = guard(titlesSchema);
export const isMemberTitles = guard(memberTitlesSchema);
export const isReportAdded = guard(reportAddedSchema);

/** The frames /chat answers this client with (docs/api.md "The /chat websocket"). */
export const isHello = guard(chatHelloSchema);
export const isJoined = guard(chatJoinedSchema);
export const isErrorFrame = guard(chatErrorFrameSchema);
/** A hub frame: `seq` counts up per channel within its `epoch` (as on /push). */
export const isHubFrame = (value: Record<string, unknown>) =>
  typeof value.chId === 'string' && (value.seq === undefined || typeof value.seq === 'number') && (value.epoch === undefined || typeof value.epoch === 'string');

/** Parses a check's answer or throws, so a call that answers something else fails like a refused one. */
export function expect<T>(value: unknown, check: (value: unknown) => value is T, what: string): T {
  if (!check(value)) throw new Error(`unexpected answer to ${what}`);
  return value;
}
