// The chat's connection: the one /chat socket of the app (docs/api.md "The /chat websocket"), the token its URL
// carries, the frames it receives (hello, joined, errors, acks, room and member events, with gaps made up by joining
// again) and entering and leaving a room. It owns the socket and the frame sequence numbers; kept apart from the
// state (chatState.ts) and from the calls and sends of the screens (chat.ts), which only go through sendFrame.
import { flow, getEnv } from 'mobx-state-tree';
import { chatMemberChannel as memberChannel, chatRoomChannel as roomChannel, type ChatBanInfo, type ChatClientFrame, type ChatRule, type ChatToken } from '../../../contract/chat';
import { ChatError } from '../../../contract/errors';
import { CHAT_PATHS } from '../../../contract/paths';
import { apiLanguageOf } from '../../core/domain/locales';
import { envOf, type Env } from '../../core/store/env';
import type { ChatSocket, OpenChatSocket } from './chatSocket';
import { ChatState, failureOf, MAX_MESSAGES, settle } from './chatState';
import { expect, isBan, isErrorFrame, isHello, isHubFrame, isJoined, isMessage, isRecord, isRoomEvent, isToken } from './chatWire';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/** A token this close to its expiry is replaced before the next connection, so the platform never sees it expire. */
export const TOKEN_MARGIN_MS = 30_000;
/** docs/api.md: 4401 closes a connection whose token is unknown or expired. */
export const TOKEN_REFUSED = 4401;

/** The chat's additions to the stores' env (tests): where /chat is and how to open it. */
export interface ChatEnv extends Env {
  /** Where /chat is; without it, the domain list's `chat` URL, asked of the platform once. */
  chatUrl?(): Promise<string>;
  openChatSocket?: OpenChatSocket;
}

