import { reaction } from 'mobx';
import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import { chatMemberChannel as memberChannel, chatRoomChannel as roomChannel, type ChatBanInfo, type ChatClientFrame, type ChatHistoryPage, type ChatImage, type ChatMessage, type ChatOrderItem, type ChatRule, type ChatToken, type OrderShowRule, type ReportCategory } from '../../contract/chat';
import { ChatUserType } from '../../contract/enums';
import { ChatError } from '../../contract/errors';
import { CHAT_PATHS, LIVE_ROOM_PATHS } from '../../contract/paths';
import type { MemberTitle, Title } from '../../contract/liveRoom';
import { isApiError } from '../services/http';
import { apiLanguageOf } from '../services/i18n';
import { envOf, type Env } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';
import { openChatSocket, type ChatSocket, type OpenChatSocket } from './chatSocket';
import {
  expect,
  isBan,
  isCategories,
  isEmojiGroups,
  isErrorFrame,
  isHello,
  isHistoryPage,
  isHubFrame,
  isImage,
  isJoined,
  isMemberTitles,
  isMessage,
  isOrderHistory,
  isRecord,
  isReportAdded,
  isRoomEvent,
  isTitles,
  isToken,
} from './chatWire';

/** The spec: "groups are chunked by 8". */
export const EMOJI_PAGE = 8;
/**
 * Messages kept in the list: the history (50 by default) and what arrives after it; older ones scroll away. Pages the
 * reader scrolled back to are kept on top of it, so new arrivals never pull away what they are reading.
 */
export const MAX_MESSAGES = 200;
/** A token this close to its expiry is replaced before the next connection, so the platform never sees it expire. */
export const TOKEN_MARGIN_MS = 30_000;
/** docs/api.md: 4401 closes a connection whose token is unknown or expired. */
export const TOKEN_REFUSED = 4401;
/** The platform's default order show rule (spec 001 section 3: showCount default 10) until the route answers. */
const DEFAULT_ORDER_RULE: OrderShowRule = { showCount: 10, coins: [] };
const DOMAIN_LIST = '/api/forehead/system/domain/list/v2';

/** The spec: "Chat error text is kept in chatError"; the code lets the screen say it in the member's language. */
export interface ChatFailure {
  code: number;
  msg: string;
  retryAfterSeconds?: number;
}

/** The spec: "report and chat calls return the error object instead of throwing". */
export type ChatResult<T> = { ok: true; value: T } | { ok: false; error: ChatFailure };

export interface EmojiGroupPages {
  groupId: number;
  name: string;
  /** The group's emoji in pages of EMOJI_PAGE. */
  pages: { id: string; code: string }[][];
}

/** Why the input is disabled, for the placeholder: the screen words it. */
export type ChatInputBlock = 'visitor' | 'banned' | 'blocked' | 'connecting' | null;

/** A call as a promise even when the client throws at once or answers nothing, so it fails the call, never the flow. */
const settle = (request: () => unknown): Promise<unknown> => Promise.resolve().then(request);

const failureOf = (error: unknown): ChatFailure =>
  isApiError(error) ? { code: error.code, msg: error.message } : { code: -1, msg: error instanceof Error ? error.message : String(error) };

const codePoints = (text: string) => [...text].length;
/** How many recent chatters the @ list draws from. */
const MENTION_CHOICES = 20;
/** "@name" in the text, not followed by more of a name (a letter, digit or underscore). */
export const mentionsName = (text: string, name: string): boolean => {
  if (name === '') return false;
  const needle = `@${name}`;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!/^[\p{L}\p{M}\p{N}_]/u.test(text.slice(at + needle.length))) return true;
  }
  return false;
};
const chunk = <T,>(items: readonly T[], size: number): T[][] => {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
};


/**
 * The chat of one live room (spec 001 section 3 "Chat state"): the /chat socket (docs/api.md "The /chat websocket")
 * with its token, the room's messages, what keeps a member from sending (visitor, mute, blocked room), and the calls
 * around it (emoji, report categories and reports, the order show rule and history, image upload, titles).
 * Failures of sends and calls land in chatError (and are answered, never thrown).
 */
