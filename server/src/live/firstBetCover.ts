import Decimal from 'decimal.js';
import type { Kysely, Transaction } from 'kysely';
import { BetResult, BetType, FirstBetCoverStatus, OrderStatus } from '../../../contract/enums';
import type { FirstBetOffer } from '../../../contract/liveRoom';
import { LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import type { SettledOrder } from '../betting/settlement';
import type { WalletService } from '../betting/wallet';
import { readExchangeRates } from '../betting/exchangeRates';
import type { Clock } from '../clock';
import type { Database, FirstBetCoverRow } from '../db/schema';
import { fill, text, type Lang } from '../feed/i18n';
import { convert, fromMinor, toMinor, type Currency } from '../money';

/**
 * First-bet coverage, the live room's "first-bet coverage" tab (docs/api.md "First-bet coverage"). A member joins a
 * room's offer for the match the room is on, before betting on that match. Their first single on the match placed
 * after joining, in their own currency and taken by the book, is covered: if it settles lost, or half lost, the stake
 * it lost is credited back (at most the cap), in the settlement's own transaction with its ledger entry, once. A first
 * bet that wins, returns its stake or was cashed out is not covered, and neither is any later bet.
 */

/** The most one cover refunds, in CNY; converted into the member's currency and floored to the cent. */
export const FIRST_BET_CAP_CNY = '100.00';

export type CoverReason = NonNullable<FirstBetOffer['reason']>;

/** A join the offer's rule refuses; the route answers it as bad input naming the field. */
export class CoverRefused extends Error {
  constructor(
    readonly reason: CoverReason,
    message: string,
  ) {
    super(message);
  }
}

const TERMS = text(
  '加入后，您在本场比赛的第一笔单关注单（{currency}）若输，将按输掉的本金退还，最高 {cap} {currency}，于结算时入账。',
  '加入後，您在本場比賽的第一筆單關注單（{currency}）若輸，將按輸掉的本金退還，最高 {cap} {currency}，於結算時入帳。',
  'After joining, your first single bet on this match (in {currency}) is covered: if it loses, the stake it lost is refunded at settlement, up to {cap} {currency}.',
  'Sau khi tham gia, cược đơn đầu tiên của bạn cho trận này (bằng {currency}) được bảo hiểm: nếu thua, tiền cược bị mất được hoàn lại khi thanh toán, tối đa {cap} {currency}.',
  'หลังเข้าร่วม เดิมพันเดี่ยวแรกของคุณในแมตช์นี้ (เป็น {currency}) จะได้รับความคุ้มครอง: หากแพ้ จะคืนเงินเดิมพันที่เสียตอนชำระผล สูงสุด {cap} {currency}',
);

/** Orders the book took: a rejected or cancelled bet was refunded and is no first bet. */
const TAKEN = [OrderStatus.Confirmed, OrderStatus.ReserveCashOut, OrderStatus.Settled, OrderStatus.CashOut];
const REFUSED = [OrderStatus.Rejected, OrderStatus.Canceled];

type Executor = Kysely<Database> | Transaction<Database>;

export interface FirstBetCover {
  /** The offer of a room for the member: terms, eligibility and their coverage on the room's match. */
  offer(memberId: number, currency: Currency, room: Anchor, lang: Lang): Promise<FirstBetOffer>;
  /** Joins the room's offer; joining the same room again answers the offer as it stands. */
  join(memberId: number, currency: Currency, room: Anchor, lang: Lang): Promise<FirstBetOffer>;
  /** The settlement hook: covers the first bets among the orders just settled. */
  settle(trx: Transaction<Database>, orders: readonly SettledOrder[], now: number): Promise<void>;
  /** The match ended: offers without a first bet lapse, ones whose first bet was cashed out are not covered. */
  close(matchId: number): Promise<void>;
}

export function createFirstBetCover({ db, clock, wallet }: { db: Kysely<Database>; clock: Clock; wallet: WalletService }): FirstBetCover {
  async function capMinor(currency: Currency): Promise<number> {
    const rates = await readExchangeRates(db);
    const to = rates[currency];
    if (to === undefined) throw new Error(`no exchange rate for ${currency}`);
    return toMinor(convert(new Decimal(FIRST_BET_CAP_CNY), rates.CNY ?? '1', to).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  }

  const coverOf = (executor: Executor, memberId: number, matchId: number) =>
    executor.selectFrom('first_bet_covers').selectAll().where('member_id', '=', memberId).where('match_id', '=', matchId).executeTakeFirst();

  /** The member's first single on the match after joining, in the offer's currency, that the book took. */
  async function firstBet(executor: Executor, cover: FirstBetCoverRow) {
    return executor
      .selectFrom('orders')
      .innerJoin('order_legs', 'order_legs.order_id', 'orders.id')
      .select(['orders.id', 'orders.status'])
      .where('orders.member_id', '=', Number(cover.member_id))
      .where('orders.bet_type', '=', BetType.Single)
      .where('orders.currency', '=', cover.currency)
      .where('orders.created_at', '>=', Number(cover.joined_at))
      .where('orders.status', 'in', TAKEN)
      .where('order_legs.match_id', '=', Number(cover.match_id))
      .orderBy('orders.created_at')
      .orderBy('orders.id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether the member bet on the match before (any order still standing with a leg on it). */
  async function betBefore(memberId: number, matchId: number): Promise<boolean> {
    const row = await db
      .selectFrom('orders')
      .innerJoin('order_legs', 'order_legs.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.member_id', '=', memberId)
      .where('orders.status', 'not in', REFUSED)
      .where('order_legs.match_id', '=', matchId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function reasonOf(memberId: number, room: Anchor, cover: FirstBetCoverRow | undefined): Promise<CoverReason | null> {
    if (cover) return Number(cover.live_room_id) === room.liveRoomId ? 'joined' : 'joinedElsewhere';
    if (room.liveStatus === LiveStatus.Ended) return 'roomEnded';
    if (await betBefore(memberId, room.matchId)) return 'alreadyBet';
    return null;
  }

  async function offer(memberId: number, currency: Currency, room: Anchor, lang: Lang): Promise<FirstBetOffer> {
    const cover = await coverOf(db, memberId, room.matchId);
    const cap = cover ? Number(cover.cap_minor) : await capMinor(currency);
    const capCurrency = cover?.currency ?? currency;
    const reason = await reasonOf(memberId, room, cover);
    return {
      liveRoomId: room.liveRoomId,
      matchId: room.matchId,
      offered: room.liveStatus !== LiveStatus.Ended,
      currency: capCurrency,
      capAmount: fromMinor(cap),
      terms: fill(TERMS, { cap: fromMinor(cap), currency: capCurrency })[lang],
      eligible: reason === null,
      reason,
      cover: cover
        ? {
            matchId: Number(cover.match_id),
            liveRoomId: Number(cover.live_room_id),
            status: cover.status as FirstBetCoverStatus,
            orderId: cover.order_id ?? (cover.status === FirstBetCoverStatus.Joined ? ((await firstBet(db, cover))?.id ?? null) : null),
            coverAmount: fromMinor(Number(cover.cover_minor)),
            joinedAt: Number(cover.joined_at),
          }
        : null,
    };
  }

  const REFUSALS: Record<CoverReason, (room: Anchor) => string> = {
    joined: () => '',
    joinedElsewhere: (room) => `liveRoomId: you joined the first-bet coverage of match ${room.matchId} in another room; one coverage per match`,
    roomEnded: (room) => `liveRoomId: room ${room.liveRoomId} has ended its broadcast; its offer is closed`,
    alreadyBet: (room) => `liveRoomId: you already bet on match ${room.matchId}; the coverage is for a first bet`,
  };

  /** Resolves a joined cover whose first bet is known, once (the update is guarded by the joined state). */
  async function resolve(trx: Transaction<Database>, cover: FirstBetCoverRow, orderId: string, status: FirstBetCoverStatus, coverMinor: number, now: number): Promise<void> {
    const moved = await trx
      .updateTable('first_bet_covers')
      .set({ status, order_id: orderId, cover_minor: coverMinor, modified_at: now })
      .where('id', '=', cover.id)
      .where('status', '=', FirstBetCoverStatus.Joined)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || coverMinor <= 0) return;
    await wallet.credit(trx, { memberId: Number(cover.member_id), asset: cover.currency as Currency, amountMinor: coverMinor, kind: 'first_bet_cover', refType: 'order', refId: orderId });
  }

  return {
    offer,

    async join(memberId, currency, room, lang) {
      const cover = await coverOf(db, memberId, room.matchId);
      const reason = await reasonOf(memberId, room, cover);
      if (reason !== null && reason !== 'joined') throw new CoverRefused(reason, REFUSALS[reason](room));
      if (!cover) {
        const now = clock.now();
        await db
          .insertInto('first_bet_covers')
          .values({
            member_id: memberId,
            live_room_id: room.liveRoomId,
            match_id: room.matchId,
            currency,
            cap_minor: await capMinor(currency),
            status: FirstBetCoverStatus.Joined,
            order_id: null,
            cover_minor: 0,
            joined_at: now,
            modified_at: now,
          })
          .onConflict((oc) => oc.columns(['member_id', 'match_id']).doNothing())
          .execute();
      }
      return offer(memberId, currency, room, lang);
    },

    async settle(trx, orders, now) {
      const singles = new Map(orders.filter((o) => o.betType === BetType.Single).map((o) => [o.orderId, o]));
      if (singles.size === 0) return;
      const members = new Set([...singles.values()].map((o) => o.memberId));
      // One look-up for the batch: settlement runs in batches of thousands of orders, few of them covered.
      const open = await trx
        .selectFrom('first_bet_covers')
        .selectAll()
        .where('match_id', 'in', [...new Set([...singles.values()].flatMap((o) => o.matchIds))])
        .where('status', '=', FirstBetCoverStatus.Joined)
        .execute();
      for (const cover of open) {
        if (!members.has(Number(cover.member_id))) continue;
        const first = await firstBet(trx, cover);
        if (!first) continue;
        const settled = singles.get(first.id);
        if (!settled) {
          if (first.status === OrderStatus.CashOut) await resolve(trx, cover, first.id, FirstBetCoverStatus.NotCovered, 0, now);
          continue;
        }
        const lost = settled.cashOutCount === 0 && (settled.result === BetResult.Lost || settled.result === BetResult.LoseReturn);
        const coverMinor = lost ? Math.min(settled.stakeMinor - settled.payoutMinor, Number(cover.cap_minor)) : 0;
        await resolve(trx, cover, first.id, coverMinor > 0 ? FirstBetCoverStatus.Covered : FirstBetCoverStatus.NotCovered, coverMinor, now);
      }
    },

    async close(matchId) {
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const open = await trx.selectFrom('first_bet_covers').selectAll().where('match_id', '=', matchId).where('status', '=', FirstBetCoverStatus.Joined).execute();
        for (const cover of open) {
          const first = await firstBet(trx, cover);
          if (!first) {
            await trx
              .updateTable('first_bet_covers')
              .set({ status: FirstBetCoverStatus.Lapsed, modified_at: now })
              .where('id', '=', cover.id)
              .where('status', '=', FirstBetCoverStatus.Joined)
              .execute();
          } else if (first.status === OrderStatus.CashOut) await resolve(trx, cover, first.id, FirstBetCoverStatus.NotCovered, 0, now);
        }
      });
    },
  };
}
