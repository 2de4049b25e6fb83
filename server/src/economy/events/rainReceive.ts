import { sql } from 'kysely';
import { EconomyError, type RedEnvelopeReceived } from '../../../../contract/economy';
import { nativeOf, type NativeStatement } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { COIN, fromMinor } from '../../money';
import { isUniqueViolation, type EventRow, type EventsContext } from './context';

/**
 * Taking one envelope of a rain (redEnvelopeRain.ts decides who may try): the envelope marked taken, the coins
 * credited with their ledger row and counted against the member's daily receive limit, all in one transaction. On the
 * embedded SQLite the receives waiting for the connection are group-committed with prepared statements; on
 * PostgreSQL each is its own Kysely transaction with the same statements, and a race for the same envelope tries the
 * next. The group's waiting list and statements are this module's state, kept in the closure it makes.
 */

export const ALREADY = 'you already received an envelope of this rain';
export const ALL_TAKEN = 'every envelope was taken';
/** A refusal that names no amount (issue 29: it told the member the size of the envelope it refused). */
const NO_ROOM = "today's receive limit leaves no room for the envelopes left in this rain";
/** A PostgreSQL receive whose chosen envelope another took first tries the next this many times. */
const RECEIVE_TRIES = 5;

/** `emptied`: this receive took the rain's last envelope (envelopes are not taken in index order: a member skips those above their limit). */
export type ReceiveResult = { ok: true; data: RedEnvelopeReceived; emptied: boolean } | { ok: false; why: string };

