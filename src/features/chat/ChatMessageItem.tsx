import { observer } from 'mobx-react-lite';
import { useState, type FocusEvent } from 'react';
import type { ChatMessage, ChatOrderItem } from '../../../contract/chat';
import { displayOddsFormat, priceKindOf } from '../../../domain/odds';
import type { ChatStoreInstance } from './chat';
import { ChatUserType } from '../../../contract/enums';
import { oddsText } from '../myBets/format';
import { useStore } from '../../core/ui/storeContext';
import { useChatTranslation, useChatWords } from './chatText';
import styles from './Chat.module.css';

export interface MessageActions {
  reply(message: ChatMessage): void;
  report(message: ChatMessage): void;
  mute(message: ChatMessage): void;
  unmute(message: ChatMessage): void;
  remove(message: ChatMessage): void;
}

/**
 * The spec's chat order history item as a card: what was bet, at what odds, and how it stands. The odds show in the
 * viewer's format by the rule every price follows (a single on a two-way market in their format, else decimal).
 */
export const OrderCard = observer(function OrderCard({ order }: { order: ChatOrderItem }) {
  const { t } = useChatTranslation();
  const { settings } = useStore();
  const { title, section } = useChatWords().order(order);
  const status = order.orderStatus === 4 || order.orderStatus === 5 ? t(`order.status.${order.orderStatus}`) : t('order.status.other', { status: order.orderStatus });
  return (
    <div className={styles.order} data-testid="chat-order">
      <span className={styles.orderHead}>
        <strong>{t('order.title')}</strong>
        <span>{status}</span>
      </span>
      <span className={styles.orderTitle}>{title}</span>
      <span>{section}</span>
      <dl className={styles.orderFacts}>
        <dt>{t('order.stake')}</dt>
        <dd>
          {order.betAmount} {order.assetSymbol}
        </dd>
        <dt>{t('order.odds')}</dt>
        <dd>{oddsText(order.odd, displayOddsFormat(settings.oddsFormatId, priceKindOf(order.outcomeCount ?? 0)))}</dd>
        <dt>{t('order.returned')}</dt>
        <dd>
          {order.wonAmount} {order.assetSymbol}
        </dd>
      </dl>
      <span className={styles.muted}>
        {t('order.betId', { id: order.betId })}
        {order.isEarlySettlement && <> · {t('order.earlySettlement')}</>}
      </span>
    </div>
  );
});

/**
 * One message of any kind. Its actions (reply, report, the agent's delete, mute and unmute) show only while the pointer
 * is over it or focus is in it, as in every live chat: a message is a tab stop, and Tab from it reaches its actions.
 * Every text of a member (names, messages, quotes, order fields) is a React text node, never
 * HTML: markup arrives and stays as the characters typed.
 */
export const ChatMessageItem = observer(function ChatMessageItem({ message, chat, fileUrl, actions }: { message: ChatMessage; chat: ChatStoreInstance; fileUrl(path: string): string; actions: MessageActions }) {
  const { t } = useChatTranslation();
  const words = useChatWords();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  if (message.kind === 'auto' || message.kind === 'act') {
    return (
      <li className={styles.notice} data-kind={message.kind} data-message-id={message.id} data-notice={message.notice?.type}>
        <span className={styles.badge}>{t(`kind.${message.kind}`)}</span> {message.notice ? words.notice(message.notice) : message.text}
      </li>
    );
  }
  const title = message.titleId === null ? undefined : chat.memberTitleMap[message.titleId];
  const own = message.uid === chat.uid;
  const canAct = chat.isLogin && chat.uid !== 0;
  // Focus moving between the message and its own buttons keeps the actions; leaving the message hides them.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const mentioned = chat.mentions(message);
  const moderate = chat.isAgent && !own && message.userType !== ChatUserType.Agent;
  return (
    <li
      className={styles.message}
      data-kind={message.kind}
      data-message-id={message.id}
      data-mentioned={mentioned || undefined}
      tabIndex={canAct ? 0 : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <span className={styles.sender}>
        <span className={styles.vip}>{t('vip', { level: message.vipLevel })}</span>
        {message.userType === ChatUserType.Agent && <span className={styles.agent}>{t('agent')}</span>}
        {title && <span className={styles.title}>{title.name}</span>}
        <span className={styles.name}>{message.nickname}</span>
        {mentioned && <span className={styles.mention}>{t('mention.you')}</span>}
      </span>
      {message.reply && (
        <blockquote className={styles.quote}>
          <span className={styles.name}>{message.reply.nickname}</span>: {message.reply.text}
        </blockquote>
      )}
      {message.text !== '' && <p className={styles.text}>{message.text}</p>}
      {message.image && <img className={styles.image} src={fileUrl(message.image.url)} width={message.image.width} height={message.image.height} alt={t('imageAlt', { name: message.nickname })} loading="lazy" />}
      {message.order && <OrderCard order={message.order} />}
      {canAct && (hovered || focused) && (
        <span className={styles.actions} role="group" aria-label={t('actions.label', { name: message.nickname })}>
          <button type="button" className={styles.action} onClick={() => actions.reply(message)}>
            {t('actions.reply')}
          </button>
          {!own && (
            <button type="button" className={styles.action} onClick={() => actions.report(message)}>
              {t('actions.report')}
            </button>
          )}
          {chat.isAgent && (
            <button type="button" className={styles.action} onClick={() => actions.remove(message)}>
              {t('actions.delete')}
            </button>
          )}
          {moderate && (
            <button type="button" className={styles.action} onClick={() => actions.mute(message)}>
              {t('actions.mute')}
            </button>
          )}
          {moderate && (
            <button type="button" className={styles.action} onClick={() => actions.unmute(message)}>
              {t('actions.unmute')}
            </button>
          )}
        </span>
      )}
    </li>
  );
});
