/**
 * The acceptance delay of in-play bets (DOMAIN.md section 5): an in-play order waits Confirming for the configured
 * delay, then is confirmed at the price of that moment under the member's acceptance or rejected and its stake
 * refunded; a dangerous event (goal, red card, penalty) on its match during the delay rejects it. Separate from
 * placing because it runs later, from the engine's loop, each order's end in a transaction of its own; it keeps the
 * dangerous events in memory (after a restart only the price re-check applies).
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { OddsFormat, potentialReturn } from '../../../domain/odds';
import { betOdds } from '../../../domain/series';
import type { OrderRow } from '../db/schema';
import { ApiError } from '../http/envelope';
import { fromMinor, Money, toMinor, type Currency } from '../money';
import { priceBuilderBet } from './builderBets';
import { BetError, BetType, OddsChange, OrderStatus } from './codes';
import { inPlayDelayMs, type BettingDeps } from './orders';
import { priceLeg, priceParlay } from './rules';

export interface AcceptanceDelay {
  /** Ends the in-play delay of due orders: each is confirmed at the price of that moment or rejected and refunded. */
  processDue(): Promise<number>;
  /** Notes a dangerous event (goal, red card, penalty): pending in-play bets on the match placed before it are rejected. */
  noteDanger(matchId: number): void;
}

export function createAcceptanceDelay(deps: BettingDeps): AcceptanceDelay {
  const { db, clock, feed, wallet, config } = deps;
  /** Real time of the last dangerous event per match. In memory: after a restart only the price re-check applies. */
  const dangerAt = new Map<number, number>();

  /** Re-prices the legs of a confirming order (a parlay on its total odds); answers the refusal, or the accepted legs' odds. */
  async function recheck(order: { id: string; bet_type: number; odds_change: number; created_at: number; odds: string }): Promise<{ ok: true; odds: Decimal[]; total?: Decimal } | { ok: false; code: BetError; reason: string }> {
    const legs = await db.selectFrom('order_legs').select(['leg_no', 'match_id', 'market_id', 'option_type', 'odds', 'is_in_play']).where('order_id', '=', order.id).orderBy('leg_no').execute();
    for (const leg of legs) {
      const danger = dangerAt.get(leg.match_id);
      if (leg.is_in_play && danger !== undefined && danger >= order.created_at) {
        return { ok: false, code: BetError.ScoreChanged, reason: `Score changed: a goal or card in match ${leg.match_id} during the acceptance delay` };
      }
    }
    const requests = legs.map((leg) => ({ marketId: leg.market_id, optionType: leg.option_type, odds: leg.odds, oddsFormat: OddsFormat.Europe }));
    const oddsChange = order.odds_change as OddsChange;
    try {
      if (order.bet_type === BetType.Builder) {
        // The legs keep the odds they were taken at; the combined odds are what the acceptance judges.
        const builder = priceBuilderBet(feed, config, requests, new Decimal(order.odds), oddsChange, (i) => `leg ${legs[i]!.leg_no}`);
        return { ok: true, odds: legs.map((l) => new Decimal(l.odds)), total: builder.odds };
      }
      const priced =
        order.bet_type === BetType.Single
          ? requests.map((request, i) => priceLeg(feed, request, oddsChange, `leg ${legs[i]!.leg_no}`))
          : priceParlay(feed, requests, oddsChange, (i) => `leg ${legs[i]!.leg_no}`);
      return { ok: true, odds: priced.map((leg) => leg.odds) };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, code: error.code as BetError, reason: error.message };
      throw error;
    }
  }

  async function accept(order: OrderRow): Promise<void> {
    const check = await recheck(order);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (check.ok) {
        const legs = check.odds;
        const total = check.total ?? betOdds(legs, order.bet_type === BetType.Single ? 0 : order.series_number);
        const unit = new Money(fromMinor(Number(order.unit_stake_minor)));
        const done = await trx
          .updateTable('orders')
          .set({
            status: OrderStatus.Confirmed,
            odds: total.toString(),
            max_win_minor: toMinor(potentialReturn(unit, total)),
            confirmed_at: now,
            accept_at: null,
            modified_at: now,
          })
          .where('id', '=', order.id)
          .where('status', '=', OrderStatus.Confirming)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) return;
        for (let i = 0; i < legs.length; i++) {
          await trx.updateTable('order_legs').set({ odds: legs[i]!.toString() }).where('order_id', '=', order.id).where('leg_no', '=', i + 1).execute();
        }
        return;
      }
      const done = await trx
        .updateTable('orders')
        .set({ status: OrderStatus.Rejected, reject_type: check.code, reject_reason: check.reason, accept_at: null, cancelled_at: now, modified_at: now })
        .where('id', '=', order.id)
        .where('status', '=', OrderStatus.Confirming)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return;
      await wallet.credit(trx, { memberId: Number(order.member_id), asset: order.currency as Currency, amountMinor: Number(order.stake_minor), kind: 'bet_refund', refType: 'order', refId: order.id });
      if (order.reserve_id) {
        await trx.updateTable('reservations').set({ status: 4, fail_reason: check.reason, modified_at: now }).where('id', '=', order.reserve_id).execute();
      }
    });
  }

  async function dueOrders(): Promise<OrderRow[]> {
    return db
      .selectFrom('orders')
      .selectAll()
      // A literal, not a parameter: only then can SQLite use the partial index orders_due_idx (WHERE status = 1).
      .where('status', '=', sql.lit(OrderStatus.Confirming))
      .where('accept_at', '<=', clock.now())
      .orderBy('accept_at')
      .limit(500)
      .execute();
  }

  return {
    async processDue() {
      const due = await dueOrders();
      for (const order of due) await accept(order);
      return due.length;
    },
    noteDanger(matchId) {
      const now = clock.now();
      dangerAt.set(matchId, now);
      // Only events within the delay matter; drop older ones so the map stays the size of the live card.
      for (const [id, at] of dangerAt) if (at < now - inPlayDelayMs(config) - 60_000) dangerAt.delete(id);
    },
  };
}
