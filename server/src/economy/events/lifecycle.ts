import type { Transaction } from 'kysely';
import { EconomyError, FAIR_ALGORITHM, FairAlgorithm, type FairProof } from '../../../../contract/economy';
import { ActivityKind, ActivityStatus } from '../../../../contract/enums';
import type { Activity } from '../../../../contract/liveRoom';
import { lockKeys } from '../../db/locks';
import type { Database } from '../../db/schema';
import type { Lang } from '../../feed/i18n';
import type { ApiError } from '../../http/envelope';
import { toMinor } from '../../money';
import type { EventTemplate } from '../config';
import { deriveSeed, seedHashOf } from '../fair';
import { LOTTERY_KINDS, isUniqueViolation, refuse, statusOf, titleOf, type EventKind, type EventRoom, type EventRow, type EventsContext, type Kind } from './context';

/**
 * The event row's lifecycle, the same for every kind: an event is inserted announced with its seed hash (state 0
 * during the countdown, 1 at once without one), opens at startTime and finishes at endTime (2), when its seed is
 * revealed in the transaction that claims the finish, together with the kind's writes (a lottery's draw and rewards).
 * `tick()` moves events through these states on the event clock, whether anyone watches or not. Every state change
 * runs in one line of jobs (ticks, operator starts, a rain emptied), so they never interleave. The steps of each kind
 * are its module's `EventKind`; the room's activity list and the fair proof's common part are read here too.
 */
