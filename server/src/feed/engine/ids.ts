/**
 * Ids the platform stores (match_results.match_id; a bet's match and market ids) must name the
 * same thing after a restart with the same seed, so none comes from a process counter.
 *
 * - A match id is `slot * FIXTURES_PER_SLOT + k`: slot = floor(announced kick-off / 5 min), k the
 *   fixture's index among the slot's fixtures (sports in SPORT_ORDER, leagues in order). So an id
 *   decodes to its kick-off. A slot holds at most 100 fixtures; the schedule checks it.
 * - An outright id is `OUTRIGHT_ID_BASE + (sportId * 100 + league index) * 10_000 + season`, the
 *   season counted from the epoch in the league's fixed season length (14 days or more).
 * - A market id is `matchId * MARKET_ID_SPAN + a per-match counter` (marketBook.ts).
 *
 * Bounds. Outright ids lie in [1e8, 3e8); match ids are above them from slot 3e6 (July 1998),
 * which the schedule enforces. In 2100 a slot is about 13.7e6, a match id 1.37e9 and a market id
 * 1.37e14, 65 times under Number.MAX_SAFE_INTEGER (9.007e15); market ids stay exact until match
 * ids reach 9.007e10, around the year 10,500. Outright seasons stay under 10,000 until 2353.
 */
export const SLOT_MS = 5 * 60_000;
export const FIXTURES_PER_SLOT = 100;
/** The first slot whose match ids clear every outright id. */
export const FIRST_SLOT = 3_000_000;
export const OUTRIGHT_ID_BASE = 100_000_000;
const SEASONS_PER_LEAGUE = 10_000;
const LEAGUES_PER_SPORT = 100;
/** Scheme-A sport ids below this have outright ids; a sport a plugin adds with a larger id has no outrights. */
const OUTRIGHT_SPORTS = 200;
const OUTRIGHT_ID_END = OUTRIGHT_ID_BASE + OUTRIGHT_SPORTS * LEAGUES_PER_SPORT * SEASONS_PER_LEAGUE;

if (OUTRIGHT_ID_END > FIRST_SLOT * FIXTURES_PER_SLOT) throw new Error('outright ids would reach into match ids');

export function slotOf(time: number): number {
  return Math.floor(time / SLOT_MS);
}

export function matchIdOf(slot: number, index: number): number {
  if (slot < FIRST_SLOT) throw new RangeError(`slot ${slot} is before the id range (1998)`);
  if (index < 0 || index >= FIXTURES_PER_SLOT) throw new RangeError(`fixture index ${index} outside a slot`);
  return slot * FIXTURES_PER_SLOT + index;
}

/** The slot a match id was made from: its announced kick-off is slot * SLOT_MS. */
export function slotOfMatch(matchId: number): number {
  return Math.floor(matchId / FIXTURES_PER_SLOT);
}

export function isOutrightId(id: number): boolean {
  return id >= OUTRIGHT_ID_BASE && id < OUTRIGHT_ID_END;
}

/** Whether a league's seasons have outright ids (its sport's id and its index fit the space above). */
export function hasOutrightIds(league: { id: number; sportId: number }): boolean {
  const index = league.id - league.sportId * 1000;
  return index >= 0 && index < LEAGUES_PER_SPORT && league.sportId < OUTRIGHT_SPORTS;
}

export function outrightIdOf(league: { id: number; sportId: number }, season: number): number {
  const index = league.id - league.sportId * 1000;
  if (!hasOutrightIds(league)) throw new RangeError(`league ${league.id} outside the outright id range`);
  if (!Number.isInteger(season) || season < 0 || season >= SEASONS_PER_LEAGUE) throw new RangeError(`season ${season} outside the outright id range`);
  return OUTRIGHT_ID_BASE + (league.sportId * LEAGUES_PER_SPORT + index) * SEASONS_PER_LEAGUE + season;
}
