import {
  chatMessageSchema,
  chatOrderItemSchema,
  chatRoomChannel,
  chatRuleSchema,
  type ChatClientFrame,
  type ChatMessage,
  type ChatOrderItem,
  type ChatRule,
} from '../../contract/chat';
import type { ChatSocket, ChatSocketHandlers, ChatUrl, OpenChatSocket } from '../features/chat/chatSocket';
import { fakeAnswer } from './contractFakes';

export const CHAT_RULE: ChatRule = fakeAnswer(chatRuleSchema, {
  maxTextLength: 200,
  rateLimit: { messages: 5, perSeconds: 10 },
  historySize: 50,
  image: { maxBytes: 2_097_152, maxWidth: 4096, maxHeight: 4096, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  memberKinds: ['text', 'image', 'image-text', 'reply', 'order'],
  tokenTtlSeconds: 300,
});

let nextId = 100;
/** A message as /chat sends it, checked against the contract. */
export function chatMessage(fields: Partial<ChatMessage> = {}): ChatMessage {
  const id = fields.id ?? String(++nextId);
  return fakeAnswer(chatMessageSchema, { id, roomId: 8001, kind: 'text', uid: 7, nickname: 'Ann', vipLevel: 3, titleId: null, userType: 0, text: `message ${id}`, createdAt: 1_700_000_000_000, ...fields });
}

export function chatOrder(fields: Partial<ChatOrderItem> = {}): ChatOrderItem {
  return fakeAnswer(chatOrderItemSchema, {
    assetSymbol: 'CNY',
    betTitle: 'Arsenal vs Chelsea',
    betAmount: '50.00',
    odd: '1.95',
    betSection: 'Asian Handicap: Arsenal -0.5',
    wonAmount: '0.00',
    orderStatus: 4,
    betId: '170000000000001',
    isEarlySettlement: false,
    orderId: '1700000000000012345',
    ...fields,
  });
}

/** A /chat connection the test drives: what the store sent, and frames "from the platform". */
export interface FakeChatSocket extends ChatSocket {
  sent: ChatClientFrame[];
  urls: string[];
  handlers: ChatSocketHandlers;
  url: ChatUrl;
  /** Resolves the URL (as reconnecting-websocket does before connecting) and says the socket opened. */
  open(): Promise<void>;
  deliver(frame: unknown): void;
  /** A room channel's hub frame with its next seq. */
  roomEvents(roomId: number, events: unknown[]): void;
  closes: number;
  reconnects: number;
}

export function fakeChatSockets() {
  const sockets: FakeChatSocket[] = [];
  const open: OpenChatSocket = (url, handlers) => {
    const seqs = new Map<string, number>();
    const socket: FakeChatSocket = {
      sent: [],
      urls: [],
      handlers,
      url,
      closes: 0,
      reconnects: 0,
      send: (frame) => void socket.sent.push(frame),
      reconnect: () => void socket.reconnects++,
      close: () => void socket.closes++,
      async open() {
        socket.urls.push(await url());
        handlers.open();
      },
      deliver: (frame) => handlers.frame(JSON.parse(JSON.stringify(frame)) as unknown),
      roomEvents(roomId, events) {
        const chId = chatRoomChannel(roomId);
        const seq = (seqs.get(chId) ?? 0) + 1;
        seqs.set(chId, seq);
        socket.deliver({ chId, seq, epoch: 'e1', data: { events } });
      },
    };
    sockets.push(socket);
    return socket;
  };
  return { open, sockets, last: () => sockets[sockets.length - 1]! };
}

/** The platform's answers to a connection: hello, then the join of `roomId` with its history. */
export function helloAndJoin(
  socket: FakeChatSocket,
  { uid = 7, roomId = 8001, messages = [] as ChatMessage[], chatBlock = false, chatBanInfo = null as { until: number; reason: string } | null, userType = 0, slowSeconds = 0, nextSendAt = 0 } = {},
) {
  socket.deliver({ cmd: 'hello', uid, nickname: uid ? 'Me' : '', chatRule: CHAT_RULE });
  socket.deliver({ cmd: 'joined', roomId, chId: chatRoomChannel(roomId), messages, chatBlock, chatBanInfo, userType, canSend: uid !== 0 && !chatBlock && !chatBanInfo, slowSeconds, nextSendAt });
}
