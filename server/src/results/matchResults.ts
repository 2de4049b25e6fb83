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

export interface MatchResultStore {
  /** Stores a result once; a second save of the same match is ignored (the feed may replay on restart). */
  save(result: MatchResult): Promise<void>;
  get(matchId: number): Promise<MatchResult | undefined>;
  list(query: ResultQuery): Promise<MatchResult[]>;
}

/** Finished matches in the database: the feed keeps results in memory only for a while, orders need them longer. */
export function createMatchResultStore(db: Kysely<Database>, clock: Clock): MatchResultStore {
  return {
    async save(result) {
      await db
        .insertInto('match_results')
        .values({
          match_id: result.matchId,
          sport_id: result.sportId,
          league_id: result.leagueId,
          begin_time: result.beginTime,
          end_time: result.endTime,
          match_status: result.matchStatus,
          result_json: JSON.stringify(result),
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.column('match_id').doNothing())
        .execute();
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
