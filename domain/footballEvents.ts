import type { FootballTextEntry } from '../contract/matchData';

/*
 * How football events read, shared by the platform (its text-live routes), the app's goal popup and the football
 * plugin's text live: the minute as shown, the event-time prefix the spec strips, and a `football:js1` push as a
 * text-live line.
 */

/** A JSON object (not null, not an array): what a push payload is read as. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isSide = (value: unknown): value is 'home' | 'away' => value === 'home' || value === 'away';

/**
 * An event time at the start of a commentary line ("23' ", "45+2'：", "67′ - "): the spec's text live shows the
 * text without it, since the minute has its own column. The route strips it; pushed events are raw.
 */
const TIME_PREFIX = /^\s*\d{1,3}(?:\+\d{1,2})?\s*['′’]\s*(?:[-:：,，]\s*)?/;

export function withoutTimePrefix(text: string): string {
  return text.replace(TIME_PREFIX, '');
}

/** Football minute as shown: 1' to 45', then 45+2' in stoppage time (periods 1, 3, 6, 8 end halves). */
export function footballMinute(second: number, period: number): string {
  const minute = Math.floor(second / 60) + 1;
  const caps: Record<number, number> = { 1: 45, 3: 90, 6: 105, 8: 120 };
  const cap = caps[period];
  if (cap !== undefined && minute > cap) return `${cap}+${minute - cap}'`;
  return `${minute}'`;
}

/** A name pushed in all five languages: the one asked for, else Chinese. */
export function pick(text: unknown, language: string): string | undefined {
  if (typeof text === 'string') return text;
  if (!isRecord(text)) return undefined;
  const value = text[language] ?? text.CMN;
  return typeof value === 'string' ? value : undefined;
}

/** A `football:js1` event as a text-live line, or undefined when the payload lacks what a line needs. */
export function lineFromEvent(data: unknown, language: string): { matchId: number; line: FootballTextEntry } | undefined {
  if (!isRecord(data) || data.kind !== 'event' || !isRecord(data.event)) return undefined;
  const matchId = Number(data.matchId);
  const e = data.event;
  const text = pick(e.text, language);
  if (!Number.isInteger(matchId) || typeof e.type !== 'number' || typeof e.second !== 'number' || typeof e.period !== 'number' || text === undefined) return undefined;
  return { matchId, line: { type: e.type, minute: footballMinute(e.second, e.period), second: e.second, team: isSide(e.team) ? e.team : null, text: withoutTimePrefix(text) } };
}
