import type { ChatRule } from '../../../contract/chat';
import { MEMBER_CHAT_KINDS } from '../../../contract/enums';
import type { ChatDeps } from './context';
import { createRoomFanout } from './fanout';
import { createChatGuards } from './guards';
import { IMAGE_TYPES } from './images';
import { createChatMessages } from './messages';
import { createChatModeration } from './moderation';
import { createOrderSharing } from './orders';
import { createChatRooms } from './rooms';
import { createChatSending } from './sending';
import { createChatTokens } from './tokens';
import { createChatUploads } from './uploads';

/**
 * The chat's rules and storage (spec 001 sections 3, 5, 6 and 7), put together from its parts, one responsibility
 * each: rooms and who may see them (rooms.ts), chat tokens (tokens.ts), what keeps a member from talking: mutes,
 * blocked rooms, slow mode, the send rate (guards.ts), sending and the platform's notices (sending.ts), messages kept
 * in the database with their history and scroll-back (messages.ts), fanned out through the push hub in windows
 * (fanout.ts), agents' moderation and reports (moderation.ts), images (uploads.ts) and order sharing (orders.ts). The
 * /chat socket (socket.ts) and the routes call it.
 */
export function createChat(deps: ChatDeps) {
  const { db, config } = deps;

  const rule: ChatRule = {
    maxTextLength: config.chat.maxTextLength,
    rateLimit: { ...config.chat.rateLimit },
    historySize: config.chat.historySize,
    image: { ...config.chat.image, types: [...IMAGE_TYPES] },
    memberKinds: [...MEMBER_CHAT_KINDS],
    tokenTtlSeconds: config.chat.tokenTtlSeconds,
  };

  const orders = createOrderSharing(db, config);
  const rooms = createChatRooms(deps);
  const guards = createChatGuards(deps);
  const fanout = createRoomFanout(deps);
  const messages = createChatMessages(deps, fanout);

  return {
    rule,
    orders,
    ...rooms,
    // The send window (guards.admit) is sending's own; the rest the socket's join and the gifts read.
    banOf: guards.banOf,
    isBlocked: guards.isBlocked,
    settingsOf: guards.settingsOf,
    nextSendAt: guards.nextSendAt,
    ...createChatTokens(deps),
    flushAll: fanout.flushAll,
    history: messages.history,
    earlier: messages.earlier,
    ...createChatSending(deps, { rooms, guards, messages, orders }),
    ...createChatModeration(deps, { rooms, guards, fanout }),
    ...createChatUploads(deps),
  };
}

export type ChatService = ReturnType<typeof createChat>;
