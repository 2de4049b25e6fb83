// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { ceil } = Math;

/**
 * Tennis from the server's point-win probability (DOMAIN.md section 6). A is the home player:
 * pA = P(A wins a point on A's serve), pB = P(B wins a point on B's serve).
 */

/** P(server holds) from 0-0: p^4 (1 + 4q + 10q^2) + 20 p^3 q^3 p^2 / (1 - 2pq). */
export function holdProbability(p: number): number {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (1 - 2 * p * q);
}

/** P(server wins the game) from points (a server, b receiver). */
export function gameFrom(p: number, a: number, b: number): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  const q = 1 - p;
  if (a >= 3 && b >= 3) {
    const deuce = (p * p) / (p * p + q * q);
    if (a === b) return deuce;
    return a > b ? p + q * deuce : p * deuce;
  }
  return p * gameFrom(p, a + 1, b) + q * gameFrom(p, a, b + 1);
}

/** Match from a constant set probability s. */
export function matchFromSet(s: number, bestOf: 3 | 5): number {
  return bestOf === 3 ? s * s * (3 - 2 * s) : s ** 3 * (10 - 15 * s + 6 * s * s);
}

/** Who serves point n of a tie-break: the first server once, then two each. */
export function tiebreakServerIsFirst(n: number): boolean {
  return n === 0 || ((n - 1) >> 1) % 2 === 1;
}

/** P(A wins a 7-point tie-break) from points (a, b), A serving first when aFirst. */
export function tiebreakFrom(pA: number, pB: number, a: number, b: number, aFirst: boolean): number {
  if (a >= 7 && a - b >= 2) return 1;
  if (b >= 7 && b - a >= 2) return 0;
  if (a >= 6 && a === b) {
    // From a tie each of the next two points is served by a different player.
    const win = pA * (1 - pB);
    const lose = (1 - pA) * pB;
    return win / (win + lose);
  }
  const aServes = tiebreakServerIsFirst(a + b) === aFirst;
  const pPoint = aServes ? pA : 1 - pB;
  return pPoint * tiebreakFrom(pA, pB, a + 1, b, aFirst) + (1 - pPoint) * tiebreakFrom(pA, pB, a, b + 1, aFirst);
}

export interface SetState {
  gamesA: number;
  gamesB: number;
  /** Whether A serves the current game (the first point of a tie-break). */
  aServes: boolean;
  /** Points of the current game or tie-break (A, B). */
  pointsA: number;
  pointsB: number;
}

/** Final set scores: key gamesA * 16 + gamesB -> probability. */
export type SetOutcomes = Map<number, number>;

export const setKey = (a: number, b: number): number => a * 16 + b;

function setOver(a: number, b: number): boolean {
  return (a >= 6 && a - b >= 2) || (b >= 6 && b - a >= 2) || a === 7 || b === 7;
}

/** Distribution of the final score of a set (tie-break at 6-6) from a state inside it. */
export function setOutcomes(pA: number, pB: number, state: SetState): SetOutcomes {
  const hA = holdProbability(pA);
  const hB = holdProbability(pB);
  const out: SetOutcomes = new Map();
  let layer = new Map<number, number>([[setKey(state.gamesA, state.gamesB), 1]]);
  let first = true;
  while (layer.size > 0) {
    const next = new Map<number, number>();
    for (const [key, mass] of layer) {
      const a = key >> 4;
      const b = key & 15;
      if (setOver(a, b)) {
        out.set(key, (out.get(key) ?? 0) + mass);
        continue;
      }
      // The current game's server flips with every game, from the server of the state's game.
      const played = a + b - (state.gamesA + state.gamesB);
      const aServes = played % 2 === 0 ? state.aServes : !state.aServes;
      let pWin: number;
      if (a === 6 && b === 6) {
        pWin = first ? tiebreakFrom(pA, pB, state.pointsA, state.pointsB, aServes) : tiebreakFrom(pA, pB, 0, 0, aServes);
      } else if (first) {
        pWin = aServes ? gameFrom(pA, state.pointsA, state.pointsB) : 1 - gameFrom(pB, state.pointsB, state.pointsA);
      } else {
        pWin = aServes ? hA : 1 - hB;
      }
      const win = setKey(a + 1, b);
      const lose = setKey(a, b + 1);
      next.set(win, (next.get(win) ?? 0) + mass * pWin);
      next.set(lose, (next.get(lose) ?? 0) + mass * (1 - pWin));
    }
    first = false;
    layer = next;
  }
  return out;
}

