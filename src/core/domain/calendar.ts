// Light calendar questions answered with Intl, so code in the initial bundle does not pull in moment-timezone.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ("2026-11-21") of an instant in a time zone. */
export function dayIn(instant: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}

export const isSameDayIn = (a: number, b: number, timeZone: string) => dayIn(a, timeZone) === dayIn(b, timeZone);