export function createEnvelopeTaking(ctx: EventsContext) {
  const { db, clockNow, wallet, coins } = ctx;
  const native = nativeOf(db);
  const { creditNow } = wallet;
  const { countNow, leftTodayNow } = coins;
  let rainSt: Record<'already' | 'next' | 'seq' | 'left' | 'take', NativeStatement> | undefined;
  /**
   * A receive's writes on the embedded SQLite connection, synchronously inside the transaction the caller holds
   * through Kysely: 2,000 members racing for a rain otherwise queue for the one connection between every await of
   * every receive (docs/operations.md "Red-envelope rain"). The same statements as the Kysely path, which PostgreSQL uses.
   */
  const receiveNow =
    native && creditNow && countNow && leftTodayNow
      ? (row: EventRow, memberId: number, ticket: number): ReceiveResult => {
          rainSt ??= {
            already: native.prepare<unknown[]>('select idx from red_envelopes where event_id = ? and member_id = ?'),
            next: native.prepare<unknown[]>('select idx, amount_minor from red_envelopes where event_id = ? and member_id is null and amount_minor <= ? and idx >= ? order by idx limit 1'),
            seq: native.prepare<unknown[]>('select count(*) as n from red_envelopes where event_id = ? and member_id is not null'),
            left: native.prepare<unknown[]>('select idx from red_envelopes where event_id = ? and member_id is null limit 1'),
            take: native.prepare<unknown[]>('update red_envelopes set member_id = ?, received_at = ?, seq = ? where event_id = ? and idx = ? and member_id is null'),
          };
          if (rainSt.already.get(row.id, memberId)) return { ok: false, why: ALREADY };
          // The first envelope the member's limit still allows: one too large for them is left for others (issue 29:
          // the lowest envelope, above the limit, refused everyone and held back every envelope behind it).
          // From the member's ticket (issue 29: not the lowest, which whoever knew the split could time), wrapping round.
          const room = leftTodayNow(memberId, 'receive');
          const next = (rainSt.next.get(row.id, room, ticket) ?? (ticket > 0 ? rainSt.next.get(row.id, room, 0) : undefined)) as { idx: number; amount_minor: number } | undefined;
          if (!next) return { ok: false, why: rainSt.left.get(row.id) ? NO_ROOM : ALL_TAKEN };
          const seq = Number((rainSt.seq.get(row.id) as { n: number }).n);
          rainSt.take.run(memberId, clockNow(), seq, row.id, next.idx);
          const amountMinor = Number(next.amount_minor);
          countNow(memberId, 'receive', amountMinor);
          const change = creditNow({ memberId, asset: COIN, amountMinor, kind: 'red_envelope', refType: 'red_envelope', refId: `${row.id}:${next.idx}` });
          const emptied = !rainSt.left.get(row.id);
          return { ok: true, emptied, data: { sendRecordId: Number(row.id), envelopeIndex: Number(next.idx), amount: fromMinor(amountMinor), coinBalance: fromMinor(change.balanceAfterMinor) } };
        }
      : undefined;

  /**
   * Receives waiting for the connection go in one transaction together (a group commit, as bets do): each in its own
   * savepoint, so one refused receive (the daily limit) rolls back alone. A busy rain then costs one BEGIN and COMMIT
   * per group instead of per member.
   */
  interface WaitingReceive {
    row: EventRow;
    memberId: number;
    ticket: number;
    resolve: (result: ReceiveResult) => void;
    reject: (error: unknown) => void;
  }
  let waiting: WaitingReceive[] = [];
  let flushing = false;
  let savepoints: Record<'begin' | 'release' | 'rollbackTo', NativeStatement> | undefined;
  async function flushReceives(): Promise<void> {
    flushing = true;
    const group = waiting;
    waiting = [];
    try {
      const outcomes = await db.transaction().execute(async () =>
        group.map((w): { result: ReceiveResult } | { error: unknown } => {
          savepoints ??= {
            begin: native!.prepare<unknown[]>('savepoint rain_receive'),
            release: native!.prepare<unknown[]>('release rain_receive'),
            rollbackTo: native!.prepare<unknown[]>('rollback to rain_receive'),
          };
          savepoints.begin.run();
          try {
            const result = receiveNow!(w.row, w.memberId, w.ticket);
            savepoints.release.run();
            return { result };
          } catch (error) {
            savepoints.rollbackTo.run();
            savepoints.release.run();
            return { error };
          }
        }),
      );
      outcomes.forEach((o, i) => ('result' in o ? group[i]!.resolve(o.result) : group[i]!.reject(o.error)));
    } catch (error) {
      for (const w of group) w.reject(error);
    } finally {
      flushing = false;
      if (waiting.length > 0) setImmediate(() => void flushReceives());
    }
  }
  function receiveInGroup(row: EventRow, memberId: number, ticket: number): Promise<ReceiveResult> {
    return new Promise((resolve, reject) => {
      waiting.push({ row, memberId, ticket, resolve, reject });
      if (waiting.length === 1 && !flushing) setImmediate(() => void flushReceives());
    });
  }

  /** The receive's transaction (the group commit on SQLite); a PostgreSQL race for the same envelope tries the next. */
  return async function takeEnvelope(row: EventRow, memberId: number, ticket: number): Promise<ReceiveResult> {
    for (let attempt = 0; attempt < RECEIVE_TRIES; attempt += 1) {
      let outcome: ReceiveResult | 'retry';
      try {
        outcome = receiveNow ? await receiveInGroup(row, memberId, ticket) : await db.transaction().execute(async (trx): Promise<ReceiveResult | 'retry'> => {
          const already = await trx.selectFrom('red_envelopes').select('idx').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
          if (already) return { ok: false, why: ALREADY };
          const room = await coins.leftToday(trx, memberId, 'receive');
          // One statement, one snapshot: every envelope it saw taken has a smaller seq than the one it takes (the proof's order).
          const firstFrom = async (from: number) => {
            const found = await trx
              .selectFrom('red_envelopes')
              .select([sql<number | null>`min(idx)`.as('idx'), sql<number>`(select count(*) from red_envelopes t where t.event_id = ${row.id} and t.member_id is not null)`.as('seq')])
              .where('event_id', '=', row.id)
              .where('member_id', 'is', null)
              .where('amount_minor', '<=', room)
              .where('idx', '>=', from)
              .executeTakeFirst();
            return found?.idx === null || found?.idx === undefined ? null : { idx: Number(found.idx), seq: Number(found.seq) };
          };
          // From the member's ticket, wrapping round (as on SQLite above).
          const next = (await firstFrom(ticket)) ?? (ticket > 0 ? await firstFrom(0) : null);
          if (next === null) {
            const left = await trx.selectFrom('red_envelopes').select('idx').where('event_id', '=', row.id).where('member_id', 'is', null).executeTakeFirst();
            return { ok: false, why: left ? NO_ROOM : ALL_TAKEN };
          }
          const taken = await trx
            .updateTable('red_envelopes')
            .set({ member_id: memberId, received_at: clockNow(), seq: next.seq })
            .where('event_id', '=', row.id)
            .where('idx', '=', next.idx)
            .where('member_id', 'is', null)
            .returning(['idx', 'amount_minor'])
            .executeTakeFirst();
          if (!taken) return 'retry';
          const amountMinor = Number(taken.amount_minor);
          await coins.countAgainstLimit(trx, memberId, 'receive', amountMinor);
          const change = await wallet.credit(trx, { memberId, asset: COIN, amountMinor, kind: 'red_envelope', refType: 'red_envelope', refId: `${row.id}:${taken.idx}` });
          const left = await trx.selectFrom('red_envelopes').select('idx').where('event_id', '=', row.id).where('member_id', 'is', null).executeTakeFirst();
          return { ok: true, emptied: left === undefined, data: { sendRecordId: Number(row.id), envelopeIndex: Number(taken.idx), amount: fromMinor(amountMinor), coinBalance: fromMinor(change.balanceAfterMinor) } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, why: ALREADY };
        // A race moved the member's count meanwhile; the refusal names no amount.
        if (error instanceof ApiError && error.code === EconomyError.DailyLimit) return { ok: false, why: NO_ROOM };
        throw error;
      }
      if (outcome !== 'retry') return outcome;
    }
    // Not ALL_TAKEN: envelopes may be left, so the rain is not marked over and the member may try again.
    return { ok: false, why: 'other members took the envelopes tried first; try again' };
  };
}
