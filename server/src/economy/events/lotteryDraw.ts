import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { EconomyError, FairAlgorithm, RewardType, type LotteryInfo, type LotteryWin, type LotteryWinner } from '../../../../contract/economy';
import { EconomyChannel, type MemberCoinsPush, type Reward, type RoomEventPush } from '../../../../contract/economyPush';
import { ActivityKind, ActivityStatus } from '../../../../contract/enums';
import { readExchangeRates } from '../../betting/exchangeRates';
import type { Database } from '../../db/schema';
import { mapText, type Lang } from '../../feed/i18n';
import { COIN, fromMinor, isCurrency, Money, toMinor } from '../../money';
import { drawWinners, entriesHashOf } from '../fair';
import { LOTTERY_KINDS, MARQUEE_PER_DRAW, isUniqueViolation, optionsOf, refuse, statusOf, titleOf, type EventKind, type EventRow, type EventsContext, type Kind } from './context';

/**
 * What the two lottery kinds share (spec 001 section 4: the live lottery, kind 1, entered by voting, liveLottery.ts;
 * the answer lottery, kind 4, entered by answering, answerLottery.ts): the entries (one per member), the draw at the
 * end with its win records and rewards (coins, a title or a coupon) in the transaction that finishes the event, the
 * room's and the winners' pushes, and the lottery info, win and win list read by both. `kind()` makes a lottery
 * kind's lifecycle steps from its own extra ones, so the two kinds differ only in those.
 */
