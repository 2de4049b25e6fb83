// The spec's weekday names, kept apart from dates.ts so the list's date filter does not pull moment-timezone (its code
// and every zone's rules: about 800 KB, 56 KB gzip) into the first screen (issue 30, the first-list bench).

/** Sunday to Saturday, indexed like `Date#getDay()`. */
export const WEEKDAY_KEYS = [
  'weekday.sun',
  'weekday.mon',
  'weekday.tue',
  'weekday.wed',
  'weekday.thu',
  'weekday.fri',
  'weekday.sat',
] as const;

export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** The weekday key of a calendar day ("2026-11-21"): a date names one weekday in every time zone. */
export function weekdayKeyOfDay(day: string): WeekdayKey {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError(`not a YYYY-MM-DD date: "${day}"`);
  return WEEKDAY_KEYS[new Date(at).getUTCDay()]!;
}
