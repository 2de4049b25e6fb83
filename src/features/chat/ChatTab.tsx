import { observer } from 'mobx-react-lite';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../../contract/chat';
import { useService } from '../../kernel';
import { chatOf, type ChatStoreInstance } from './chat';
import { Button } from '../../core/ui/common/Button';
import { EmptyState } from '../../core/ui/common/Panel';
import { RowsSkeleton } from '../../core/ui/common/States';
import { httpRef, toastRef } from '../../core/ui/services';
import { useStore } from '../../core/ui/storeContext';
import { ConfirmDialog, MuteDialog, OrderPicker, ReportDialog } from './ChatDialogs';
import { ChatMessageItem, type MessageActions } from './ChatMessageItem';
import { ImagePreview } from './ImagePreview';
import { useChatError, useChatInputState, useChatTranslation } from './chatText';
import styles from './Chat.module.css';

/** How close to the bottom (px) still counts as reading the newest messages, so new ones scroll into view. */
const AT_BOTTOM_PX = 40;
/** How close to the top (px) asks for the page of older messages. */
const EARLIER_AT_PX = 40;
/** The @ being typed at the end of the draft and the start of the name after it. */
const MENTION_AT_END = /(?:^|\s)@([^\s@]*)$/u;
/** How many names the @ list shows at once. */
const MENTION_SHOWN = 6;

/** The room's chat (spec 001 sections 2, 3 and 6): its messages, the input with its states, and the tools around it. */
export const ChatTab = observer(function ChatTab() {
  const store = useStore();
  const chat = chatOf(store);
  const toast = useService(toastRef);
  const { t } = useChatTranslation();
  const base = useService(httpRef).forehead.defaults?.baseURL ?? '';
  const fileUrl = (path: string) => `${base.replace(/\/$/, '')}${path}`;
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [muting, setMuting] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [blocking, setBlocking] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // A message's actions show only while it holds focus or the pointer, so a dialog opened from one gives focus back to
  // the message itself (its actions show again), or to the list when the message went (deleted).
  const backTo = (message: ChatMessage | null) => () =>
    root.current?.querySelector<HTMLElement>(`[data-message-id="${message?.id ?? ''}"]`) ?? root.current?.querySelector<HTMLElement>('[role="log"]') ?? null;
  // While this tab shows, the room's messages are on screen: none count as unread.
  useEffect(() => {
    chat.setShown(true);
    return () => chat.setShown(false);
  }, [chat]);

  const actions: MessageActions = {
    reply: (message) => {
      chat.setReply(message);
      inputRef.current?.focus();
    },
    report: setReporting,
    mute: setMuting,
    unmute: (message) => void chat.unmute(message.uid),
    remove: setDeleting,
  };

  return (
    <div ref={root} className={styles.chat}>
      {chat.status === 'failed' ? (
        <EmptyState>{t('failed')}</EmptyState>
      ) : chat.status !== 'joined' && chat.messageList.length === 0 ? (
        <RowsSkeleton rows={4} />
      ) : (
        <MessageList chat={chat} fileUrl={fileUrl} actions={actions} />
      )}
      {chat.isAgent && (
        <div className={styles.agentBar} role="group" aria-label={t('agentTools.label')}>
          <span className={styles.muted}>{t(chat.chatBlock ? 'agentTools.blocked' : 'agentTools.open')}</span>
          <button type="button" className={styles.action} onClick={() => (chat.chatBlock ? chat.setBlock(false) : setBlocking(true))}>
            {t(chat.chatBlock ? 'agentTools.unblock' : 'agentTools.block')}
          </button>
          <SlowModeSwitch chat={chat} />
        </div>
      )}
      <ChatInput chat={chat} inputRef={inputRef} />
      <ReportDialog
        chat={chat}
        message={reporting}
        onClose={() => setReporting(null)}
        fallbackFocus={backTo(reporting)}
        onDone={() => {
          setReporting(null);
          toast.success(t('report.done'));
        }}
      />
      <MuteDialog chat={chat} message={muting} onClose={() => setMuting(null)} fallbackFocus={backTo(muting)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title')}
        body={t('confirmDelete.body', { name: deleting?.nickname ?? '' })}
        confirm={t('actions.delete')}
        onConfirm={() => deleting && chat.deleteMessage(deleting.id)}
        onClose={() => setDeleting(null)}
        fallbackFocus={backTo(deleting)}
      />
      <ConfirmDialog
        open={blocking}
        title={t('confirmBlock.title')}
        body={t('confirmBlock.body')}
        confirm={t('agentTools.block')}
        onConfirm={() => chat.setBlock(true)}
        onClose={() => setBlocking(false)}
      />
    </div>
  );
});

/**
 * The messages, newest last (the store keeps the latest 200). New ones scroll into view while the reader is at the
 * bottom; a reader who scrolled up stays put and gets a "new messages" button that jumps down. Scrolling to the top
 * (or the "earlier messages" button, for the keyboard) asks the platform for the page before the first message, which
 * goes on top without moving what the reader sees.
 */
const MessageList = observer(function MessageList({ chat, fileUrl, actions }: { chat: ChatStoreInstance; fileUrl(path: string): string; actions: MessageActions }) {
  const { t } = useChatTranslation();
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const messages = chat.messageList;
  const last = messages[messages.length - 1]?.id;
  const first = messages[0]?.id;
  // Older messages going on top push what the reader sees down: the message that was first is the anchor. Its place
  // is read while rendering (the page is not in the DOM yet) and again after, and the scroll moves by the difference.
  const firstBefore = useRef(first);
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const messageAt = (id: string) => list.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
  if (first !== firstBefore.current && firstBefore.current !== undefined) {
    const element = messageAt(firstBefore.current);
    anchor.current = element ? { id: firstBefore.current, top: element.offsetTop } : null;
  }
  useLayoutEffect(() => {
    firstBefore.current = first;
    const held = anchor.current;
    anchor.current = null;
    const element = list.current;
    const moved = held && messageAt(held.id);
    if (element && held && moved) element.scrollTop += moved.offsetTop - held.top;
  }, [first]);

  const toBottom = () => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  };
  useLayoutEffect(() => {
    if (atBottom.current) toBottom();
    else if (last !== undefined) setUnseen(true);
  }, [last]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
    if (element.scrollTop <= EARLIER_AT_PX && !chat.earlierFailed) void chat.loadEarlier();
  };

  return (
    <div className={styles.listWrap}>
      {messages.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <div ref={list} className={styles.list} aria-label={t('messages')} role="log" tabIndex={0} onScroll={onScroll}>
          <EarlierMessages chat={chat} />
          <ol className={styles.items}>
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} chat={chat} fileUrl={fileUrl} actions={actions} />
            ))}
          </ol>
        </div>
      )}
      {unseen && (
        <button type="button" className={styles.jump} onClick={toBottom}>
          {t('newMessages')}
        </button>
      )}
    </div>
  );
});