export function createLotteryDraw(ctx: EventsContext) {
  const { db, now, wallet, hub, coins, config } = ctx;

  function eventReward(row: EventRow): Reward {
    const type = row.reward_type as Reward['type'];
    if (type === RewardType.Title) return { type, amount: null, currency: null, titleId: Number(row.reward_title_id) };
    const amount = row.reward_amount_minor === null ? null : fromMinor(Number(row.reward_amount_minor));
    return { type, amount, currency: type === RewardType.Coin ? null : 'CNY', titleId: null };
  }

  function wonReward(row: { reward_type: number; amount_minor: number | null; currency: string | null; title_id: number | null }): Reward {
    return {
      type: row.reward_type as Reward['type'],
      amount: row.amount_minor === null ? null : fromMinor(Number(row.amount_minor)),
      currency: row.currency,
      titleId: row.title_id === null ? null : Number(row.title_id),
    };
  }

  /** Votes (or answers) per option of the event, every option listed. */
  async function voteCounts(eventId: number, optionCount: number): Promise<Array<{ option: number; votes: number }>> {
    const rows = await db.selectFrom('live_event_entries').select(['choice', sql<number>`count(*)`.as('n')]).where('event_id', '=', eventId).groupBy('choice').execute();
    const byChoice = new Map(rows.map((r) => [Number(r.choice), Number(r.n)]));
    return Array.from({ length: optionCount }, (_, option) => ({ option, votes: byChoice.get(option) ?? 0 }));
  }

  /** The member's choice in the event, if they entered. */
  const entryOf = (eventId: number, memberId: number) => db.selectFrom('live_event_entries').select('choice').where('event_id', '=', eventId).where('member_id', '=', memberId).executeTakeFirst();

  /** Enters the member with their choice: once per member (the unique index decides under any race). */
  async function enter(row: EventRow, memberId: number, choice: number): Promise<void> {
    try {
      await db.insertInto('live_event_entries').values({ event_id: Number(row.id), member_id: memberId, choice, created_at: now() }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(409, EconomyError.AlreadyEntered, `recordId: you already ${row.kind === ActivityKind.AnswerLottery ? 'answered' : 'voted'} in event ${row.id}`);
      throw error;
    }
  }

  /** The coupon's value in the winner's currency: the configured CNY through the exchange rate, half-up to the cent. */
  async function couponAmount(trx: Transaction<Database>, cnyMinor: number, currency: string): Promise<number> {
    // Read through the draw's transaction: the embedded SQLite has one connection, which the transaction holds.
    const rate = isCurrency(currency) ? (await readExchangeRates(trx))[currency] : undefined;
    if (rate === undefined) return cnyMinor;
    return Math.max(1, toMinor(new Money(fromMinor(cnyMinor)).dividedBy(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)));
  }

  /** Grants one winner's reward inside the draw's transaction; answers the win row's reward columns. */
  async function grant(trx: Transaction<Database>, row: EventRow, memberId: number, drawIndex: number, at: number) {
    const type = row.reward_type as Reward['type'];
    const win = { event_id: Number(row.id), member_id: memberId, draw_index: drawIndex, reward_type: type, amount_minor: null as number | null, currency: null as string | null, title_id: null as number | null, coupon_id: null as number | null, created_at: at };
    if (type === RewardType.Coin) {
      win.amount_minor = Number(row.reward_amount_minor);
      await wallet.credit(trx, { memberId, asset: COIN, amountMinor: win.amount_minor, kind: 'lottery_prize', refType: 'live_event', refId: `${row.id}:${memberId}` });
    } else if (type === RewardType.Title) {
      win.title_id = Number(row.reward_title_id);
      await trx.insertInto('member_titles').values({ member_id: memberId, title_id: win.title_id, obtained_at: at }).onConflict((oc) => oc.columns(['member_id', 'title_id']).doNothing()).execute();
    } else {
      const member = await trx.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
      win.currency = member.currency;
      win.amount_minor = await couponAmount(trx, Number(row.reward_amount_minor), member.currency);
      const coupon = await trx
        .insertInto('member_coupons')
        .values({ member_id: memberId, type, amount_minor: win.amount_minor, currency: member.currency, event_id: Number(row.id), created_at: at, expires_at: at + config.couponDays * 86_400_000, used_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      win.coupon_id = Number(coupon.id);
    }
    await trx.insertInto('live_event_winners').values(win).execute();
    return win;
  }

  /** The entrants a lottery draws from: every voter (kind 1), or those who answered right (kind 4). */
  async function entrantsOf(executor: Kysely<Database> | Transaction<Database>, row: EventRow): Promise<number[]> {
    let query = executor.selectFrom('live_event_entries').select('member_id').where('event_id', '=', row.id);
    if (row.kind === ActivityKind.AnswerLottery) query = query.where('choice', '=', row.answer ?? -1);
    return (await query.orderBy('member_id').execute()).map((r) => Number(r.member_id));
  }

  /** The draw, inside the transaction that finished the lottery: the closed entry list, its hash, the winners rewarded. */
  async function draw(trx: Transaction<Database>, row: EventRow, seed: string, at: number) {
    // Entries closed at endTime: the draw is keyed with this exact list (v2), whose hash the proof publishes.
    const entrants = await entrantsOf(trx, row);
    const entriesHash = row.algorithm === FairAlgorithm.V1 ? null : await entriesHashOf(entrants);
    if (entriesHash !== null) await trx.updateTable('live_events').set({ entries_hash: entriesHash }).where('id', '=', row.id).execute();
    const winners = await drawWinners(row.algorithm as FairAlgorithm, seed, Number(row.id), entrants, row.winner_count);
    const wins = [];
    for (const [i, memberId] of winners.entries()) wins.push(await grant(trx, row, memberId, i, at));
    return { entrants, entriesHash, wins };
  }

  /** After the draw committed: the room hears the winners (a few on the marquee), each winner their reward. */
  async function announceDrawn(row: EventRow, seed: string, drawn: Awaited<ReturnType<typeof draw>>): Promise<void> {
    const roomId = Number(row.room_id);
    const recordId = Number(row.id);
    const names = new Map<number, string>();
    if (drawn.wins.length > 0) {
      const rows = await db.selectFrom('members').select(['id', 'nickname']).where('id', 'in', drawn.wins.map((w) => w.member_id)).execute();
      for (const r of rows) names.set(Number(r.id), r.nickname);
    }
    const winners = drawn.wins.map((w) => ({ uid: w.member_id, nickname: names.get(w.member_id) ?? '', reward: wonReward(w) }));
    hub.publish(EconomyChannel.room(roomId), {
      kind: 'lotteryDrawn',
      roomId,
      recordId,
      activityKind: row.kind as 1 | 4,
      entries: drawn.entrants.length,
      winners,
      seed,
      entriesHash: drawn.entriesHash,
      answer: row.kind === ActivityKind.AnswerLottery ? row.answer : null,
    } satisfies RoomEventPush);
    for (const w of winners.slice(0, MARQUEE_PER_DRAW)) {
      hub.publish(EconomyChannel.room(roomId), { kind: 'winMarquee', roomId, recordId, activityKind: row.kind as Kind, uid: w.uid, nickname: w.nickname, reward: w.reward, at: now() } satisfies RoomEventPush);
    }
    for (const w of winners) {
      hub.publish(EconomyChannel.memberCoins(w.uid), { kind: 'won', roomId, recordId, activityKind: row.kind as Kind, reward: w.reward } satisfies MemberCoinsPush);
      if (w.reward.type === RewardType.Coin) coins.publishBalance(w.uid, await wallet.getBalance(w.uid, COIN), 'reward', toMinor(w.reward.amount!));
    }
  }

  return {
    voteCounts,
    entryOf,
    enter,

    /** A lottery kind's lifecycle steps: its own `opened`, and what the room hears before the winners (`beforeDrawn`). */
    kind(own: { opened?: (row: EventRow) => Promise<void>; beforeDrawn?: (row: EventRow) => Promise<void> }): EventKind {
      return {
        ...(own.opened && { opened: own.opened }),
        announce(row, base) {
          hub.publish(EconomyChannel.room(base.roomId), { kind: 'lotteryStarted', ...base, activityKind: row.kind as 1 | 4, title: mapText((lang) => titleOf(row, lang)) } satisfies RoomEventPush);
        },
        async close(trx, row, seed, at) {
          const drawn = await draw(trx, row, seed, at);
          return async () => {
            await own.beforeDrawn?.(row);
            await announceDrawn(row, seed, drawn);
          };
        },
        async proof(row, finished) {
          const winners = finished ? (await db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', row.id).orderBy('draw_index').execute()).map((w) => Number(w.member_id)) : [];
          return { entries: finished ? await entrantsOf(db, row) : [], receipts: [], winnerCount: row.winner_count, winners, budget: null, envelopes: [] };
        },
      };
    },

    /** The room's current lottery of either kind (live/lottery/startInfo). */
    async info(roomId: number, memberId: number | undefined, lang: Lang): Promise<LotteryInfo | null> {
      const row = await ctx.currentOf(roomId, LOTTERY_KINDS);
      if (!row) return null;
      const finished = row.status === ActivityStatus.Finished;
      const mine = memberId === undefined ? undefined : await entryOf(Number(row.id), memberId);
      // An answer lottery's counts would tell the right answer away while it is open.
      const hideCounts = row.kind === ActivityKind.AnswerLottery && !finished;
      const counts = await voteCounts(Number(row.id), optionsOf(row).length);
      return {
        recordId: Number(row.id),
        roomId,
        matchId: Number(row.match_id),
        kind: row.kind as 1 | 4,
        status: statusOf(row),
        title: titleOf(row, lang),
        question: row.question,
        options: optionsOf(row).map((o, option) => ({ option, text: o, votes: hideCounts ? 0 : counts[option]!.votes })),
        startTime: Number(row.start_time),
        endTime: Number(row.end_time),
        winnerCount: row.winner_count,
        reward: eventReward(row),
        entries: counts.reduce((sum, c) => sum + c.votes, 0),
        joined: mine !== undefined,
        myChoice: mine ? mine.choice : null,
        condition: row.kind === ActivityKind.AnswerLottery ? 'answer' : 'vote',
        messageId: row.message_id,
        seedHash: row.seed_hash,
        seed: finished ? row.server_seed || null : null,
        entriesHash: row.entries_hash,
        answer: finished && row.kind === ActivityKind.AnswerLottery ? row.answer : null,
        now: now(),
      };
    },

    async win(memberId: number, roomId: number, recordId: number): Promise<LotteryWin> {
      const row = await ctx.eventOf(recordId, roomId, LOTTERY_KINDS);
      const entry = await entryOf(Number(row.id), memberId);
      const won = await db.selectFrom('live_event_winners').selectAll().where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
      return {
        recordId,
        kind: row.kind as Kind,
        status: statusOf(row),
        joined: entry !== undefined,
        won: won !== undefined,
        reward: won ? wonReward(won) : null,
        drawnAt: row.drawn_at === null ? null : Number(row.drawn_at),
      };
    },

    async winList(roomId: number): Promise<LotteryWinner[]> {
      const rows = await db
        .selectFrom('live_event_winners as w')
        .innerJoin('live_events as e', 'e.id', 'w.event_id')
        .innerJoin('members as m', 'm.id', 'w.member_id')
        .select(['w.event_id', 'e.kind', 'w.member_id', 'm.nickname', 'w.reward_type', 'w.amount_minor', 'w.currency', 'w.title_id', 'e.drawn_at', 'w.draw_index'])
        .where('e.room_id', '=', roomId)
        .orderBy('w.event_id', 'desc')
        .orderBy('w.draw_index', 'asc')
        .limit(50)
        .execute();
      return rows.map((r) => ({ recordId: Number(r.event_id), kind: r.kind as Kind, uid: Number(r.member_id), nickname: r.nickname, reward: wonReward(r), wonAt: Number(r.drawn_at) }));
    },
  };
}

export type LotteryDraw = ReturnType<typeof createLotteryDraw>;
