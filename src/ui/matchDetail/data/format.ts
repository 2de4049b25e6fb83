import moment from 'moment-timezone';

/** A day of a schedule row in the platform's time zone: "2026-11-21". */
export function dayText(instant: number, timeZone: string): string {
  return zoned(instant, timeZone).format('YYYY-MM-DD');
}

/** A kick-off in the platform's time zone: "11-21 20:30". */
export function kickOffText(instant: number, timeZone: string): string {
  return zoned(instant, timeZone).format('MM-DD HH:mm');
}

function zoned(instant: number, timeZone: string): moment.Moment {
  // An unknown zone (bad config) falls back to UTC rather than the browser's zone, so every member sees one time.
  return moment.tz.zone(timeZone) ? moment.tz(instant, timeZone) : moment.utc(instant);
}

/** The share of home in a home/away pair, 0-100; an empty pair is an even split. */
export function homeShare(home: number, away: number): number {
  const total = home + away;
  return total > 0 ? (home / total) * 100 : 50;
}
