import type { Player, Team } from '../fixtures/world';
import { Rng } from '../random';
import type { Lineup, LineupPlayer, PlayerRef } from '../types';

export interface SideLineup {
  starters: Player[];
  bench: Player[];
  formation: number[];
}

export interface MatchLineups {
  home: SideLineup;
  away: SideLineup;
}

const FORMATIONS: ReadonlyArray<readonly number[]> = [
  [4, 4, 2],
  [4, 3, 3],
  [4, 2, 3, 1],
  [3, 5, 2],
  [5, 3, 2],
  [4, 1, 4, 1],
  [3, 4, 3],
];

/** 0-3 players of a team miss a match; the same draw feeds the line-up and the injury list. */
export function injuredPlayers(seed: number, matchId: number, team: Team): Player[] {
  if (team.players.length === 0) return [];
  const rng = Rng.of(seed, 'injury', matchId, team.id);
  const count = rng.weighted([0.35, 0.35, 0.2, 0.1]);
  const candidates = team.players.filter((p) => p.position !== 'G');
  return rng.shuffle(candidates).slice(0, count);
}

function footballSide(rng: Rng, team: Team, out: ReadonlySet<number>, benchSize: number): SideLineup {
  const formation = [...rng.pick(FORMATIONS)];
  const fit = rng.shuffle(team.players.filter((p) => !out.has(p.id)));
  const take = (position: string, n: number, into: Player[]): void => {
    for (const p of fit) {
      if (n === 0) break;
      if (p.position === position && !into.includes(p)) {
        into.push(p);
        n--;
      }
    }
  };
  const starters: Player[] = [];
  const defenders = formation[0] as number;
  const forwards = formation[formation.length - 1] as number;
  const midfielders = 10 - defenders - forwards;
  take('G', 1, starters);
  take('D', defenders, starters);
  take('M', midfielders, starters);
  take('F', forwards, starters);
  // A short squad fills the gaps from whoever is fit.
  for (const p of fit) if (starters.length < 11 && !starters.includes(p) && p.position !== 'G') starters.push(p);
  const rest = fit.filter((p) => !starters.includes(p));
  const bench = [...rest.filter((p) => p.position === 'G').slice(0, 1), ...rest.filter((p) => p.position !== 'G')].slice(0, benchSize);
  return { starters, bench, formation };
}

function basketballSide(rng: Rng, team: Team, out: ReadonlySet<number>): SideLineup {
  const fit = team.players.filter((p) => !out.has(p.id));
  const starters: Player[] = [];
  for (const position of ['PG', 'SG', 'SF', 'PF', 'C']) {
    const options = fit.filter((p) => p.position === position && !starters.includes(p));
    const chosen = options.length > 0 ? rng.pick(options) : fit.find((p) => !starters.includes(p));
    if (chosen) starters.push(chosen);
  }
  return { starters, bench: fit.filter((p) => !starters.includes(p)).slice(0, 7), formation: [] };
}

/** Line-ups of a match (football 11 + 7, basketball 5 + 7), or null for sports without squads. */
export function buildLineups(seed: number, matchId: number, sim: string, home: Team, away: Team): MatchLineups | null {
  if (home.players.length === 0 || away.players.length === 0) return null;
  const rng = Rng.of(seed, 'lineup', matchId);
  const side = (team: Team): SideLineup => {
    const out = new Set(injuredPlayers(seed, matchId, team).map((p) => p.id));
    return sim === 'football' ? footballSide(rng, team, out, 7) : basketballSide(rng, team, out);
  };
  return { home: side(home), away: side(away) };
}

export function playerRef(p: Player): PlayerRef {
  return { id: p.id, name: p.name, number: p.number };
}

function lineupPlayer(p: Player): LineupPlayer {
  return { id: p.id, number: p.number, name: p.name, position: p.position };
}

export function lineupView(matchId: number, lineups: MatchLineups, home: Team, away: Team, incidents: Lineup['incidentArr']): Lineup {
  return {
    matchId,
    homeLine: lineups.home.starters.map(lineupPlayer),
    homeBackup: lineups.home.bench.map(lineupPlayer),
    awayLine: lineups.away.starters.map(lineupPlayer),
    awayBackup: lineups.away.bench.map(lineupPlayer),
    homeFormation: lineups.home.formation,
    awayFormation: lineups.away.formation,
    incidentArr: incidents,
    logoArr: { home: home.icon, away: away.icon },
  };
}
