/**
 * Times as the operator's platform counts them: every kick-off, list day and history date is shown in one configured
 * time zone (config `timezone`), never the browser's, so a match reads the same in the list, on its screen, in the
 * search and in My bets wherever the member sits. Intl does the work (no time-zone data in the bundle).
 */
export type TimeStyle = 'time' | 'date' | 'dateTime';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  // h23, not hour12: false, which some engines print as "24:05" after midnight.
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { month: '2-digit', day: '2-digit' },
  dateTime: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and style: building one costs far more than formatting (lists have hundreds of rows). */
function formatter(language: string, timeZone: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const id = `${language}|${timeZone}|${key}`;
  let found = formatters.get(id);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(language, { ...options, timeZone });
    } catch {
      // An unknown zone (bad config) falls back to UTC rather than the browser's zone, so every member sees one time.
      found = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    }
    formatters.set(id, found);
  }
  return found;
}

/** `instant` (ms) in `timeZone`, e.g. "20:30", "11/21" or "11/21 20:30" as `language` writes them. */
export function formatInZone(instant: number, timeZone: string, language: string, style: TimeStyle): string {
  return formatter(language, timeZone, STYLES[style], style).format(instant);
}

/** The zone's offset from UTC at `instant` as a short label, e.g. "GMT+8" (Asia/Shanghai), "GMT-5" (New York in winter). */
export function zoneOffsetLabel(timeZone: string, instant: number): string {
  const part = formatter('en-US', timeZone, { timeZoneName: 'shortOffset' }, 'offset')
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT';
}
