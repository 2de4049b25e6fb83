import type { BasketballTextEntry, FootballTextEntry, Section } from '../../../../contract/matchData';
import { withoutTimePrefix } from '../../../../domain/footballEvents';
import type { Lang, MatchEvent } from '../../feed';

/** The spec's text live strips an event time the wording starts with (the entry carries the minute on its own). */
export function footballEntry(entry: FootballTextEntry): FootballTextEntry {
  return { type: entry.type, minute: entry.minute, second: entry.second, team: entry.team, text: withoutTimePrefix(entry.text) };
}

/**
 * The basketball section filter. Its values are staticList's period ids (table `period`), which
 * the app already holds with their names: 1 full game, 2 first half, 3 second half, 4-7 quarters
 * 1-4, 8 overtime. Each maps to the basketball match periods (texts/periods.ts) it covers.
 */

const PERIODS_OF: Record<Exclude<Section, 1>, ReadonlySet<number>> = {
  2: new Set([1, 3, 8]),
  3: new Set([5, 7, 9]),
  4: new Set([1]),
  5: new Set([3]),
  6: new Set([5]),
  7: new Set([7]),
  8: new Set([12]),
};

/** Play-by-play of a basketball match, newest first, narrowed to a section. */
export function basketballEntries(events: readonly MatchEvent[], lang: Lang, section: Section): Array<BasketballTextEntry> {
  const periods = section === 1 ? null : PERIODS_OF[section];
  const out: Array<BasketballTextEntry> = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as MatchEvent;
    if (periods && !periods.has(e.period)) continue;
    out.push({ section: e.section ?? 0, time: e.clockText ?? '', sign: e.team, homeScore: e.homeScore, awayScore: e.awayScore, event: e.text[lang] });
  }
  return out;
}
