import { sql } from 'kysely';
import { EconomyError, FairAlgorithm, RewardType, type RedEnvelope } from '../../../../contract/economy';
import { EconomyChannel, type Reward, type RoomEventPush } from '../../../../contract/economyPush';
import { ActivityKind, ActivityStatus } from '../../../../contract/enums';
import { ApiError } from '../../http/envelope';
import { fromMinor, toMinor } from '../../money';
import { rainTicket, splitRain } from '../fair';
import { MARQUEE_PER_DRAW, statusOf, type EventKind, type EventRow, type EventsContext } from './context';
import { ALL_TAKEN, ALREADY, createEnvelopeTaking, type ReceiveResult } from './rainReceive';

/**
 * The red-envelope rain (spec 001 section 3, kind 3; live/get/room/redEnvelope, live/submit/receive/redEnvelope): its
 * budget is split into envelopes when it is made (from its seed, so the split is provable), members take one each
 * while it is open, and it ends at endTime or when its last envelope is taken. Taking one is rainReceive.ts (one
 * transaction with its ledger entry); in front of it sits this module's admission, so thousands racing for a rain
 * queue only for the envelopes there are.
 */
export function createRedEnvelopeRain(ctx: EventsContext, on: { emptied(row: EventRow): void }) {
  const { db, now, hub, coins, config } = ctx;
  const marqueeMinor = toMinor(config.marqueeCoins);
  const takeEnvelope = createEnvelopeTaking(ctx);

  /**
   * Rains this process knows to be over (finished, or every envelope taken): a receive for one answers at once, without
   * a transaction. Envelopes never come back, so this can only be right; the database decides everything else.
   */
  const overRains = new Set<number>();
  /** Rain rows by id: what a receive checks (room, times, count) never changes after the rain is made. */
  const rainRows = new Map<number, EventRow>();

  /**
   * Admission in front of the database, per open rain: how many envelopes this process may still hand out (`left`,
   * read once from the database, then reserved by each receive let through and given back when its transaction took
   * none) and the members it has paid. 2,000 members racing for 500 envelopes would otherwise all queue for a write:
   * with the admission, once 500 are reserved the rest wait only for those in flight and are answered without a
   * transaction. `left` can only over-count (another instance's receives take envelopes it did not reserve; the
   * database then answers "every envelope was taken" and the rain is marked over), never under-count: envelopes are
   * never given back, so nobody is refused while one is left. The database's unique index still decides every race.
   */
  interface Admission {
    left: number;
    inFlight: number;
    served: Set<number>;
    /** Receives waiting for one in flight to give its envelope back (or for none to be in flight). */
    waiting: Array<() => void>;
    /** Envelopes of this rain put on the room's marquee by this process. */
    marquees: number;
  }
  const admissions = new Map<number, Promise<Admission>>();
  function admissionOf(eventId: number): Promise<Admission> {
    let admission = admissions.get(eventId);
    if (!admission) {
      admission = db
        .selectFrom('red_envelopes')
        .select(sql<number>`count(*)`.as('n'))
        .where('event_id', '=', eventId)
        .where('member_id', 'is', null)
        .executeTakeFirst()
        .then((r) => ({ left: Number(r?.n ?? 0), inFlight: 0, served: new Set<number>(), waiting: [], marquees: 0 }));
      admission.catch(() => admissions.delete(eventId));
      admissions.set(eventId, admission);
    }
    return admission;
  }
  /** A reserved envelope, or why there is none for the member. */
  async function admit(a: Admission, memberId: number): Promise<'admitted' | 'already' | 'none'> {
    for (;;) {
      if (a.served.has(memberId)) return 'already';
      if (a.left > 0) {
        a.left -= 1;
        a.inFlight += 1;
        return 'admitted';
      }
      if (a.inFlight === 0) return 'none';
      await new Promise<void>((resolve) => a.waiting.push(resolve));
    }
  }
  /** Ends a reservation: kept when the member got an envelope, given back (and the waiting woken) otherwise. */
  function release(a: Admission, memberId: number, outcome: ReceiveResult | undefined): void {
    a.inFlight -= 1;
    if (outcome?.ok) a.served.add(memberId);
    else if (outcome?.why === ALL_TAKEN) a.left = 0;
    else {
      if (outcome?.why === ALREADY) a.served.add(memberId);
      a.left += 1;
    }
    if (a.inFlight === 0 || a.left > 0) for (const wake of a.waiting.splice(0)) wake();
  }

  const kind: EventKind = {
    async made(trx, row, seed) {
      const budgetMinor = Number(row.budget_minor);
      const envelopeCount = Number(row.envelope_count);
      const amounts = await splitRain(seed, Number(row.id), budgetMinor, envelopeCount);
      // An envelope no member may take would never be paid (issue 29): such a rain is not started.
      if (amounts.reduce((most, a) => Math.max(most, a), 0) > coins.limits.receive) {
        throw new ApiError(
          422,
          EconomyError.DailyLimit,
          `budget: split into ${envelopeCount} envelopes, ${fromMinor(budgetMinor)} coins make one of more than the daily receive limit of ${fromMinor(coins.limits.receive)}, which no member could take; give more envelopes or a smaller budget`,
        );
      }
      for (let i = 0; i < amounts.length; i += 500) {
        await trx.insertInto('red_envelopes').values(amounts.slice(i, i + 500).map((amount_minor, j) => ({ event_id: Number(row.id), idx: i + j, amount_minor, member_id: null, received_at: null }))).execute();
      }
    },

    announce(row, base) {
      hub.publish(EconomyChannel.room(base.roomId), { kind: 'rainStarted', ...base, startCountDownTime: Number(row.countdown_at), envelopeCount: Number(row.envelope_count) } satisfies RoomEventPush);
    },

    // A rain writes nothing when it ends: its envelopes were paid as they were taken.
    async close(_trx, row, seed) {
      return async () => {
        const recordId = Number(row.id);
        overRains.add(recordId);
        rainRows.delete(recordId);
        admissions.delete(recordId);
        const roomId = Number(row.room_id);
        const taken = await db.selectFrom('red_envelopes').select(sql<number>`count(*)`.as('n')).where('event_id', '=', row.id).where('member_id', 'is not', null).executeTakeFirst();
        hub.publish(EconomyChannel.room(roomId), { kind: 'rainEnded', roomId, recordId, envelopeCount: Number(row.envelope_count), received: Number(taken?.n ?? 0), seed } satisfies RoomEventPush);
      };
    },

    async proof(row, finished) {
      const envelopes = await db.selectFrom('red_envelopes').select(['idx', 'amount_minor', 'member_id', 'seq']).where('event_id', '=', row.id).orderBy('idx').execute();
      const taken = envelopes.filter((e) => e.member_id !== null);
      return {
        entries: finished ? taken.map((e) => Number(e.member_id)) : [],
        receipts: finished
          ? taken.map((e) => ({ uid: Number(e.member_id), envelopeIndex: Number(e.idx), seq: Number(e.seq ?? 0) })).sort((a, b) => a.seq - b.seq || a.envelopeIndex - b.envelopeIndex)
          : [],
        winnerCount: 0,
        winners: [],
        budget: fromMinor(Number(row.budget_minor)),
        envelopes: finished ? envelopes.map((e) => fromMinor(Number(e.amount_minor))) : [],
      };
    },
  };

  return {
    kind,

    async redEnvelope(roomId: number, memberId: number): Promise<RedEnvelope | null> {
      const row = await ctx.currentOf(roomId, [ActivityKind.RedEnvelopeRain]);
      if (!row) return null;
      const envelopes = await db
        .selectFrom('red_envelopes')
        .select([sql<number>`count(*)`.as('total'), sql<number>`sum(case when member_id is null then 1 else 0 end)`.as('remaining')])
        .where('event_id', '=', row.id)
        .executeTakeFirst();
      const mine = await db.selectFrom('red_envelopes').select('amount_minor').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
      const remaining = Number(envelopes?.remaining ?? 0);
      return {
        sendRecordId: Number(row.id),
        roomId,
        status: statusOf(row),
        isShowFloatingBall: row.status !== ActivityStatus.Finished && !mine && remaining > 0,
        startCountDownTime: Number(row.countdown_at),
        startTime: Number(row.start_time),
        endTime: Number(row.end_time),
        endBettingTime: null,
        endBettingTimestamp: null,
        envelopeCount: Number(row.envelope_count),
        remaining,
        hasReceived: mine !== undefined,
        obtainPrize: mine ? fromMinor(Number(mine.amount_minor)) : null,
        seedHash: row.seed_hash,
        now: now(),
      };
    },

    /**
     * Takes the next envelope of an open rain for the member: at most one per member (the unique index decides under
     * any race), credited with its ledger row and counted against the daily receive limit in one transaction.
     */
    async receive(memberId: number, nicknameOf: () => Promise<string>, roomId: number, recordId: number): Promise<ReceiveResult> {
      const cached = rainRows.get(recordId);
      const row = cached && Number(cached.room_id) === roomId ? cached : await ctx.eventOf(recordId, roomId, [ActivityKind.RedEnvelopeRain]);
      if (!ctx.isOpen(row)) return { ok: false, why: now() < Number(row.start_time) ? 'the rain has not started' : 'the rain has finished' };
      if (overRains.has(recordId)) return { ok: false, why: ALL_TAKEN };
      rainRows.set(recordId, row);
      const admission = await admissionOf(recordId);
      const admitted = await admit(admission, memberId);
      if (admitted === 'already') return { ok: false, why: ALREADY };
      if (admitted === 'none') {
        overRains.add(recordId);
        return { ok: false, why: ALL_TAKEN };
      }
      let outcome: ReceiveResult | undefined;
      try {
        // v2: where this member's search starts, from the seed nobody outside the platform's process knows yet.
        const ticket = row.algorithm === FairAlgorithm.V1 ? 0 : await rainTicket(await ctx.seedFor(row), recordId, memberId, Number(row.envelope_count));
        outcome = await takeEnvelope(row, memberId, ticket);
      } finally {
        release(admission, memberId, outcome);
      }
      if (!outcome.ok) {
        if (outcome.why === ALL_TAKEN) overRains.add(recordId);
        return outcome;
      }
      const { data } = outcome;
      const amountMinor = toMinor(data.amount);
      coins.publishBalance(memberId, toMinor(data.coinBalance), 'redEnvelope', amountMinor);
      // A rain's marquee, like a draw's, names its first few large envelopes: a room of thousands hears of each.
      if (amountMinor >= marqueeMinor && admission.marquees < MARQUEE_PER_DRAW) {
        admission.marquees += 1;
        const reward: Reward = { type: RewardType.Coin, amount: data.amount, currency: null, titleId: null };
        hub.publish(EconomyChannel.room(roomId), { kind: 'winMarquee', roomId, recordId, activityKind: ActivityKind.RedEnvelopeRain, uid: memberId, nickname: await nicknameOf(), reward, at: now() } satisfies RoomEventPush);
      }
      if (outcome.emptied) on.emptied(row);
      return outcome;
    },
  };
}
