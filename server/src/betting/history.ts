import { sql } from 'kysely';
import { BET_OPTION_KEYS, BET_RECORD_KEYS, type BetOptionField, type BetRecordField, type ReserveCashOutEntry } from '../../../domain/betRecord';
import { potentialReturn } from '../../../domain/odds';
import { BetResult } from '../../../domain/series';
import type { CashOutRow, AutoCashOutRow, LegSnapshotRow, OrderLegRow, OrderRow } from '../db/schema';
import type { Lang } from '../feed';
import Decimal from 'decimal.js';
import { currencyIdOf, fromMinor, Money, type Currency } from '../money';
import { ACCEPTED_STATUSES, CLOSED_STATUSES, OPEN_STATUSES, OrderStatus } from './codes';
import { quoteCashOut } from './cashOutPricing';
import { inCurrency } from './rules';
import type { BettingDeps, LegSnapshot, MarketSnapshot } from './orders';
import { UNSETTLED_PAGE, type BetHistoryAnswer, type CashOutEntry } from '../../../contract/betting';

export const DAY_MS = 86_400_000;
/** Spec: bet history can be queried for the last 45 days only. */
export const HISTORY_DAYS = 45;
/** The unsettled view's page: the contract's (the bet list request's largest size). */
export { UNSETTLED_PAGE };
export const SETTLED_PAGE = 50;

export interface HistoryQuery {
  isSettled: boolean;
  current: number;
  size: number;
  startTime?: number;
  endTime?: number;
  /** Statistics and totals in this currency (the member's default when absent). */
  currency: Currency;
}

type ShortRecord = Record<string, unknown>;

function short<F extends string>(keys: Record<F, string>, fields: Record<F, unknown>): ShortRecord {
  const out: ShortRecord = {};
  for (const field of Object.keys(fields) as F[]) out[keys[field]] = fields[field];
  return out;
}

/** What the stake still running returns if every leg wins: the domain's `potentialReturn` of the order's remaining stake. */
export function remainingReturn(order: { remaining_stake_minor: number; bet_count: number; odds: string }): Decimal {
  return potentialReturn(fromMinor(Number(order.remaining_stake_minor)), order.odds, Number(order.bet_count));
}

const money = (minor: number | null | undefined): string => fromMinor(Number(minor ?? 0));

/** A cash out as the contract's CashOutEntry: in the bet history's records and getCashOutsByIds alike. */
export function cashOutEntryOf(c: CashOutRow, remainingStakeMinor: number): CashOutEntry {
  return {
    id: c.id,
    createdTime: Number(c.created_at),
    amount: money(c.stake_minor),
    payout: money(c.payout_minor),
    orderId: c.order_id,
    orderStatus: c.status,
    refundAmount: money(remainingStakeMinor),
    cancelReason: c.cancel_reason,
    auto: c.auto,
  };
}

/** A leg with the snapshot it references (leg_snapshots). */
type LegWithSnapshot = OrderLegRow & Pick<LegSnapshotRow, 'market_json' | 'names_json'>;

/**
 * The bet history: one member's orders as the spec's bet records under short server keys (domain/betRecord.ts
 * holds the key table the app maps back), newest first, with per-currency statistics of the whole selection.
 */