/** The chat's socket and its room: what arrives on the socket, and what entering or leaving a room sends. */
export const ChatConnection = ChatState.actions((self) => {
  let socket: ChatSocket | undefined;
  const seen = new Map<string, { seq: number; epoch: string | undefined }>();
  let refSeq = 0;
  /** What the chat shows of a room: gone when the member enters another room or leaves (run inside those actions). */
  const forgetRoomMessages = () => {
    self.messageList = [];
    self.hasEarlier = false;
    self.earlierCount = 0;
    self.earlierFailed = false;
    self.arrivals = [];
    self.unread = 0;
  };

  const env = () => getEnv<ChatEnv>(self);
  let domain: Promise<string> | undefined;
  const chatUrl = (): Promise<string> => {
    const given = env().chatUrl;
    if (given) return given();
    domain ??= envOf(self).http.forehead.post(FOREHEAD_PATHS.domainList, {}, { noAuth: true }).then((list) => expect(list, (value): value is { chat: string } => isRecord(value) && typeof value.chat === 'string', 'the domain list').chat);
    // A failed look-up is asked again on the next attempt.
    domain.catch(() => (domain = undefined));
    return domain;
  };
  const send = (frame: ChatClientFrame) => socket?.send(frame);
  const nextRef = () => `c${++refSeq}`;
  /** Spec: the chat token (with the rule and a platform-wide mute); a visitor has none. */
  const fetchToken = flow(function* fetchToken() {
    const answer: unknown = yield settle(() => envOf(self).http.forehead.get(CHAT_PATHS.token));
    const token = expect(answer, isToken, 'the chat token');
    self.chatToken = token;
    self.chatRule = token.chatRule;
    if (self.status !== 'joined') self.chatBanInfo = token.chatBanInfo;
    return token;
  });

  return {
    /** A frame of the /chat socket (docs/api.md): answers to this client, or room and member events. */
    receive(frame: unknown) {
      if (!isRecord(frame)) return;
      const { cmd } = frame;
      if (cmd === 'hello') {
        if (isHello(frame)) {
          self.uid = frame.uid as number;
          self.nickname = frame.nickname as string;
          self.chatRule = frame.chatRule as ChatRule;
        }
        return;
      }
      if (cmd === 'joined') {
        if (!isJoined(frame) || frame.roomId !== self.roomId) return;
        // A malformed message is left out rather than failing the whole history.
        self.messageList = (frame.messages as unknown[]).filter(isMessage).slice(-MAX_MESSAGES);
        // A full history may have older messages before it; a shorter one is the room's whole chat.
        self.hasEarlier = self.messageList.length > 0 && (frame.messages as unknown[]).length >= (self.chatRule?.historySize ?? 1);
        self.earlierCount = 0;
        self.earlierFailed = false;
        self.chatBlock = frame.chatBlock as boolean;
        self.chatBanInfo = (frame.chatBanInfo as ChatBanInfo | null) ?? self.chatToken?.chatBanInfo ?? null;
        self.userType = frame.userType as number;
        self.slowSeconds = frame.slowSeconds as number;
        self.slowFrom = frame.nextSendAt as number;
        self.lastSentAt = 0;
        self.status = 'joined';
        seen.delete(frame.chId as string);
        return;
      }
      if (cmd === 'error') {
        if (!isErrorFrame(frame)) return;
        const { code, msg, retryAfterSeconds } = frame as { code: number; msg: string; retryAfterSeconds?: number };
        self.chatError = { code, msg, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
        if (code === ChatError.RoomNotFound) self.status = 'failed';
        // The platform's count wins over ours (another tab of the member sent, or the clocks differ).
        if (code === ChatError.SlowMode && retryAfterSeconds !== undefined) self.slowFrom = envOf(self).clock.now() + retryAfterSeconds * 1000;
        return;
      }
      if (cmd === 'ack') {
        self.chatError = null;
        // Only a stored message's ack carries its id: slow mode counts from it, by this clock (never early).
        if (typeof frame.id === 'string') self.lastSentAt = envOf(self).clock.now();
        return;
      }
      if (cmd !== undefined || !isHubFrame(frame)) return;
      const { chId, seq, epoch, data } = frame as { chId: string; seq?: number; epoch?: string; data: unknown };
      if (seq !== undefined) {
        const last = seen.get(chId);
        seen.set(chId, { seq, epoch });
        // Events were missed (a gap, or the platform restarted): joining again answers the history.
        if (last && (last.epoch !== epoch || seq !== last.seq + 1) && self.roomId !== undefined) {
          send({ cmd: 'join', roomId: self.roomId });
          return;
        }
      }
      if (self.roomId !== undefined && chId === roomChannel(self.roomId)) {
        const events = isRecord(data) && Array.isArray(data.events) ? data.events.filter(isRoomEvent) : [];
        for (const event of events) {
          if (event.kind === 'message') {
            if (self.messageList.some((m) => m.id === event.message.id)) continue;
            self.messageList = [...self.messageList, event.message].slice(-(MAX_MESSAGES + self.earlierCount));
            self.arrivals = [...self.arrivals, event.message].slice(-MAX_MESSAGES);
            // Notices (auto, act) are the room's own, not someone talking: they do not count.
            if (!self.shown && event.message.uid !== self.uid && event.message.kind !== 'auto' && event.message.kind !== 'act') self.unread += 1;
          } else if (event.kind === 'delete') {
            self.messageList = self.messageList.filter((m) => m.id !== event.messageId);
            self.arrivals = self.arrivals.filter((m) => m.id !== event.messageId);
            if (self.replyMsg?.id === event.messageId) self.replyMsg = null;
          } else if (event.kind === 'slow') {
            self.slowSeconds = event.slowSeconds;
            if (event.slowSeconds === 0) self.slowFrom = 0;
          } else {
            self.chatBlock = event.chatBlock;
          }
        }
      } else if (chId === memberChannel(self.uid) && isRecord(data) && data.kind === 'ban' && data.roomId === self.roomId) {
        if (data.chatBanInfo === null || isBan(data.chatBanInfo)) self.chatBanInfo = data.chatBanInfo;
      }
    },
    socketOpened() {
      self.status = 'connecting';
      seen.clear();
      if (self.roomId !== undefined) send({ cmd: 'join', roomId: self.roomId });
    },
    socketClosed(code: number) {
      if (self.status !== 'failed') self.status = 'connecting';
      // The token was refused: the next attempt asks for a new one.
      if (code === TOKEN_REFUSED) self.chatToken = null;
    },
    /** Sends a frame that changes the room (a message or moderation); false (and chatError) when it cannot go. */
    sendFrame(frame: ChatClientFrame): boolean {
      if (!socket || self.status !== 'joined') {
        self.chatError = { code: -1, msg: 'not connected' };
        return false;
      }
      socket.send(frame);
      return true;
    },
    nextRef,
    attach(opened: ChatSocket) {
      socket = opened;
    },
    detach() {
      socket?.close();
      socket = undefined;
    },
    reconnect() {
      socket?.reconnect();
    },
    enter(roomId: number) {
      const previous = self.roomId;
      if (previous === roomId) return;
      if (previous !== undefined) send({ cmd: 'leave', roomId: previous });
      self.roomId = roomId;
      forgetRoomMessages();
      self.chatOrderHistory = [];
      self.userType = 0;
      self.slowSeconds = 0;
      self.slowFrom = 0;
      self.lastSentAt = 0;
      self.chatBanInfo = self.chatToken?.chatBanInfo ?? null;
      self.clearChat();
      if (self.status === 'joined' || self.status === 'connecting') {
        self.status = 'connecting';
        send({ cmd: 'join', roomId });
      }
    },
    leave() {
      if (self.roomId !== undefined) send({ cmd: 'leave', roomId: self.roomId });
      self.roomId = undefined;
      forgetRoomMessages();
      self.clearChat();
    },
    fetchToken,
    /** The URL of the next connection: a member's carries a token valid for at least TOKEN_MARGIN_MS more. */
    socketUrl: flow(function* socketUrl() {
      const base: string = yield chatUrl();
      const language = envOf(self).i18n.language;
      const params = new URLSearchParams({ language: apiLanguageOf(language) });
      if (self.isLogin) {
        let token = self.chatToken;
        if (!token || token.expiresAt - envOf(self).clock.now() < TOKEN_MARGIN_MS) {
          try {
            token = (yield fetchToken()) as ChatToken;
          } catch (error) {
            self.chatError = failureOf(error);
            token = null;
          }
        }
        if (token) params.set('token', token.token);
      }
      return `${base}?${params.toString()}`;
    }),
  };
});
