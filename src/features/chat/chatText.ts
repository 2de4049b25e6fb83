import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatNotice, ChatOrderItem, LanguageTexts } from '../../../contract/chat';
import { BetType } from '../../../contract/enums';
import { apiLanguageOf } from '../../core/domain/locales';
import type { ChatStoreInstance } from './chat';
import type { ChatFailure } from './chatState';

/** The chat's strings (locales/<language>/chat.json). */
export const CHAT_NS = 'chat';
export const useChatTranslation = () => useTranslation(CHAT_NS);

/** Platform refusals the member can act on are said in their language; anything else shows the platform's text. */
const WORDED = new Set([16001, 16002, 16003, 16004, 16006, 16009, 16010, 16012]);
const RATE_LIMITED = 16005;
const SLOW_MODE = 16014;

export function useChatError() {
  const { t } = useChatTranslation();
  return (error: ChatFailure) => {
    if (error.code === RATE_LIMITED) return t('error.16005', { count: error.retryAfterSeconds ?? 1 });
    if (error.code === SLOW_MODE) return t('error.16014', { count: error.retryAfterSeconds ?? 1 });
    if (WORDED.has(error.code)) return t(`error.${error.code}`);
    // The app's own failures (no connection, network) carry no platform text worth showing.
    if (error.code < 0) return t('error.network');
    return t('error.other', { msg: error.msg });
  };
}

/** When a mute ends, in the platform's time zone and the member's language. */
export const formatUntil = (until: number, language: string, timeZone: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(until);

/**
 * Whether the chat's input takes text now and the words it shows instead (the chat tab's and the full-screen input's
 * one rule): read against the app-wide ticker, so a mute that ends re-enables the input by itself. Under slow mode the
 * member types freely; `slowWait` (seconds) holds the send back and `slowNote` counts it down.
 */
export function useChatInputState(chat: ChatStoreInstance, ui: { now: number; timezone: string }) {
  const { t, i18n } = useChatTranslation();
  const block = chat.inputBlock(ui.now);
  const ban = chat.chatBanInfo;
  const placeholder =
    block === 'banned' && ban
      ? t('input.banned', { until: formatUntil(ban.until, i18n.language, ui.timezone), reason: ban.reason })
      : block === null
        ? chat.slowed
          ? t('input.slow', { count: chat.slowSeconds })
          : t('input.ready')
        : t(`input.${block}`);
  const slowWait = block === null ? chat.slowWaitAt(ui.now) : 0;
  const slowNote = slowWait > 0 ? t('input.slowWait', { count: slowWait }) : '';
  return { disabled: block !== null, placeholder, slowWait, slowNote };
}

/** A name the platform sent in every language, in the viewer's (Chinese when the platform left theirs out). */
export const textIn = (texts: LanguageTexts, language: string): string => texts[apiLanguageOf(language)] || texts.CMN;

/**
 * The viewer's words for what the platform says and for shared orders: worded from the message's data at render, so
 * a language switch rewords every line at once (issue 28). Messages stored before notices and legs existed carry their
 * sentence and titles as stored, and show those.
 */
export function useChatWords() {
  const { t, i18n } = useChatTranslation();
  const language = i18n.language;
  const notice = (value: ChatNotice): string => {
    if (value.type === 'gift') return t('notice.gift', { nickname: value.nickname, gift: textIn(value.giftName, language), count: value.count });
    const options = value.options.map((option, i) => `${i + 1}. ${option}`).join('  ');
    return t('notice.answerLottery', { title: textIn(value.title, language), question: value.question, options });
  };
  const order = (value: ChatOrderItem): { title: string; section: string } => {
    const { legs } = value;
    if (!legs || legs.length === 0) return { title: value.betTitle, section: value.betSection };
    const [first] = legs;
    const title =
      value.betType === BetType.Builder && first?.away
        ? t('order.builder', { home: textIn(first.home, language), away: textIn(first.away, language), count: legs.length })
        : legs.length === 1 && first
        ? first.away
          ? t('order.match', { home: textIn(first.home, language), away: textIn(first.away, language) })
          : textIn(first.home, language)
        : t('order.legs', { count: legs.length });
    const section = legs.map((leg) => t('order.section', { market: textIn(leg.market, language), option: textIn(leg.option, language) })).join(' / ');
    return { title, section };
  };
  /** A message in one line (the barrage): a notice worded, a member's text, or a shared order's title. */
  const line = (message: ChatMessage): string => (message.notice ? notice(message.notice) : message.text || (message.order ? order(message.order).title : ''));
  return { notice, order, line };
}