export function createHistory(deps: BettingDeps) {
  const { db, feed, config } = deps;

  function optionOf(leg: LegWithSnapshot, lang: Lang): ShortRecord {
    const names = JSON.parse(leg.names_json) as LegSnapshot;
    const market = JSON.parse(leg.market_json) as MarketSnapshot;
    const matchName = names.away ? `${names.home.name[lang]} vs ${names.away.name[lang]}` : names.home.name[lang];
    const fields: Record<BetOptionField, unknown> = {
      sportId: leg.sport_id,
      matchId: Number(leg.match_id),
      matchName,
      leagueName: names.league.name[lang],
      beginTime: Number(leg.begin_time),
      period: market.period,
      marketType: leg.market_type,
      outcomeCount: market.optionTypes.length,
      marketTypeName: names.market[lang],
      optionName: names.option[lang],
      inPlay: leg.is_in_play === 1,
      home: { id: names.home.id, logoUrl: names.home.icon, name: names.home.name[lang] },
      away: names.away ? { id: names.away.id, logoUrl: names.away.icon, name: names.away.name[lang] } : null,
      resultScore: leg.result_score,
      settledResult: leg.result,
      betOdds: leg.odds,
      oddsType: leg.odds_format,
      linear: leg.line,
      remark: leg.result === BetResult.Cancel ? 'void' : '',
      marketId: Number(leg.market_id),
      selectionType: leg.option_type,
      odds: leg.odds,
      cancelReason: leg.result === BetResult.Cancel ? 'match cancelled or period not completed' : null,
      isInPlay: leg.is_in_play,
      matchType: names.isOutright ? 2 : 1,
    };
    return short(BET_OPTION_KEYS, fields);
  }

  function record(order: OrderRow, legs: LegWithSnapshot[], cashOuts: CashOutRow[], autos: AutoCashOutRow[], lang: Lang): ShortRecord {
    const quote = quoteCashOut(feed, config, order, legs);
    const remaining = Number(order.remaining_stake_minor);
    const returned = Number(order.payout_minor) + Number(order.cash_out_payout_minor);
    const currency = order.currency as Currency;
    const fields: Record<BetRecordField, unknown> = {
      id: order.id,
      seriesType: order.series_number,
      betCount: order.bet_count,
      matchCount: order.item_count,
      betAmount: money(order.stake_minor),
      lastBetAmount: money(remaining),
      settledAmount: money(returned),
      orderStatus: order.status,
      oddsChange: order.odds_change,
      settledTime: order.settled_at === null ? null : Number(order.settled_at),
      createdTime: Number(order.created_at),
      cancelledTime: order.cancelled_at === null ? null : Number(order.cancelled_at),
      modifiedTime: Number(order.modified_at),
      remark: order.reject_reason ?? '',
      singleBetAmount: money(order.unit_stake_minor),
      betType: order.bet_type,
      rate: quote.rate.toDecimalPlaces(6, Decimal.ROUND_DOWN).toString(),
      cashOutPrice: quote.price.toFixed(2),
      cashOutStatus: quote.available ? 1 : 0,
      minSingleAmount: inCurrency(config, config.betting.cashOut.minSingle, currency, 'up').toFixed(2),
      minParlayAmount: inCurrency(config, config.betting.cashOut.minParlay, currency, 'up').toFixed(2),
      maxCashOutCount: config.betting.cashOut.maxCount,
      cashOutTotalAmount: money(order.cash_out_payout_minor),
      remainingPrincipal: money(remaining),
      allowSettleInAdvance: quote.available,
      cashOutPayoutStake: money(order.cash_out_stake_minor),
      cashOutCount: order.cash_out_count,
      autoBet: order.reserve_id !== null,
      handicapCount: legs.length,
      seriesCount: order.bet_type === 1 ? 0 : 1,
      reserveStatus: autos.some((a) => a.status === 0) ? 1 : 0,
      lastWinAmount: remainingReturn(order).minus(new Money(remaining).dividedBy(100)).toFixed(2),
      maxWinAmount: money(order.max_win_minor),
      maxPayoutAmount: config.betting.maxPayout,
      returnAmount: money(returned),
      options: legs.map((leg) => optionOf(leg, lang)),
      reserveCashOutList: autos.map((a): ReserveCashOutEntry => ({ id: Number(a.id), stake: money(a.stake_minor), threshold: money(a.threshold_minor), status: a.status, createdTime: Number(a.created_at) })),
      cashOutList: cashOuts.map((c) => cashOutEntryOf(c, Number(order.remaining_stake_minor))),
      currencyId: currencyIdOf(currency),
      currency,
      exchangeRate: order.exchange_rate,
      inPolling: order.status === OrderStatus.ReserveCashOut,
      rejectReason: order.reject_reason,
      rejectType: order.reject_type,
      result: order.result,
    };
    return short(BET_RECORD_KEYS, fields);
  }

  async function recordsOf(orders: OrderRow[], lang: Lang): Promise<ShortRecord[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const [legs, cashOuts, autos] = await Promise.all([
      db
        .selectFrom('order_legs')
        .innerJoin('leg_snapshots', 'leg_snapshots.hash', 'order_legs.snapshot_hash')
        .selectAll('order_legs')
        .select(['leg_snapshots.market_json', 'leg_snapshots.names_json'])
        .where('order_legs.order_id', 'in', ids)
        .orderBy('order_legs.leg_no')
        .execute(),
      db.selectFrom('cash_outs').selectAll().where('order_id', 'in', ids).orderBy('created_at').execute(),
      db.selectFrom('auto_cash_outs').selectAll().where('order_id', 'in', ids).orderBy('created_at').execute(),
    ]);
    const group = <T extends { order_id: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
      return map;
    };
    const legsOf = group(legs);
    const cashOutsOf = group(cashOuts);
    const autosOf = group(autos);
    return orders.map((o) => record(o, legsOf.get(o.id) ?? [], cashOutsOf.get(o.id) ?? [], autosOf.get(o.id) ?? [], lang));
  }

  return {
    recordsOf,
    async page(memberId: number, query: HistoryQuery, lang: Lang): Promise<BetHistoryAnswer> {
      const statuses = query.isSettled ? CLOSED_STATUSES : OPEN_STATUSES;
      const when = sql<number>`coalesce(settled_at, cancelled_at, created_at)`;
      const accepted = sql`status in (${sql.join([...ACCEPTED_STATUSES])})`;
      let base = db.selectFrom('orders').where('member_id', '=', memberId).where('status', 'in', [...statuses]);
      if (query.startTime !== undefined) base = base.where(when, '>=', query.startTime);
      if (query.endTime !== undefined) base = base.where(when, '<=', query.endTime);
      const [rows, stats] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
        base
          .select((eb) => [
            'currency',
            eb.fn.countAll<number>().as('listed'),
            eb.fn.sum<number>(sql`case when ${accepted} then 1 else 0 end`).as('count'),
            eb.fn.sum<number>(sql`case when ${accepted} then stake_minor else 0 end`).as('stake'),
            eb.fn.sum<number>(sql`case when ${accepted} then payout_minor + cash_out_payout_minor else 0 end`).as('returned'),
          ])
          .groupBy('currency')
          .execute(),
      ]);
      // The page lists every order of the selection (a rejected one shows with its reason); the statistics count only
      // the orders the book took, so a refunded rejection adds neither a bet, nor a stake, nor a loss.
      const sts: BetHistoryAnswer['sts'] = stats.filter((s) => Number(s.count) > 0).map((s) => {
        const stake = Number(s.stake ?? 0);
        const returned = Number(s.returned ?? 0);
        return {
          coinId: currencyIdOf(s.currency as Currency),
          coinName: s.currency,
          count: Number(s.count),
          stakeAmount: money(stake),
          payoutAmount: money(returned),
          winLose: query.isSettled ? money(returned - stake) : '0.00',
        };
      });
      const mine = sts.find((s) => s.coinName === query.currency);
      return {
        records: await recordsOf(rows, lang),
        total: stats.reduce((sum, s) => sum + Number(s.listed), 0),
        current: query.current,
        size: query.size,
        tamt: mine?.stakeAmount ?? '0.00',
        tsamt: mine?.payoutAmount ?? '0.00',
        sts,
      };
    },
  };
}

export type History = ReturnType<typeof createHistory>;