export interface MatchOutlook {
  /** P(A wins the match). */
  pMatch: number;
  /** P(A wins the current set). */
  pSet: number;
  /** Final set score (sets A - sets B) -> probability. */
  setDiff: Map<number, number>;
  /** Total games of the match -> probability. */
  totalGames: Map<number, number>;
  /** Games of the current set -> probability. */
  setGames: Map<number, number>;
}

/**
 * Whole-match outlook from a live state: the current set from its state, then full sets whose
 * first server follows from the games played (a tie-break counts as one game).
 */
export function matchOutlook(pA: number, pB: number, bestOf: number, setsA: number, setsB: number, gamesSoFar: number, state: SetState): MatchOutlook {
  const need = ceil(bestOf / 2);
  const current = setOutcomes(pA, pB, state);
  const fresh = { a: setOutcomes(pA, pB, { gamesA: 0, gamesB: 0, aServes: true, pointsA: 0, pointsB: 0 }), b: setOutcomes(pA, pB, { gamesA: 0, gamesB: 0, aServes: false, pointsA: 0, pointsB: 0 }) };
  const setDiff = new Map<number, number>();
  const totalGames = new Map<number, number>();
  const setGames = new Map<number, number>();
  let pMatch = 0;
  let pSet = 0;
  const add = (m: Map<number, number>, k: number, v: number): void => {
    m.set(k, (m.get(k) ?? 0) + v);
  };
  const firstServerAfter = (startServerA: boolean, gamesInSet: number): boolean => (gamesInSet % 2 === 0 ? startServerA : !startServerA);
  // The server of the current set's first game, recovered from the current game's server.
  const currentStart = firstServerAfter(state.aServes, state.gamesA + state.gamesB);

  type Node = { sa: number; sb: number; aFirst: boolean; games: number; mass: number };
  let frontier: Node[] = [];
  for (const [key, mass] of current) {
    const a = key >> 4;
    const b = key & 15;
    add(setGames, a + b, mass);
    if (a > b) pSet += mass;
    frontier.push({ sa: setsA + (a > b ? 1 : 0), sb: setsB + (b > a ? 1 : 0), aFirst: firstServerAfter(currentStart, a + b), games: gamesSoFar + a + b, mass });
  }
  while (frontier.length > 0) {
    const next = new Map<string, Node>();
    for (const node of frontier) {
      if (node.sa >= need || node.sb >= need) {
        if (node.sa > node.sb) pMatch += node.mass;
        add(setDiff, node.sa - node.sb, node.mass);
        add(totalGames, node.games, node.mass);
        continue;
      }
      for (const [key, mass] of node.aFirst ? fresh.a : fresh.b) {
        const a = key >> 4;
        const b = key & 15;
        const child: Node = { sa: node.sa + (a > b ? 1 : 0), sb: node.sb + (b > a ? 1 : 0), aFirst: firstServerAfter(node.aFirst, a + b), games: node.games + a + b, mass: node.mass * mass };
        const id = `${child.sa}:${child.sb}:${child.aFirst}:${child.games}`;
        const existing = next.get(id);
        if (existing) existing.mass += child.mass;
        else next.set(id, child);
      }
    }
    frontier = [...next.values()];
  }
  return { pMatch, pSet, setDiff, totalGames, setGames };
}
