// The chat's store (ChatStore), the last link of its chain: state (chatState.ts), connection (chatConnection.ts), and
// here the screens' sends and calls (text, orders, images, moderation, scroll-back, emoji, reports, order history,
// titles), the wiring to the member and the language, and chatOf, which makes the store when a live room first shows.
import { reaction } from 'mobx';
import { addDisposer, flow, getEnv, type Instance } from 'mobx-state-tree';
import type { ChatHistoryPage, ChatImage, ReportCategory } from '../../../contract/chat';
import { ChatError } from '../../../contract/errors';
import { CHAT_PATHS, LIVE_ROOM_PATHS } from '../../../contract/paths';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { openChatSocket } from './chatSocket';
import { ChatConnection, type ChatEnv } from './chatConnection';
import { failureOf, settle, type ChatFailure, type ChatResult, type EmojiGroupPages } from './chatState';
import { expect, isCategories, isEmojiGroups, isHistoryPage, isImage, isMemberTitles, isOrderHistory, isReportAdded, isTitles } from './chatWire';

/** The spec: "groups are chunked by 8". */
export const EMOJI_PAGE = 8;
const chunk = <T,>(items: readonly T[], size: number): T[][] => {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
};

/**
 * The chat of one live room (spec 001 section 3): its state and socket (chatState.ts, chatConnection.ts) and the
 * calls around it (emoji, report categories and reports, the order show rule and history, image upload, titles).
 * Failures of sends and calls land in chatError (and are answered, never thrown).
 */
export const ChatStore = ChatConnection
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
      /**
       * The member's orders that may be shared in the room (the platform applies spec 001 section 5), at most
       * showCount, through the request primitive (the order picker shows its state; the newest ask wins).
       */
      loadOrderHistory() {
        const roomId = self.roomId;
        if (roomId === undefined) return Promise.resolve('superseded' as const);
        return self.orderHistoryRequest.run(
          async () => expect(await settle(() => http().post(CHAT_PATHS.orderHistory, { roomId })), isOrderHistory, 'the order history'),
          (answer) => self.setOrderHistory(roomId, answer),
          { failed: (error) => self.setError(failureOf(error)) },
        );
      },
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

export interface ChatRoot extends OnDemandRoot {
  session: { isLogin: boolean };
  settings: { apiLanguage: string };
}

/**
 * The chat of an app root, made when a live room first shows (so its code loads with the room's chunk): one socket
 * for the app, re-opened with a new token (or none) when the member signs in or out.
 */
export const { of: chatOf } = onDemand('chat', ChatStore, (store, root: ChatRoot) => {
  store.setLogin(root.session.isLogin);
  store.restoreBarrage();
  void store.loadTitles();
  store.connect();
  addDisposer(
    store,
    reaction(
      () => root.session.isLogin,
      (isLogin) => {
        store.setLogin(isLogin);
        store.reconnect();
        void store.loadTitles();
      },
    ),
  );
  // Title names (the badges beside senders), emoji group names and report categories come in the request language.
  addDisposer(
    store,
    reaction(
      () => root.settings.apiLanguage,
      () => store.languageChanged(),
    ),
  );
  addDisposer(store, () => store.detach());
});
