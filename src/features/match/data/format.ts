// Dates with Intl rather than moment-timezone: this module reaches the first screen through the sport plugins' shared
// data components (StatBar's homeShare), and moment-timezone (its code and every zone's rules, about 800 KB, 56 KB
// gzip) would come with it (issue 30, the first-list bench).
import { dayIn } from '../../../core/domain/calendar';

const knownZones = new Map<string, boolean>();
const kickOffFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone itself, or UTC for an unknown zone (bad config) rather than the browser's, so every member sees one time. */
function zoneOrUtc(timeZone: string): string {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : 'UTC';
}

/** A day of a schedule row in the platform's time zone: "2026-11-21". */
export function dayText(instant: number, timeZone: string): string {
  return dayIn(instant, zoneOrUtc(timeZone));
}

/** A kick-off in the platform's time zone: "11-21 20:30". */
export function kickOffText(instant: number, timeZone: string): string {
  const zone = zoneOrUtc(timeZone);
  let format = kickOffFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    kickOffFormats.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The share of home in a home/away pair, 0-100; an empty pair is an even split. */
export function homeShare(home: number, away: number): number {
  const total = home + away;
  return total > 0 ? (home / total) * 100 : 50;
}
