import Decimal from 'decimal.js';
import { BetResult, seriesReturn, type SettledLeg } from '../../../src/domain/series';
import { settleOption, type Market, type MatchResult } from '../feed';
import { Money, toMinor, type Currency } from '../money';
import { AutoCashOutStatus, BetType, CashOutFailure, CashOutStatus, OrderStatus, ReservationStatus } from './codes';
import { seriesKindOf, type BettingDeps, type MarketSnapshot } from './orders';

/** Orders settled per transaction: big enough to amortise the commit, small enough to keep other writers moving. */
const ORDERS_PER_TRANSACTION = 500;

/** What one unit of stake on a settled single returns (DOMAIN.md section 2). */
export function singleReturn(stake: Decimal.Value, odds: Decimal.Value, result: BetResult): Decimal {
  const s = new Money(stake);
  switch (result) {
    case BetResult.Won:
      return s.times(odds);
    case BetResult.Lost:
      return new Money(0);
    case BetResult.Return:
    case BetResult.Cancel:
      return s;
    case BetResult.WinReturn:
      return s.times(new Money(odds).plus(1)).dividedBy(2);
    case BetResult.LoseReturn:
      return s.dividedBy(2);
    default:
      throw new RangeError(`a leg with result ${result} is not settled`);
  }
}

/** An order's result from its legs: a single takes its leg's; a multiple compares what it returns with its stake. */
export function orderResult(betType: number, legResults: readonly BetResult[], payout: Decimal, stake: Decimal): BetResult {
  if (betType === BetType.Single) return legResults[0] ?? BetResult.Cancel;
  if (legResults.every((r) => r === BetResult.Cancel)) return BetResult.Cancel;
  if (payout.isZero()) return BetResult.Lost;
  if (payout.greaterThan(stake)) return BetResult.Won;
  if (payout.equals(stake)) return BetResult.Return;
  return BetResult.LoseReturn;
}

/** The market a leg was placed on, rebuilt from its snapshot for settleOption. */
function marketOf(snapshot: MarketSnapshot, leg: { market_id: number; match_id: number; sport_id: number }): Market {
  const market: Market = {
    marketId: leg.market_id,
    matchId: leg.match_id,
    sportId: leg.sport_id,
    key: snapshot.key,
    kind: snapshot.kind,
    marketType: snapshot.marketType,
    period: snapshot.period,
    status: -1,
    allowParley: snapshot.allowParley,
    isInPlay: false,
    unit: snapshot.unit,
    name: { CMN: '', 'zh-TW': '', ENG: '', VIE: '', THA: '' },
    options: snapshot.optionTypes.map((type) => ({ type, name: { CMN: '', 'zh-TW': '', ENG: '', VIE: '', THA: '' }, odd: '0', isLock: true })),
  };
  if (snapshot.line !== undefined) market.line = snapshot.line;
  return market;
}

function scoreOf(result: MatchResult, snapshot: MarketSnapshot): string | null {
  const totals = result.final.periods[snapshot.period];
  const pair = snapshot.unit === 'length' ? undefined : totals?.[snapshot.unit];
  return pair ? `${pair.home}:${pair.away}` : null;
}

export interface SettlementService {
  /** Settles every leg on the match and every order whose legs are then all settled. Safe to repeat. */
  settleMatch(result: MatchResult): Promise<number>;
  /** Settles legs of matches whose results are stored but were not applied (a restart, a missed event). */
  settleStored(): Promise<number>;
}

