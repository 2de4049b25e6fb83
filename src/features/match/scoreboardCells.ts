import type { ScoreboardSpec } from '../lists/points';
import type { ScoreRow } from '../../../contract';

/** pe 0 of a score row is the whole match so far (docs/api.md, score rows). */
const TOTAL_PE = 0;
/** Tennis shows an advantage as 50 in the game-points row. */
const ADVANTAGE = 50;

export interface ScoreCell {
  home: string;
  away: string;
}

/**
 * The period columns of a scoreboard: the sport's fixed periods plus any other period the score rows hold for the
 * per-period score type (extra time, a fifth set), in order. A period not reached yet shows a dash.
 */
export function periodCells(spec: ScoreboardSpec, score: readonly ScoreRow[]): Array<{ pe: number } & ScoreCell> {
  const played = score.filter((row) => row.tyg === spec.periodTyg && row.pe !== TOTAL_PE).map((row) => row.pe);
  const periods = [...new Set([...spec.periods, ...played])].sort((a, b) => a - b);
  return periods.map((pe) => {
    const row = score.find((r) => r.pe === pe && r.tyg === spec.periodTyg);
    return { pe, home: row ? String(row.home) : '-', away: row ? String(row.away) : '-' };
  });
}

/** The whole-match count of one score type (corners, cards): zero until one happens. */
export function totalCell(score: readonly ScoreRow[], tyg: number): ScoreCell {
  const row = score.find((r) => r.pe === TOTAL_PE && r.tyg === tyg);
  return { home: String(row?.home ?? 0), away: String(row?.away ?? 0) };
}

/** The points of the game in play (tennis), "AD" for an advantage; undefined when the sport or moment has none. */
export function gamePoints(spec: ScoreboardSpec, score: readonly ScoreRow[]): ScoreCell | undefined {
  if (spec.gamePointsTyg === undefined) return undefined;
  const row = score.find((r) => r.pe === TOTAL_PE && r.tyg === spec.gamePointsTyg);
  if (!row) return undefined;
  const show = (points: number) => (points === ADVANTAGE ? 'AD' : String(points));
  return { home: show(row.home), away: show(row.away) };
}
