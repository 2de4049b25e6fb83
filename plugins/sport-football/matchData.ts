import { PushChannel } from '../../contract/channels';
import { TECHNIC_KEYS, type FootballInfo, type FootballTextEntry, type LineupData, type StatRow, type Technic } from '../../contract/matchData';
import { isRecord, lineFromEvent, pick } from '../../src/sdk';
import type { DataSourceModule, MatchDataClient, Remote } from '../../src/sdk';

/*
 * Football's match data on the score host's zq routes (docs/api.md "Match data"), read through the app's match-data
 * client: the line-ups and intelligence the core draws (this module is the `match-data` extension's code), and the
 * statistics and commentary this plugin's `stats` and `text-live` extensions draw, kept live by football's pushes.
 */

/** `zq/matchInfo`: weather and the technical statistics. */
export function footballInfo(data: MatchDataClient, matchId: number, language: string): Remote<FootballInfo> {
  return data.answer('/api/match/zq/matchInfo', { id: matchId, language });
}

/** `zq/TextLive`: the commentary, newest first. */
export function footballText(data: MatchDataClient, matchId: number, language: string): Remote<FootballTextEntry[]> {
  return data.answer('/api/score/zq/TextLive', { id: matchId, language });
}

/** A `football:tec` payload ({ matchId, stats: [{ key, name (five languages), home, away }] }) as football info fields. */
export function statsFromPush(pushed: unknown, language: string): { matchId: number; technic: Technic | null; stats: StatRow[] } | undefined {
  if (!isRecord(pushed) || !Array.isArray(pushed.stats)) return undefined;
  const matchId = Number(pushed.matchId);
  if (!Number.isInteger(matchId)) return undefined;
  const stats: StatRow[] = [];
  for (const item of pushed.stats) {
    if (!isRecord(item) || typeof item.key !== 'string' || typeof item.home !== 'number' || typeof item.away !== 'number') return undefined;
    stats.push({ key: item.key, name: pick(item.name, language) ?? item.key, home: item.home, away: item.away });
  }
  const byKey = new Map(stats.map((s) => [s.key, s]));
  // The route's rule: no statistics at all means "not started" (technic null).
  const technic = stats.length === 0 ? null : (Object.fromEntries(TECHNIC_KEYS.map((k) => [k, { home: byKey.get(k)?.home ?? 0, away: byKey.get(k)?.away ?? 0 }])) as Technic);
  return { matchId, technic, stats };
}

/** Applies `football:tec` pushes for the match to its football info while a panel shows it. */
export function followFootballStats(data: MatchDataClient, matchId: number, language: string): () => void {
  return data.subscribe(PushChannel.footballTec, (message) => {
    const pushed = statsFromPush(message, language);
    if (!pushed) {
      if (isRecord(message) && Number(message.matchId) === matchId) void footballInfo(data, matchId, language).refresh();
      return;
    }
    if (pushed.matchId !== matchId) return;
    const remote = footballInfo(data, matchId, language);
    if (remote.busy || remote.data === undefined) {
      void remote.refresh();
      return;
    }
    remote.update((info) => ({ ...info, technic: pushed.technic, stats: pushed.stats }));
  });
}

const lineKey = (line: FootballTextEntry) => `${line.second}|${line.type}|${line.text}`;

/** Adds `football:js1` events of the match to its commentary (newest first) while a panel shows it. */
export function followFootballText(data: MatchDataClient, matchId: number, language: string): () => void {
  return data.subscribe(PushChannel.footballEvent, (message) => {
    if (!isRecord(message) || Number(message.matchId) !== matchId) return;
    const remote = footballText(data, matchId, language);
    const pushed = lineFromEvent(message, language);
    // A payload without what a line needs, or one racing a load: the answer is the truth.
    if (!pushed || remote.busy || remote.data === undefined) {
      void remote.refresh();
      return;
    }
    remote.update((lines) => {
      const key = lineKey(pushed.line);
      if (lines.some((line) => lineKey(line) === key)) return lines;
      return [pushed.line, ...lines];
    });
  });
}

/** The line-ups and intelligence of football and e-football: the zq routes. */
const footballSource: DataSourceModule = {
  lineup: (data, matchId, language): Remote<LineupData> => data.answer('/api/score/zq/lineup', { id: matchId, language }),
  intelligence: (data, matchId, language) => data.answer('/api/match/zq/intelligence', { id: matchId, language }),
};

export default footballSource;
