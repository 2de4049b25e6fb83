// The chat's state (spec 001 section 3 "Chat state"): every field of the chat store, their one owner, with what is
// read straight from them (mentions, slow mode, the input's block) and the plain setters the screens call. The
// socket and the room (chatConnection.ts) and the calls (chat.ts) build on it; kept apart so the state the spec
// names reads as one list rather than between the frames and calls that fill it.
import { types } from 'mobx-state-tree';
import type { ChatBanInfo, ChatMessage, ChatOrderItem, ChatRule, ChatToken, OrderShowRule, ReportCategory } from '../../../contract/chat';
import { ChatUserType } from '../../../contract/enums';
import type { MemberTitle, Title } from '../../../contract/liveRoom';
import { isApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import { request } from '../../sdk/request';

/**
 * Messages kept in the list: the history (50 by default) and what arrives after it; older ones scroll away. Pages the
 * reader scrolled back to are kept on top of it, so new arrivals never pull away what they are reading.
 */
export const MAX_MESSAGES = 200;
/** The platform's default order show rule (spec 001 section 3: showCount default 10) until the route answers. */
const DEFAULT_ORDER_RULE: OrderShowRule = { showCount: 10, coins: [] };

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
export const settle = (request: () => unknown): Promise<unknown> => Promise.resolve().then(request);

export const failureOf = (error: unknown): ChatFailure =>
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

/**
 * The chat of one live room: its socket's status and token, the room's messages, what keeps a member from sending
 * (visitor, mute, blocked room, slow mode), and what the calls brought (emoji, report categories, order history,
 * titles). Failures of sends and calls land in chatError (and are answered, never thrown).
 */
export const ChatState = types
  .model('ChatStore', {
    /** The member's shareable orders (order history), as the order picker shows them. */
    orderHistoryRequest: request(),
  })
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
  .actions((self) => ({
    setLogin(isLogin: boolean) {
      self.isLogin = isLogin;
      if (!isLogin) {
        self.chatToken = null;
        self.memberAllTitleMap = {};
        self.chatOrderHistory = [];
        self.orderHistoryRequest.reset();
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
    /** The room's shareable orders, unless the member has moved to another room since they were asked for. */
    setOrderHistory(roomId: number, answer: { rule: OrderShowRule; records: ChatOrderItem[] }) {
      if (roomId !== self.roomId) return;
      self.orderShowRule = answer.rule;
      self.chatOrderHistory = answer.records.slice(0, answer.rule.showCount);
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
    /** The spec's clearing: the input and its placeholder come back, the error and the block go. */
    clearChat() {
      self.chatError = null;
      self.chatBlock = false;
      self.replyMsg = null;
      self.draft = '';
    },
  }));
