import { sql, type Kysely } from 'kysely';
import { ECONOMY_PATHS, EconomyError, type Gift, type GiftPresent, type GiftRank } from '../../../contract/economy';
import { EconomyChannel, type RoomEventPush } from '../../../contract/economyPush';
import { InsufficientFunds, type WalletService } from '../betting/wallet';
import type { ChatService } from '../chat/service';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { Lang } from '../feed';
import { ApiError } from '../http/envelope';
import { COIN, fromMinor, toMinor } from '../money';
import type { PushHub } from '../push/hub';
import type { Coins } from './coins';
import { DEFAULT_GIFTS, type EconomyConfig, type GiftConfig } from './config';
import { GIFT_ART } from './giftArt';
import { escapeXml } from '../routes/media/crest';

export interface GiftsDeps {
  db: Kysely<Database>;
  clock: Clock;
  wallet: WalletService;
  hub: PushHub;
  coins: Coins;
  chat: ChatService;
  config: EconomyConfig;
  log: { error(obj: object, msg: string): void };
}

/** A room's broadcast as a present needs it: the anchor and the match. */
export interface PresentRoom {
  liveRoomId: number;
  hostId: number;
  matchId: number;
}


/**
 * Gifts (spec 001 "Gift message", live/load/gift, live/submit/gift/present, live/room/gift/top10): the catalogue from
 * config, presents that debit the sender's coins and credit the anchor's tally in one transaction (the daily spend
 * limit counted in it too), and the room's ranking of senders. A present is shown to the room twice: a room event on
 * `live:room:<id>` for the stage animation and an `act` chat message for the chat (a notice each viewer's app words in their language).
 */
export function createGifts({ db, clock, wallet, hub, coins, chat, config, log }: GiftsDeps) {
  const catalogue: readonly GiftConfig[] = [...(config.gifts ?? DEFAULT_GIFTS)].sort((a, b) => a.sort - b.sort || a.giftId - b.giftId);
  const byId = new Map(catalogue.map((g) => [g.giftId, g]));

  return {
    list(lang: Lang): Gift[] {
      return catalogue.map((g) => ({ giftId: g.giftId, name: g.name[lang], icon: `${ECONOMY_PATHS.giftIcon}/${g.giftId}.svg`, price: g.price, animation: g.animation, sort: g.sort }));
    },

    /**
     * The icon as SVG: the gift's drawn picture (GIFT_ART, by its glyph) on a disc of the gift's colour; a glyph with
     * no picture is written as text (config values, escaped).
     */
    icon(giftId: number): string | undefined {
      const g = byId.get(giftId);
      if (!g) return undefined;
      const art = GIFT_ART[g.glyph];
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(g.name.ENG)}">` +
        `<circle cx="32" cy="32" r="30" fill="${g.color}"/>` +
        (art ? art(g.color) : `<text x="32" y="42" font-size="30" text-anchor="middle">${escapeXml(g.glyph)}</text>`) +
        '</svg>'
      );
    },

    async present(memberId: number, nickname: string, room: PresentRoom, giftId: number, count: number): Promise<GiftPresent> {
      const gift = byId.get(giftId);
      if (!gift) throw new ApiError(404, EconomyError.GiftNotFound, `giftId: no gift ${giftId} (live/load/gift lists them)`);
      const totalMinor = toMinor(gift.price) * count;
      const now = clock.now();
      let done: { id: number; balanceMinor: number; spentMinor: number };
      try {
        done = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('gift_presents')
            .values({ member_id: memberId, room_id: room.liveRoomId, host_id: room.hostId, match_id: room.matchId, gift_id: giftId, count, total_minor: totalMinor, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(row.id);
          const spentMinor = await coins.countAgainstLimit(trx, memberId, 'spend', totalMinor);
          const change = await wallet.debit(trx, { memberId, asset: COIN, amountMinor: totalMinor, kind: 'gift', refType: 'gift_present', refId: String(id) });
          await trx
            .insertInto('anchor_gift_tallies')
            .values({ host_id: room.hostId, coins_minor: totalMinor, gifts: count, updated_at: now })
            .onConflict((oc) =>
              oc.column('host_id').doUpdateSet((eb) => ({ coins_minor: eb('anchor_gift_tallies.coins_minor', '+', totalMinor), gifts: eb('anchor_gift_tallies.gifts', '+', count), updated_at: now })),
            )
            .execute();
          return { id, balanceMinor: change.balanceAfterMinor, spentMinor };
        });
      } catch (error) {
        if (error instanceof InsufficientFunds) {
          throw new ApiError(422, EconomyError.InsufficientBalance, `count: ${count} x ${gift.name.ENG} costs ${fromMinor(totalMinor)} coins, you have ${fromMinor(error.balanceMinor)}`);
        }
        throw error;
      }
      coins.publishBalance(memberId, done.balanceMinor, 'gift', -totalMinor);
      hub.publish(EconomyChannel.room(room.liveRoomId), {
        kind: 'gift',
        roomId: room.liveRoomId,
        presentId: done.id,
        giftId,
        count,
        uid: memberId,
        nickname,
        hostId: room.hostId,
        animation: gift.animation,
        total: fromMinor(totalMinor),
        createdAt: now,
      } satisfies RoomEventPush);
      // The chat line is the room's record of the gift, not part of the payment: a failure is logged, the coins stay spent.
      // A muted member's gift, one in a blocked chat, and gifts past chat.giftLines post none (issue 29).
      // Awaited, so the answer comes once the room's record is written (or known not to be).
      await chat.postGiftLine(memberId, room.liveRoomId, { type: 'gift', uid: memberId, nickname, giftId, giftName: gift.name, count }).catch((error: unknown) => log.error({ err: error }, 'gift chat message not posted'));
      return {
        presentId: done.id,
        giftId,
        count,
        hostId: room.hostId,
        roomId: room.liveRoomId,
        total: fromMinor(totalMinor),
        coinBalance: fromMinor(done.balanceMinor),
        spentToday: fromMinor(done.spentMinor),
        createdAt: now,
      };
    },

    /** The room's ten biggest senders by coins given (ties: the earlier sender first). */
    async top10(roomId: number): Promise<GiftRank[]> {
      const rows = await db
        .selectFrom('gift_presents as g')
        .innerJoin('members as m', 'm.id', 'g.member_id')
        .select(['g.member_id', 'm.nickname', 'm.vip_level', sql<number>`sum(g.total_minor)`.as('total'), sql<number>`sum(g.count)`.as('gifts'), sql<number>`min(g.id)`.as('first')])
        .where('g.room_id', '=', roomId)
        .groupBy(['g.member_id', 'm.nickname', 'm.vip_level'])
        .orderBy('total', 'desc')
        .orderBy('first', 'asc')
        .limit(10)
        .execute();
      return rows.map((r, i) => ({ rank: i + 1, uid: Number(r.member_id), nickname: r.nickname, vipLevel: Number(r.vip_level), total: fromMinor(Number(r.total)), gifts: Number(r.gifts) }));
    },

    /** The coins of gifts an anchor received. */
    async tally(hostId: number): Promise<{ coins: string; gifts: number }> {
      const row = await db.selectFrom('anchor_gift_tallies').select(['coins_minor', 'gifts']).where('host_id', '=', hostId).executeTakeFirst();
      return { coins: fromMinor(Number(row?.coins_minor ?? 0)), gifts: Number(row?.gifts ?? 0) };
    },
  };
}

export type Gifts = ReturnType<typeof createGifts>;
