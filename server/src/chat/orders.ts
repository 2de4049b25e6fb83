import type { Kysely } from 'kysely';
import type { ChatOrderItem, OrderShowRule } from '../../../contract/chat';
import { BetType, OrderStatus } from '../../../contract/enums';
import { inCurrency } from '../betting/rules';
import type { LegSnapshot, MarketSnapshot } from '../betting/orders';
import type { PlatformConfig } from '../config/platformConfig';
import type { Database, OrderRow } from '../db/schema';
import type { Lang } from '../feed';
import { CURRENCIES, fromMinor, toMinor, type Currency } from '../money';

/**
 * Order sharing in chat (spec 001 section 5): a member shares only their own orders that are confirmed or settled,
 * not early-settlement-reserved, on the room's match, and staked at least the coin's minAmount; the picker lists at
 * most showCount of them. Choices where the spec is silent (docs/api.md "Chat"):
 * - "early-settlement-reserved" is an order with an automatic cash-out rule armed (the bet record's reserveStatus;
 *   the spec's `sert` 0); a cash out being confirmed (status 101) is neither confirmed nor settled anyway, and an
 *   order closed by a full cash out (102) is not "settled";
 * - "settled amount" is read as the stake (`sa`): a confirmed order has settled nothing yet, so reading it as the
 *   return would refuse every confirmed order the same rule allows;
 * - "in the room's match": one of the order's legs is on the match the room's anchor is on now.
 */

const SHAREABLE_STATUSES = [OrderStatus.Confirmed, OrderStatus.Settled] as const;
const MULTIPLE_TITLE: Readonly<Record<Lang, (n: number) => string>> = {
  CMN: (n) => `${n}串1`,
  'zh-TW': (n) => `${n}串1`,
  ENG: (n) => `${n} legs`,
  VIE: (n) => `${n} trận`,
  THA: (n) => `${n} คู่`,
};

/** The title of a shared bet builder, after its match's name (the app words it from the legs: chat.order.builder). */
const BUILDER_TITLE: Readonly<Record<Lang, (n: number) => string>> = {
  CMN: (n) => `同场串关 (${n})`,
  'zh-TW': (n) => `同場串關 (${n})`,
  ENG: (n) => `Bet builder (${n})`,
  VIE: (n) => `Kèo tự tạo (${n})`,
  THA: (n) => `สร้างบิลเอง (${n})`,
};

export function orderShowRule(config: PlatformConfig): OrderShowRule {
  const { showCount, minAmount } = config.chat.orderShow;
  return { showCount, coins: CURRENCIES.map((c) => ({ thirdCoin: c, minAmount: inCurrency(config, minAmount, c, 'up').toFixed(2) })) };
}

interface LegNames {
  order_id: string;
  match_id: number;
  names_json: string;
  market_json: string;
}

export function createOrderSharing(db: Kysely<Database>, config: PlatformConfig) {
  const minMinor = (currency: string) => toMinor(inCurrency(config, config.chat.orderShow.minAmount, currency as Currency, 'up'));

  /** The member's orders meeting the rule on the match, newest first; `orderId` narrows to one. */
  async function qualifying(memberId: number, matchId: number, limit: number, orderId?: string): Promise<{ order: OrderRow; legs: LegNames[] }[]> {
    let query = db
      .selectFrom('orders')
      .selectAll('orders')
      .where('orders.member_id', '=', memberId)
      .where('orders.status', 'in', [...SHAREABLE_STATUSES])
      .where((eb) => eb.exists(eb.selectFrom('order_legs').select('order_legs.leg_no').whereRef('order_legs.order_id', '=', 'orders.id').where('order_legs.match_id', '=', matchId)))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('auto_cash_outs').select('auto_cash_outs.id').whereRef('auto_cash_outs.order_id', '=', 'orders.id').where('auto_cash_outs.status', '=', 0))))
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc');
    if (orderId !== undefined) query = query.where('orders.id', '=', orderId);
    // The minimum depends on each order's currency, so it is applied here; a page of candidates covers the usual case.
    const candidates = (await query.limit(limit * 5 + 20).execute()).filter((o) => Number(o.stake_minor) >= minMinor(o.currency)).slice(0, limit);
    if (candidates.length === 0) return [];
    const legs = await db
      .selectFrom('order_legs')
      .innerJoin('leg_snapshots', 'leg_snapshots.hash', 'order_legs.snapshot_hash')
      .select(['order_legs.order_id', 'order_legs.match_id', 'leg_snapshots.names_json', 'leg_snapshots.market_json'])
      .where('order_legs.order_id', 'in', candidates.map((o) => o.id))
      .orderBy('order_legs.leg_no')
      .execute();
    return candidates.map((order) => ({ order, legs: legs.filter((l) => l.order_id === order.id) }));
  }

  function itemOf(order: OrderRow, legs: LegNames[], lang: Lang): ChatOrderItem {
    const names = legs.map((l) => JSON.parse(l.names_json) as LegSnapshot);
    const first = names[0];
    const single = names.length === 1 && first !== undefined;
    const builder = order.bet_type === BetType.Builder;
    const matchName = (n: LegSnapshot) => (n.away ? `${n.home.name[lang]} vs ${n.away.name[lang]}` : n.home.name[lang]);
    return {
      assetSymbol: order.currency,
      betTitle: single ? matchName(first) : builder && first ? `${matchName(first)} · ${BUILDER_TITLE[lang](names.length)}` : MULTIPLE_TITLE[lang](names.length),
      betType: order.bet_type,
      betAmount: fromMinor(Number(order.stake_minor)),
      odd: order.odds,
      // The viewer's app decides the format from it (domain/odds displayOddsFormat); a multiple's odds are decimal.
      outcomeCount: single ? (JSON.parse(legs[0]!.market_json) as MarketSnapshot).optionTypes.length : 0,
      betSection: names.map((n) => `${n.market[lang]}: ${n.option[lang]}`).join(' / '),
      wonAmount: fromMinor(Number(order.payout_minor) + Number(order.cash_out_payout_minor)),
      orderStatus: order.status,
      betId: order.id.slice(0, 15),
      isEarlySettlement: Number(order.cash_out_count) > 0,
      orderId: order.id,
      legs: legs.map((l, i) => {
        const leg = names[i]!;
        return { matchId: Number(l.match_id), home: leg.home.name, away: leg.away?.name ?? null, market: leg.market, option: leg.option };
      }),
    };
  }

  return {
    /** The picker's list: the member's qualifying orders on the match, newest first, at most showCount. */
    async history(memberId: number, matchId: number, lang: Lang): Promise<ChatOrderItem[]> {
      const rows = await qualifying(memberId, matchId, config.chat.orderShow.showCount);
      return rows.map(({ order, legs }) => itemOf(order, legs, lang));
    },
    /** The item of one order if the member may share it on the match now (checked again at send), else undefined. */
    async shareable(memberId: number, matchId: number, orderId: string, lang: Lang): Promise<ChatOrderItem | undefined> {
      const [row] = await qualifying(memberId, matchId, 1, orderId);
      return row ? itemOf(row.order, row.legs, lang) : undefined;
    },
  };
}

export type OrderSharing = ReturnType<typeof createOrderSharing>;