export function createLifecycle(ctx: EventsContext, kinds: Readonly<Record<Kind, EventKind>>) {
  const { db, now, clockNow, fairSecrets, log } = ctx;
  const kindOf = (row: Pick<EventRow, 'kind'>) => kinds[row.kind as Kind];

  /** One job at a time: ticks, receives that empty a rain and operator starts never interleave their state changes. */
  let queue: Promise<void> = Promise.resolve();
  function enqueue(what: string, job: () => Promise<void>): Promise<void> {
    queue = queue.then(job).catch((error: unknown) => log.error({ err: error }, `economy: ${what} failed`));
    return queue;
  }
  /** A job in the same line whose result (or error) goes back to the caller instead of the log. */
  function inLine<T>(job: () => Promise<T>): Promise<T> {
    const result = queue.then(job);
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  function publishStarted(row: EventRow): void {
    kindOf(row).announce(row, {
      roomId: Number(row.room_id),
      recordId: Number(row.id),
      status: row.status === ActivityStatus.NotStarted ? 0 : 1,
      startTime: Number(row.start_time),
      endTime: Number(row.end_time),
      seedHash: row.seed_hash,
      now: now(),
    });
  }

  /** An event just opened: the kind's own step (an answer lottery's question), then the room hears of it. */
  async function opened(row: EventRow): Promise<void> {
    await kindOf(row).opened?.(row);
    publishStarted(row);
  }

  /** Ends an event once: the kind's writes (a lottery's draw and rewards) go in the same transaction that marks it finished. */
  async function finish(row: EventRow): Promise<void> {
    const at = clockNow();
    const seed = await ctx.seedFor(row);
    const announce = await db.transaction().execute(async (trx) => {
      // The reveal: the seed is written to the row only now.
      const claimed = await trx.updateTable('live_events').set({ status: ActivityStatus.Finished, drawn_at: now(), server_seed: seed }).where('id', '=', row.id).where('status', '!=', ActivityStatus.Finished).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      return kindOf(row).close(trx, row, seed, at);
    });
    ctx.forgetSeed(Number(row.id));
    if (announce) await announce();
  }

  async function runDue(): Promise<void> {
    const t = now();
    const opening = await db.selectFrom('live_events').selectAll().where('status', '=', ActivityStatus.NotStarted).where('start_time', '<=', t).orderBy('id').execute();
    for (const row of opening) {
      const moved = await db.updateTable('live_events').set({ status: ActivityStatus.InProgress }).where('id', '=', row.id).where('status', '=', ActivityStatus.NotStarted).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await opened({ ...row, status: ActivityStatus.InProgress });
    }
    const ending = await db.selectFrom('live_events').selectAll().where('status', '!=', ActivityStatus.Finished).where('end_time', '<=', t).orderBy('id').execute();
    for (const row of ending) await finish(row);
  }

  /** The new event; `row` undefined when its source already started one; `busy` when the room runs one of its kind. */
  async function insertEvent(room: EventRoom, t: EventTemplate, sourceKey: string | null): Promise<{ row: EventRow | undefined } | { busy: ApiError }> {
    if (sourceKey !== null) {
      const seen = await db.selectFrom('live_events').select('id').where('source_key', '=', sourceKey).executeTakeFirst();
      if (seen) return { row: undefined };
    }
    const group = t.kind === ActivityKind.RedEnvelopeRain ? [ActivityKind.RedEnvelopeRain] : LOTTERY_KINDS;
    /** A rain or lottery of the room not finished yet, looked up in the starting transaction under the room's lock. */
    const busyIn = async (trx: Transaction<Database>) => {
      await lockKeys(trx, [`room:${room.liveRoomId}:events`]);
      const busy = await trx.selectFrom('live_events').select(['id', 'kind']).where('room_id', '=', room.liveRoomId).where('kind', 'in', group).where('status', '!=', ActivityStatus.Finished).executeTakeFirst();
      return busy && refuse(409, EconomyError.EventBusy, `roomId: room ${room.liveRoomId} already runs ${t.kind === ActivityKind.RedEnvelopeRain ? 'a rain' : 'a lottery'} (recordId ${busy.id}) that has not finished`);
    };
    const t0 = now();
    const start = t0 + t.countdownSeconds * 1000;
    const values = {
      room_id: room.liveRoomId,
      match_id: room.matchId,
      kind: t.kind,
      status: t.countdownSeconds > 0 ? ActivityStatus.NotStarted : ActivityStatus.InProgress,
      title: t.title ?? '',
      question: t.question ?? '',
      options_json: JSON.stringify(t.options ?? []),
      answer: t.kind === ActivityKind.AnswerLottery ? (t.answer ?? null) : null,
      countdown_at: t0,
      start_time: start,
      end_time: start + t.durationSeconds * 1000,
      winner_count: t.winners ?? 0,
      reward_type: t.reward?.type ?? null,
      reward_amount_minor: t.reward?.amount === undefined ? null : toMinor(t.reward.amount),
      reward_title_id: t.reward?.titleId ?? null,
      budget_minor: t.budget === undefined ? null : toMinor(t.budget),
      envelope_count: t.envelopes ?? null,
      // Only the seed's hash is stored (below, once the id it is derived from exists); the seed itself at the reveal.
      server_seed: '',
      seed_hash: '',
      algorithm: FAIR_ALGORITHM,
      entries_hash: null,
      message_id: null,
      source_key: sourceKey,
      drawn_at: null,
      created_at: clockNow(),
    };
    try {
      const made = await db.transaction().execute(async (trx) => {
        // One rain and one lottery per room: two starts at once (two instances) must not both find the room free.
        const busy = await busyIn(trx);
        if (busy) return { busy };
        const inserted = await trx.insertInto('live_events').values(values).returningAll().executeTakeFirstOrThrow();
        const seed = await deriveSeed(fairSecrets.current, Number(inserted.id));
        const row = { ...inserted, seed_hash: await seedHashOf(seed) };
        await trx.updateTable('live_events').set({ seed_hash: row.seed_hash }).where('id', '=', row.id).execute();
        await kindOf(row).made?.(trx, row, seed);
        return { row };
      });
      return made;
    } catch (error) {
      // Another instance started the same slot first.
      if (sourceKey !== null && isUniqueViolation(error)) return { row: undefined };
      throw error;
    }
  }

  return {
    /** Opens and finishes what is due on the event clock; resolves when done (tests await it). */
    tick(): Promise<void> {
      return enqueue('tick', runDue);
    },

    /** Resolves when the queued jobs are done. */
    idle(): Promise<void> {
      return queue;
    },

    /** Finishes the event in the line of jobs, without waiting (a rain whose last envelope was taken). */
    finishSoon(what: string, row: EventRow): void {
      void enqueue(what, () => finish(row));
    },

    /**
     * Announces an event in a room (state 0 during its countdown, 1 at once without one). A `sourceKey` (a schedule
     * slot, a match's half-time) that already started an event starts nothing and answers undefined. A room runs one
     * rain and one lottery at a time.
     */
    async start(room: EventRoom, template: EventTemplate, sourceKey: string | null): Promise<EventRow | undefined> {
      return inLine(async () => {
        const made = await insertEvent(room, template, sourceKey);
        if ('busy' in made) {
          if (sourceKey === null) throw made.busy;
          return undefined;
        }
        if (made.row === undefined) return undefined;
        if (made.row.status === ActivityStatus.InProgress) await opened(made.row);
        else publishStarted(made.row);
        return made.row;
      });
    },

    async activities(roomId: number, lang: Lang): Promise<Activity[]> {
      const rows = await db.selectFrom('live_events').selectAll().where('room_id', '=', roomId).orderBy('id', 'desc').limit(20).execute();
      return rows.map((row) => ({
        recordId: Number(row.id),
        roomId,
        matchId: Number(row.match_id),
        kind: row.kind as Activity['kind'],
        status: statusOf(row),
        title: titleOf(row, lang),
        startTime: Number(row.start_time),
        endTime: Number(row.end_time),
        endBettingTime: null,
      }));
    },

    async proof(recordId: number): Promise<FairProof> {
      const row = await ctx.eventById(recordId);
      if (!row) throw refuse(404, EconomyError.EventNotFound, `recordId: no event ${recordId}`);
      const finished = row.status === ActivityStatus.Finished;
      const base = { recordId, kind: row.kind as Kind, status: statusOf(row), algorithm: row.algorithm as FairAlgorithm, seedHash: row.seed_hash, seed: finished ? row.server_seed || null : null, entriesHash: row.entries_hash };
      return { ...base, ...(await kindOf(row).proof(row, finished)) };
    },
  };
}
