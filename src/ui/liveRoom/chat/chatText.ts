import { useTranslation } from 'react-i18next';
import type { ChatFailure } from '../../../stores/chat';
import { MATCH_DETAIL_NS } from '../../matchDetail/Scoreboard';

/** The chat's strings: the `chat` section of the room's namespace (a namespace of its own would grow the initial chunk map). */
export const useChatTranslation = () => useTranslation(MATCH_DETAIL_NS, { keyPrefix: 'chat' });

/** Platform refusals the member can act on are said in their language; anything else shows the platform's text. */
const WORDED = new Set([16001, 16002, 16003, 16004, 16010, 16012]);
const RATE_LIMITED = 16005;

export function useChatError() {
  const { t } = useChatTranslation();
  return (error: ChatFailure) => {
    if (error.code === RATE_LIMITED) return t('error.16005', { count: error.retryAfterSeconds ?? 1 });
    if (WORDED.has(error.code)) return t(`error.${error.code}`);
    // The app's own failures (no connection, network) carry no platform text worth showing.
    if (error.code < 0) return t('error.network');
    return t('error.other', { msg: error.msg });
  };
}

/** When a mute ends, in the platform's time zone and the member's language. */
export const formatUntil = (until: number, language: string, timeZone: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(until);