/** Slow mode choices an agent is offered (seconds; 0 off). The platform takes any whole number up to 600. */
const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 300];

/** The agent's slow-mode switch: one message per member every so many seconds (agents exempt), for the whole room. */
const SlowModeSwitch = observer(function SlowModeSwitch({ chat }: { chat: ChatStoreInstance }) {
  const { t } = useChatTranslation();
  // A value set elsewhere (another agent, another tool) is shown as it is.
  const choices = SLOW_MODE_CHOICES.includes(chat.slowSeconds) ? SLOW_MODE_CHOICES : [...SLOW_MODE_CHOICES, chat.slowSeconds].sort((a, b) => a - b);
  return (
    <label className={styles.slowSwitch}>
      {t('agentTools.slow')}
      <select value={chat.slowSeconds} onChange={(event) => chat.setSlowMode(Number(event.target.value))}>
        {choices.map((seconds) => (
          <option key={seconds} value={seconds}>
            {seconds === 0 ? t('agentTools.slowOff') : t('agentTools.slowEvery', { count: seconds })}
          </option>
        ))}
      </select>
    </label>
  );
});

/** The top of the list: the way to older messages (loading, retry after a failure) or the start of the room's chat. */
const EarlierMessages = observer(function EarlierMessages({ chat }: { chat: ChatStoreInstance }) {
  const { t } = useChatTranslation();
  if (chat.loadingEarlier) {
    return (
      <p className={styles.earlier} role="status">
        {t('earlier.loading')}
      </p>
    );
  }
  if (chat.hasEarlier) {
    return (
      <p className={styles.earlier}>
        {chat.earlierFailed && <span role="alert">{t('earlier.failed')} </span>}
        <button type="button" className={styles.action} onClick={() => void chat.loadEarlier()}>
          {t(chat.earlierFailed ? 'earlier.retry' : 'earlier.load')}
        </button>
      </p>
    );
  }
  return chat.earlierCount > 0 ? <p className={styles.earlier}>{t('earlier.start')}</p> : null;
});