export function createSettlementService(deps: BettingDeps, loadResult: (matchId: number) => Promise<MatchResult | undefined>): SettlementService {
  const { db, clock, wallet } = deps;

  async function settleLegs(result: MatchResult): Promise<string[]> {
    const legs = await db
      .selectFrom('order_legs')
      .innerJoin('orders', 'orders.id', 'order_legs.order_id')
      .select(['order_legs.order_id', 'order_legs.leg_no', 'order_legs.market_id', 'order_legs.match_id', 'order_legs.sport_id', 'order_legs.option_type', 'order_legs.market_json'])
      .where('order_legs.match_id', '=', result.matchId)
      .where('order_legs.result', '=', BetResult.NoResulted)
      .where('orders.status', 'in', [OrderStatus.Confirmed, OrderStatus.ReserveCashOut])
      .execute();
    if (legs.length === 0) return [];
    const now = clock.now();
    const outcomes = new Map<string, { result: BetResult; score: string | null }>();
    for (let start = 0; start < legs.length; start += ORDERS_PER_TRANSACTION) {
      const chunk = legs.slice(start, start + ORDERS_PER_TRANSACTION);
      await db.transaction().execute(async (trx) => {
        for (const leg of chunk) {
          // Legs on the same market, option and line share one outcome: compute it once.
          const key = `${leg.market_json}|${leg.option_type}`;
          let outcome = outcomes.get(key);
          if (!outcome) {
            const snapshot = JSON.parse(leg.market_json) as MarketSnapshot;
            const code = settleOption(marketOf(snapshot, leg), leg.option_type, result.final, result.matchStatus, result.winnerTeamId) as BetResult;
            outcome = { result: code, score: scoreOf(result, snapshot) };
            outcomes.set(key, outcome);
          }
          await trx
            .updateTable('order_legs')
            .set({ result: outcome.result, result_score: outcome.score, settled_at: now })
            .where('order_id', '=', leg.order_id)
            .where('leg_no', '=', leg.leg_no)
            .where('result', '=', BetResult.NoResulted)
            .execute();
        }
      });
    }
    return [...new Set(legs.map((l) => l.order_id))];
  }

  /** Settles the orders among these whose legs all have results: payout, status and ledger in one transaction. */
  async function settleOrders(orderIds: readonly string[]): Promise<number> {
    let settled = 0;
    for (let start = 0; start < orderIds.length; start += ORDERS_PER_TRANSACTION) {
      const ids = orderIds.slice(start, start + ORDERS_PER_TRANSACTION);
      settled += await db.transaction().execute(async (trx) => {
        const orders = await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', 'in', ids)
          .where('status', 'in', [OrderStatus.Confirmed, OrderStatus.ReserveCashOut])
          .execute();
        const legs = await trx.selectFrom('order_legs').select(['order_id', 'leg_no', 'odds', 'result']).where('order_id', 'in', ids).orderBy('leg_no').execute();
        const legsOf = new Map<string, SettledLeg[]>();
        for (const leg of legs) {
          const list = legsOf.get(leg.order_id) ?? [];
          list.push({ odds: leg.odds, result: leg.result as BetResult });
          legsOf.set(leg.order_id, list);
        }
        const now = clock.now();
        let count = 0;
        for (const order of orders) {
          const orderLegs = legsOf.get(order.id) ?? [];
          if (orderLegs.length === 0 || orderLegs.some((l) => l.result === BetResult.NoResulted)) continue;
          const remaining = new Money(Number(order.remaining_stake_minor)).dividedBy(100);
          let payout: Decimal;
          if (order.bet_type === BetType.Single) {
            payout = singleReturn(remaining, orderLegs[0]!.odds, orderLegs[0]!.result);
          } else {
            const kind = seriesKindOf(order.series_number, order.item_count);
            if (!kind) throw new Error(`order ${order.id}: unknown series ${order.series_number} for ${order.item_count} legs`);
            payout = seriesReturn(orderLegs, kind, remaining.dividedBy(order.bet_count)).grossReturn;
          }
          const payoutMinor = toMinor(payout.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
          const result = orderResult(order.bet_type, orderLegs.map((l) => l.result), payout, remaining);
          const done = await trx
            .updateTable('orders')
            .set({ status: OrderStatus.Settled, result, payout_minor: payoutMinor, settled_at: now, accept_at: null, modified_at: now })
            .where('id', '=', order.id)
            .where('status', 'in', [OrderStatus.Confirmed, OrderStatus.ReserveCashOut])
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) === 0) continue;
          if (payoutMinor > 0) {
            await wallet.credit(trx, { memberId: Number(order.member_id), asset: order.currency as Currency, amountMinor: payoutMinor, kind: 'bet_payout', refType: 'order', refId: order.id });
          }
          if (order.status === OrderStatus.ReserveCashOut) {
            // The match ended before the cash out's delay did: the settlement stands, the cash out is refused.
            await trx
              .updateTable('cash_outs')
              .set({ status: CashOutStatus.Canceled, cancel_reason: CashOutFailure.SettleRefused, accept_at: null, modified_at: now })
              .where('order_id', '=', order.id)
              .where('status', '=', CashOutStatus.Confirming)
              .execute();
          }
          await trx
            .updateTable('auto_cash_outs')
            .set({ status: AutoCashOutStatus.Cancelled, modified_at: now })
            .where('order_id', '=', order.id)
            .where('status', '=', AutoCashOutStatus.Active)
            .execute();
          if (order.reserve_id) {
            await trx.updateTable('reservations').set({ status: ReservationStatus.Settled, modified_at: now }).where('id', '=', order.reserve_id).execute();
          }
          count++;
        }
        return count;
      });
    }
    return settled;
  }

  return {
    async settleMatch(result) {
      const touched = await settleLegs(result);
      return settleOrders(touched);
    },
    async settleStored() {
      const matches = await db
        .selectFrom('order_legs')
        .innerJoin('orders', 'orders.id', 'order_legs.order_id')
        .innerJoin('match_results', 'match_results.match_id', 'order_legs.match_id')
        .select('order_legs.match_id')
        .distinct()
        .where('order_legs.result', '=', BetResult.NoResulted)
        .where('orders.status', 'in', [OrderStatus.Confirmed, OrderStatus.ReserveCashOut])
        .execute();
      let settled = 0;
      for (const { match_id } of matches) {
        const result = await loadResult(Number(match_id));
        if (result) settled += await this.settleMatch(result);
      }
      return settled;
    },
  };
}
