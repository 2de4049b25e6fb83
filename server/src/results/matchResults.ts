import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { MatchResult } from '../feed';

export interface ResultQuery {
  from: number;
  to: number;
  sportId?: number;
  leagueIds?: readonly number[];
  limit?: number;
}

/** Results per INSERT: 8 bound values each, well under SQLite's limit. */
const RESULTS_PER_INSERT = 500;

export interface MatchResultStore {
  /** Stores a result once; a second save of the same match is ignored (the feed may replay on restart). */
  save(result: MatchResult): Promise<void>;
  /** save() for many results, a few hundred to a statement (a new leader's catch-up). */
  saveMany(results: readonly MatchResult[]): Promise<void>;
  get(matchId: number): Promise<MatchResult | undefined>;
  list(query: ResultQuery): Promise<MatchResult[]>;
}

/** Finished matches in the database: the feed keeps results in memory only for a while, orders need them longer. */
export function createMatchResultStore(db: Kysely<Database>, clock: Clock): MatchResultStore {
  async function insert(results: readonly MatchResult[]): Promise<void> {
    const now = clock.now();
    await db
      .insertInto('match_results')
      .values(
        results.map((result) => ({
          match_id: result.matchId,
          sport_id: result.sportId,
          league_id: result.leagueId,
          begin_time: result.beginTime,
          end_time: result.endTime,
          match_status: result.matchStatus,
          result_json: JSON.stringify(result),
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('match_id').doNothing())
      .execute();
  }
  return {
    save: (result) => insert([result]),
    async saveMany(results) {
      for (let i = 0; i < results.length; i += RESULTS_PER_INSERT) await insert(results.slice(i, i + RESULTS_PER_INSERT));
    },
    async get(matchId) {
      const row = await db.selectFrom('match_results').select('result_json').where('match_id', '=', matchId).executeTakeFirst();
      return row ? (JSON.parse(row.result_json) as MatchResult) : undefined;
    },
    async list({ from, to, sportId, leagueIds, limit = 500 }) {
      let query = db
        .selectFrom('match_results')
        .select('result_json')
        .where('begin_time', '>=', from)
        .where('begin_time', '<=', to)
        .orderBy('begin_time', 'desc')
        .limit(limit);
      if (sportId !== undefined) query = query.where('sport_id', '=', sportId);
      if (leagueIds?.length) query = query.where('league_id', 'in', [...leagueIds]);
      return (await query.execute()).map((row) => JSON.parse(row.result_json) as MatchResult);
    },
  };
}