const ChatInput = observer(function ChatInput({ chat, inputRef }: { chat: ChatStoreInstance; inputRef: React.RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useChatTranslation();
  const store = useStore();
  const say = useChatError();
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // @mentions: typing @ at the end of the draft offers the names of recent chatters starting with what follows it.
  const mentionId = useId();
  const [mentionIndex, setMentionIndex] = useState(0);
  const [mentionClosed, setMentionClosed] = useState(false);
  const { disabled, placeholder, slowWait, slowNote } = useChatInputState(chat, store.ui);
  const left = chat.remindMsgLength;
  const query = MENTION_AT_END.exec(chat.draft)?.[1]?.toLocaleLowerCase();
  const names =
    query === undefined || mentionClosed || disabled ? [] : chat.recentChatters.filter((name) => name.toLocaleLowerCase().startsWith(query)).slice(0, MENTION_SHOWN);
  const active = Math.min(mentionIndex, names.length - 1);
  const mention = (name: string) => {
    chat.setDraft(chat.draft.replace(/@[^\s@]*$/u, `@${name} `));
    setMentionIndex(0);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (left >= 0 && slowWait === 0) chat.sendText();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (names.length > 0 && !event.nativeEvent.isComposing) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step !== 0) setMentionIndex((active + step + names.length) % names.length);
      else if (event.key === 'Enter' || event.key === 'Tab') mention(names[active]!);
      else if (event.key === 'Escape') setMentionClosed(true);
      else return;
      // The list has the key: Enter picks rather than sends, Escape closes the list and nothing around it.
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // Enter sends, Shift+Enter breaks the line (the platform keeps up to two line breaks).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  // A chosen image waits in the preview for Send or Cancel (issue 31: it used to go at once).
  const [image, setImage] = useState<File | null>(null);
  const imageTool = useRef<HTMLButtonElement>(null);
  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setImage(file);
  };

  return (
    <form className={styles.inputArea} onSubmit={submit}>
      {chat.replyMsg && (
        <div className={styles.replyBar}>
          <span className={styles.replyText}>
            {t('quote', { name: chat.replyMsg.nickname })}: {chat.replyMsg.text}
          </span>
          <button type="button" className={styles.action} onClick={() => chat.setReply(null)}>
            {t('cancelReply')}
          </button>
        </div>
      )}
      {chat.chatError && (
        <p className={styles.error} role="alert">
          {say(chat.chatError)}
        </p>
      )}
      <textarea
        ref={inputRef}
        className={styles.input}
        aria-label={t('input.label')}
        placeholder={placeholder}
        title={disabled ? placeholder : undefined}
        disabled={disabled}
        rows={2}
        value={disabled ? '' : chat.draft}
        onChange={(event) => {
          chat.setDraft(event.target.value);
          setMentionClosed(false);
          setMentionIndex(0);
        }}
        onKeyDown={onKeyDown}
        aria-describedby="sp-chat-remaining"
        aria-autocomplete="list"
        aria-controls={names.length > 0 ? mentionId : undefined}
        aria-activedescendant={names.length > 0 ? `${mentionId}-${active}` : undefined}
      />
      {names.length > 0 && (
        <ul id={mentionId} className={styles.mentions} role="listbox" aria-label={t('mention.list')}>
          {names.map((name, index) => (
            // Mouse down would take focus from the input; the click picks.
            <li key={name} id={`${mentionId}-${index}`} role="option" aria-selected={index === active} onMouseDown={(event) => event.preventDefault()} onClick={() => mention(name)}>
              @{name}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.toolbar}>
        <span className={styles.tools} role="group" aria-label={t('input.tools')}>
          <button type="button" className={styles.tool} disabled={disabled} aria-expanded={emojiOpen} onClick={() => setEmojiOpen((open) => !open)}>
            {t('emoji.open')}
          </button>
          <button ref={imageTool} type="button" className={styles.tool} disabled={disabled} onClick={() => fileInput.current?.click()}>
            {t('image.send')}
          </button>
          <input ref={fileInput} type="file" hidden accept={chat.chatRule?.image.types.join(',') ?? 'image/*'} onChange={onImage} tabIndex={-1} aria-hidden="true" />
          <button type="button" className={styles.tool} disabled={disabled} onClick={() => setSharing(true)}>
            {t('share.open')}
          </button>
        </span>
        <span id="sp-chat-remaining" className={styles.remaining} data-over={left < 0} aria-live="polite">
          {/* While slow mode counts down, the countdown takes this place (the count of characters comes back after). */}
          {!disabled && chat.chatRule && slowWait === 0 && (left >= 0 ? t('input.remaining', { count: left }) : t('input.over', { count: -left }))}
        </span>
        {/* Not live: a count read out every second would drown the room; Send is described by it instead. */}
        {slowNote && (
          <span id="sp-chat-slow" className={styles.slowNote} data-testid="chat-slow-wait">
            {slowNote}
          </span>
        )}
        <Button type="submit" disabled={disabled || left < 0 || slowWait > 0 || chat.draft.trim() === ''} aria-describedby={slowNote ? 'sp-chat-slow' : undefined}>
          {t('input.send')}
        </Button>
      </div>
      {image && (
        <ImagePreview
          chat={chat}
          file={image}
          disabled={disabled || slowWait > 0}
          onClose={(sent) => {
            setImage(null);
            (sent ? inputRef.current : imageTool.current)?.focus();
          }}
        />
      )}
      {emojiOpen && !disabled && (
        <EmojiPicker
          chat={chat}
          onPick={(code) => {
            chat.setDraft(chat.draft + code);
            inputRef.current?.focus();
          }}
        />
      )}
      <OrderPicker chat={chat} open={sharing} onClose={() => setSharing(false)} />
    </form>
  );
});

/** The platform's emoji groups, a page of 8 at a time (the spec chunks groups by 8). */
const EmojiPicker = observer(function EmojiPicker({ chat, onPick }: { chat: ChatStoreInstance; onPick(code: string): void }) {
  const { t } = useChatTranslation();
  const [groupIndex, setGroupIndex] = useState(0);
  const [page, setPage] = useState(0);
  useEffect(() => {
    void chat.loadEmoji();
  }, [chat]);
  const groups = chat.emojiList;
  if (groups.length === 0) return <RowsSkeleton rows={1} />;
  const group = groups[Math.min(groupIndex, groups.length - 1)]!;
  const pages = group.pages.length;
  const current = group.pages[Math.min(page, pages - 1)] ?? [];
  return (
    <div className={styles.emoji} role="group" aria-label={t('emoji.open')}>
      <label className={styles.field}>
        {t('emoji.group')}
        <select
          value={group.groupId}
          onChange={(event) => {
            setGroupIndex(groups.findIndex((g) => g.groupId === Number(event.target.value)));
            setPage(0);
          }}
        >
          {groups.map((g) => (
            <option key={g.groupId} value={g.groupId}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.emojiRow}>
        <button type="button" className={styles.tool} disabled={page === 0} onClick={() => setPage((p) => p - 1)} aria-label={t('emoji.previous')}>
          ‹
        </button>
        {current.map((emoji) => (
          <button key={emoji.id} type="button" className={styles.emojiButton} onClick={() => onPick(emoji.code)}>
            {emoji.code}
          </button>
        ))}
        <button type="button" className={styles.tool} disabled={page >= pages - 1} onClick={() => setPage((p) => p + 1)} aria-label={t('emoji.next')}>
          ›
        </button>
      </span>
      <span className={styles.muted}>{t('emoji.page', { page: page + 1, pages })}</span>
    </div>
  );
});