export const ChatStore = types
  .model('ChatStore', {})
  .volatile(() => ({
    roomId: undefined as number | undefined,
    isLogin: false,
    chatToken: null as ChatToken | null,
    chatRule: null as ChatRule | null,
    messageList: [] as ChatMessage[],
    /** The room's chat is blocked by its agent. */
    chatBlock: false,
    /** A mute: the room's (join answer, ban event) or the platform-wide one of the token. */
    chatBanInfo: null as ChatBanInfo | null,
    chatError: null as ChatFailure | null,
    emojiList: [] as EmojiGroupPages[],
    reportConfigList: [] as ReportCategory[],
    chatOrderHistory: [] as ChatOrderItem[],
    orderShowRule: DEFAULT_ORDER_RULE,
    replyMsg: null as ChatMessage | null,
    /** The title catalogue by id: the names worn beside senders. */
    memberTitleMap: {} as Record<number, Title>,
    /** The member's standing with every title, by id. */
    memberAllTitleMap: {} as Record<number, MemberTitle>,
    barrageVisible: true,
    /** What the member is typing: remindMsgLength counts it. */
    draft: '',
    /** Who the platform takes this connection for (hello) and what they are in the room (joined). */
    uid: 0,
    /** The member's chat name (hello): what others write after @ to mention them. */
    nickname: '',
    userType: 0,
    status: 'idle' as 'idle' | 'connecting' | 'joined' | 'failed',
    /** Messages that arrived after the history, for the barrage (it shows only what is new). */
    arrivals: [] as ChatMessage[],
    /** Whether the chat's messages are on screen (the chat tab is open): while not, others' new messages count as unread. */
    shown: false,
    /** Others' messages that arrived while the chat was not shown (the count on the hidden chat's toggle and tab). */
    unread: 0,
    /** Older messages remain on the platform before the first in the list (scroll-back). */
    hasEarlier: false,
    /** A page of older messages is being asked for; `earlierFailed` when the last ask failed (the list offers a retry). */
    loadingEarlier: false,
    earlierFailed: false,
    /** Messages the scroll-back added: the list keeps them on top of MAX_MESSAGES. */
    earlierCount: 0,
    /** The room's slow mode: seconds between two messages of a member (0 off); the room's agents are exempt. */
    slowSeconds: 0,
    /** When this member's last message went (epoch ms, the ack's arrival): slow mode counts from it. */
    lastSentAt: 0,
    /** A wait the platform gave (the join's nextSendAt, a slow-mode refusal's seconds left), epoch ms. */
    slowFrom: 0,
  }))
  .views((self) => ({
    get isAgent() {
      return self.userType === ChatUserType.Agent;
    },
    /** A mute in force at `now` (a mute ends by itself at `until`). */
    bannedAt(now: number) {
      return self.chatBanInfo !== null && self.chatBanInfo.until > now;
    },
    /** Whether a message names the member with @ (their name whole: "@Ann" does not mention Anna). */
    mentions(message: ChatMessage) {
      return self.uid !== 0 && message.uid !== self.uid && mentionsName(message.text, self.nickname);
    },
    /** Who talked lately, newest first, each once and not the member: the names the input offers after @. */
    get recentChatters(): string[] {
      const names: string[] = [];
      for (let i = self.messageList.length - 1; i >= 0 && names.length < MENTION_CHOICES; i--) {
        const message = self.messageList[i]!;
        if (message.kind === 'auto' || message.kind === 'act' || message.uid === self.uid || message.nickname === '' || names.includes(message.nickname)) continue;
        names.push(message.nickname);
      }
      return names;
    },
    /** Slow mode applies to this member (on, and not an agent of the room). */
    get slowed() {
      return self.slowSeconds > 0 && self.userType !== ChatUserType.Agent;
    },
    /** Whole seconds until slow mode lets the member send again at `now` (0: they may now). */
    slowWaitAt(now: number): number {
      if (self.slowSeconds === 0 || self.userType === ChatUserType.Agent) return 0;
      const until = Math.max(self.slowFrom, self.lastSentAt === 0 ? 0 : self.lastSentAt + self.slowSeconds * 1000);
      // Never more than the setting: the ticker's `now` may lag the ack's arrival by up to a second.
      return until > now ? Math.min(self.slowSeconds, Math.ceil((until - now) / 1000)) : 0;
    },
    /** The spec's remindMsgLength: characters left before the rule's maximum (negative when over). */
    get remindMsgLength() {
      return (self.chatRule?.maxTextLength ?? 0) - codePoints(self.draft.trim());
    },
  }))
  .views((self) => ({
    /** Why the member cannot send now, or null: the spec's inputDisabled and the reason its placeholder gives. */
    inputBlock(now: number): ChatInputBlock {
      if (!self.isLogin) return 'visitor';
      if (self.bannedAt(now)) return 'banned';
      if (self.chatBlock) return 'blocked';
      if (self.status !== 'joined' || self.uid === 0) return 'connecting';
      return null;
    },
  }))
  .actions((self) => {
    let socket: ChatSocket | undefined;
    const seen = new Map<string, { seq: number; epoch: string | undefined }>();
    let refSeq = 0;

    const env = () => getEnv<ChatEnv>(self);
    const send = (frame: ChatClientFrame) => socket?.send(frame);
    const nextRef = () => `c${++refSeq}`;
    /** The spec's clearing: the input and its placeholder come back, the error and the block go. */
    const clearChat = () => {
      self.chatError = null;
      self.chatBlock = false;
      self.replyMsg = null;
      self.draft = '';
    };
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
      setLogin(isLogin: boolean) {
        self.isLogin = isLogin;
        if (!isLogin) {
          self.chatToken = null;
          self.memberAllTitleMap = {};
          self.chatOrderHistory = [];
        }
      },
      setDraft(text: string) {
        self.draft = text;
        // Typing again is the member's answer to a refused send: the error goes.
        if (self.chatError) self.chatError = null;
      },
      setReply(message: ChatMessage | null) {
        self.replyMsg = message;
      },
      setError(error: ChatFailure | null) {
        self.chatError = error;
      },
      /** The chat's messages came on screen (the count of unread ones is read) or went off it. */
      setShown(shown: boolean) {
        self.shown = shown;
        if (shown) self.unread = 0;
      },
      setBarrageVisible(visible: boolean) {
        self.barrageVisible = visible;
        envOf(self).storage.set('barrageVisible', visible);
      },
      restoreBarrage() {
        self.barrageVisible = envOf(self).storage.get('barrageVisible');
      },
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
        self.messageList = [];
        self.hasEarlier = false;
        self.earlierCount = 0;
        self.earlierFailed = false;
        self.arrivals = [];
        self.unread = 0;
        self.chatOrderHistory = [];
        self.userType = 0;
        self.slowSeconds = 0;
        self.slowFrom = 0;
        self.lastSentAt = 0;
        self.chatBanInfo = self.chatToken?.chatBanInfo ?? null;
        clearChat();
        if (self.status === 'joined' || self.status === 'connecting') {
          self.status = 'connecting';
          send({ cmd: 'join', roomId });
        }
      },
      leave() {
        if (self.roomId !== undefined) send({ cmd: 'leave', roomId: self.roomId });
        self.roomId = undefined;
        self.messageList = [];
        self.hasEarlier = false;
        self.earlierCount = 0;
        self.earlierFailed = false;
        self.arrivals = [];
        self.unread = 0;
        clearChat();
      },
      fetchToken,
      clearChat,
      /** The URL of the next connection: a member's carries a token valid for at least TOKEN_MARGIN_MS more. */
      socketUrl: flow(function* socketUrl() {
        const base: string = yield env().chatUrl();
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
  })
  .actions((self) => {
    const http = () => envOf(self).http.forehead;
    /** Runs a call; its failure lands in chatError and is answered, never thrown (spec 001 section 9). */
    const attempt = function* <T>(call: () => Promise<unknown>, parse: (value: unknown) => T): Generator<Promise<unknown>, ChatResult<T>, unknown> {
      try {
        const value = parse(yield settle(call));
        return { ok: true, value };
      } catch (error) {
        const failure = failureOf(error);
        self.setError(failure);
        return { ok: false, error: failure };
      }
    };
    const roomOf = () => self.roomId ?? 0;
    /** Slow mode still counting: the send stays here (the platform would refuse it) and chatError says how long. */
    const slowedNow = () => {
      const wait = self.slowWaitAt(envOf(self).clock.now());
      if (wait > 0) self.setError({ code: ChatError.SlowMode, msg: 'slow mode', retryAfterSeconds: wait });
      return wait > 0;
    };

    return {
      /** Sends the draft: text, or a reply when a message is quoted. */
      sendText() {
        const text = self.draft.trim();
        if (text === '' || self.roomId === undefined || slowedNow()) return false;
        const reply = self.replyMsg;
        const sent = self.sendFrame({
          cmd: 'send',
          ref: self.nextRef(),
          roomId: self.roomId,
          kind: reply ? 'reply' : 'text',
          text,
          ...(reply ? { replyTo: reply.id } : {}),
        });
        if (sent) {
          self.setDraft('');
          self.setReply(null);
        }
        return sent;
      },
      /** Shares one of the member's qualifying orders (the order history) as an order message. */
      sendOrder(orderId: string) {
        if (self.roomId === undefined || slowedNow()) return false;
        return self.sendFrame({ cmd: 'send', ref: self.nextRef(), roomId: self.roomId, kind: 'order', orderId });
      },
      deleteMessage(messageId: string) {
        if (self.roomId === undefined) return false;
        return self.sendFrame({ cmd: 'delete', ref: self.nextRef(), roomId: self.roomId, messageId });
      },
      mute(uid: number, minutes: number, reason: string) {
        if (self.roomId === undefined) return false;
        return self.sendFrame({ cmd: 'mute', ref: self.nextRef(), roomId: self.roomId, uid, minutes, reason });
      },
      /** An agent lifts a member's mute in the room (the platform's ban event tells the member). */
      unmute(uid: number) {
        if (self.roomId === undefined) return false;
        return self.sendFrame({ cmd: 'unmute', ref: self.nextRef(), roomId: self.roomId, uid });
      },
      /** An agent sets the room's slow mode (0 off); the room's slow event sets slowSeconds for everyone. */
      setSlowMode(slowSeconds: number) {
        if (self.roomId === undefined) return false;
        return self.sendFrame({ cmd: 'slow', ref: self.nextRef(), roomId: self.roomId, slowSeconds });
      },
      /** An agent blocks (true) or reopens (false) the room's chat; the room's block event sets chatBlock for everyone. */
      setBlock(chatBlock: boolean) {
        if (self.roomId === undefined) return false;
        return self.sendFrame({ cmd: 'block', ref: self.nextRef(), roomId: self.roomId, chatBlock });
      },
      /** Uploads an image (checked by content on the platform), then sends it with the draft as image or image-text. */
      sendImage: flow(function* sendImage(file: Blob) {
        const roomId = self.roomId;
        if (slowedNow()) return { ok: false, error: self.chatError as ChatFailure } as ChatResult<ChatImage>;
        const result: ChatResult<ChatImage> = yield* attempt(
          () => http().post(CHAT_PATHS.imageUpload, file, { headers: { 'content-type': file.type || 'application/octet-stream' } }),
          (value) => expect(value, isImage, 'the image upload'),
        );
        if (!result.ok || roomId === undefined || roomId !== self.roomId) return result;
        const text = self.draft.trim();
        const sent = self.sendFrame({ cmd: 'send', ref: self.nextRef(), roomId, kind: text ? 'image-text' : 'image', image: result.value.file, ...(text ? { text } : {}) });
        if (sent) self.setDraft('');
        return result;
      }),
      /**
       * Scroll-back: the page of messages before the first one in the list, from the platform's history route (which
       * answers only rooms the viewer may see), put on top of the list. One ask at a time; a failure is kept in
       * earlierFailed for the list's retry, not in chatError (the input's line is about sending).
       */
      loadEarlier: flow(function* loadEarlier() {
        const roomId = self.roomId;
        const first = self.messageList[0];
        if (roomId === undefined || !first || !self.hasEarlier || self.loadingEarlier) return;
        self.loadingEarlier = true;
        self.earlierFailed = false;
        try {
          const answer: unknown = yield settle(() => http().get(CHAT_PATHS.history, { params: { roomId, before: first.id } }));
          const page: ChatHistoryPage = expect(answer, isHistoryPage, 'the chat history');
          // A room switch or a re-join (a new list) meanwhile makes the page stale.
          if (roomId !== self.roomId || self.messageList[0]?.id !== first.id) return;
          const held = new Set(self.messageList.map((m) => m.id));
          const older = page.messages.filter((m) => !held.has(m.id));
          self.messageList = [...older, ...self.messageList];
          self.earlierCount += older.length;
          self.hasEarlier = page.hasMore && older.length > 0;
        } catch (error) {
          if (roomId === self.roomId) self.earlierFailed = true;
          envOf(self).logger.warn('[chat] earlier messages not loaded', error);
        } finally {
          self.loadingEarlier = false;
        }
      }),
      loadEmoji: flow(function* loadEmoji() {
        if (self.emojiList.length > 0) return;
        const result: ChatResult<EmojiGroupPages[]> = yield* attempt(
          () => http().post(CHAT_PATHS.emoji),
          (value) => expect(value, isEmojiGroups, 'the emoji list').map((group) => ({ groupId: group.groupId, name: group.name, pages: chunk(group.emojis, EMOJI_PAGE) })),
        );
        if (result.ok) self.emojiList = result.value;
      }),
      loadReportCategories: flow(function* loadReportCategories() {
        const result: ChatResult<ReportCategory[]> = yield* attempt(() => http().post(CHAT_PATHS.reportCategories), (value) => expect(value, isCategories, 'the report categories'));
        if (result.ok) self.reportConfigList = result.value;
        return result;
      }),
      report: flow(function* report(messageId: string, cateId: number, remark: string) {
        const body = { messageId, cateId, roomId: roomOf(), ...(remark.trim() ? { remark: remark.trim() } : {}) };
        const result: ChatResult<{ id: number }> = yield* attempt(() => http().post(CHAT_PATHS.reportAdd, body), (value) => expect(value, isReportAdded, 'the report'));
        return result;
      }),
      /** The member's orders that may be shared in the room (the platform applies spec 001 section 5), at most showCount. */
      loadOrderHistory: flow(function* loadOrderHistory() {
        const roomId = self.roomId;
        if (roomId === undefined) return { ok: false, error: { code: -1, msg: 'no room' } } as ChatResult<never>;
        const result: ChatResult<{ rule: OrderShowRule; records: ChatOrderItem[] }> = yield* attempt(
          () => http().post(CHAT_PATHS.orderHistory, { roomId }),
          (value) => expect(value, isOrderHistory, 'the order history'),
        );
        if (result.ok && roomId === self.roomId) {
          self.orderShowRule = result.value.rule;
          self.chatOrderHistory = result.value.records.slice(0, result.value.rule.showCount);
        }
        return result;
      }),
      /** Titles worn beside names (the catalogue), and the member's own standing with them when signed in. */
      loadTitles: flow(function* loadTitles() {
        try {
          const catalogue = expect(yield settle(() => http().post(LIVE_ROOM_PATHS.titleCatalogue)), isTitles, 'the titles');
          self.memberTitleMap = Object.fromEntries(catalogue.map((title) => [title.id, title]));
          if (self.isLogin) {
            const mine = expect(yield settle(() => http().post(LIVE_ROOM_PATHS.titleList)), isMemberTitles, "the member's titles");
            self.memberAllTitleMap = Object.fromEntries(mine.map((title) => [title.id, title]));
          }
        } catch (error) {
          // Names show without titles; nothing the member did failed.
          envOf(self).logger.warn('[chat] titles not loaded', error);
        }
      }),
    };
  })
  .actions((self) => ({
    /** A new language: names fetched in the old one are asked for again (titles now, emoji and report categories when next opened). */
    languageChanged() {
      self.emojiList = [];
      self.reportConfigList = [];
      void self.loadTitles();
    },
    /** Opens the socket (once); it joins the room on every open and asks for a fresh URL (token) on every attempt. */
    connect() {
      const open = getEnv<ChatEnv>(self).openChatSocket ?? openChatSocket;
      self.attach(
        open(() => self.socketUrl(), {
          open: () => self.socketOpened(),
          frame: (frame) => self.receive(frame),
          closed: (code) => self.socketClosed(code),
        }),
      );
    },
  }));

export type ChatStoreInstance = Instance<typeof ChatStore>;

/** The chat's additions to the stores' env: where /chat is and (tests) how to open it. */
export interface ChatEnv extends Env {
  /** The domain list's `chat` URL; the default asks the platform's domain list once. */
  chatUrl(): Promise<string>;
  openChatSocket?: OpenChatSocket;
}

export interface ChatRoot extends OnDemandRoot {
  session: { isLogin: boolean };
  settings: { apiLanguage: string };
}

/**
 * The chat of an app root, made when a live room first shows (so its code loads with the room's chunk): one socket
 * for the app, re-opened with a new token (or none) when the member signs in or out.
 */
export const { of: chatOf } = onDemand((root: ChatRoot) => {
  const base = getEnv(root) as Env & Partial<ChatEnv>;
  let domain: Promise<string> | undefined;
  const chatUrl =
    base.chatUrl ??
    (() => {
      domain ??= base.http.forehead.post(DOMAIN_LIST, {}, { noAuth: true }).then((list) => expect(list, (value): value is { chat: string } => isRecord(value) && typeof value.chat === 'string', 'the domain list').chat);
      // A failed look-up is asked again on the next attempt.
      domain.catch(() => (domain = undefined));
      return domain;
    });
  const store = ChatStore.create({}, { ...base, chatUrl });
  store.setLogin(root.session.isLogin);
  store.restoreBarrage();
  void store.loadTitles();
  store.connect();
  const stopFollowing = reaction(
    () => root.session.isLogin,
    (isLogin) => {
      store.setLogin(isLogin);
      store.reconnect();
      void store.loadTitles();
    },
  );
  // Title names (the badges beside senders), emoji group names and report categories come in the request language.
  const stopLanguage = reaction(
    () => root.settings.apiLanguage,
    () => store.languageChanged(),
  );
  return {
    store,
    close() {
      stopFollowing();
      stopLanguage();
      store.detach();
    },
  };
});
