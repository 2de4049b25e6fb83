import Decimal from 'decimal.js';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  EconomyError,
  FAIR_ALGORITHM,
  FairAlgorithm,
  RewardType,
  type ApprovalInfo,
  type FairProof,
  type LotteryInfo,
  type LotteryWin,
  type LotteryWinner,
  type RedEnvelope,
  type RedEnvelopeReceived,
  type VoteInfo,
} from '../../../contract/economy';
import { EconomyChannel, type MemberCoinsPush, type Reward, type RoomEventPush } from '../../../contract/economyPush';
import { ActivityKind, ActivityStatus } from '../../../contract/enums';
import type { Activity } from '../../../contract/liveRoom';
import { readExchangeRates } from '../betting/exchangeRates';
import type { WalletService } from '../betting/wallet';
import type { ChatService } from '../chat/service';
import { nativeOf, type NativeStatement } from '../db/database';
import { lockKeys } from '../db/locks';
import type { Database, LiveEventsTable } from '../db/schema';
import { mapText, text, type Lang, type Text } from '../feed/i18n';
import { ApiError } from '../http/envelope';
import { COIN, fromMinor, isCurrency, Money, toMinor } from '../money';
import type { PushHub } from '../push/hub';
import type { Coins } from './coins';
import type { EconomyConfig, EventTemplate } from './config';
import { deriveSeed, drawWinners, entriesHashOf, rainTicket, seedHashOf, seedOf, splitRain, type FairSecrets } from './fair';

type EventRow = Selectable<LiveEventsTable>;
type Kind = (typeof ActivityKind)[keyof typeof ActivityKind];

/** The room an event runs in, as the anchors see it now. */
export interface EventRoom {
  liveRoomId: number;
  matchId: number;
  lang: Lang;
}

export interface EventsDeps {
  db: Kysely<Database>;
  /** The event clock: the feed's simulated time, so events keep pace with the matches at any FEED_SPEED. */
  now: () => number;
  /** The platform clock (ledger, coupons, daily limits). */
  clockNow: () => number;
  wallet: WalletService;
  hub: PushHub;
  coins: Coins;
  chat: ChatService;
  config: EconomyConfig;
  /** The key v2 seeds are derived from (never in the database: docs/operations.md "Fair draws"). */
  fairSecrets: FairSecrets;
  log: { error(obj: object, msg: string): void };
}

const DEFAULT_TITLES: Readonly<Record<Kind, Text>> = {
  [ActivityKind.LiveLottery]: text('直播抽奖', '直播抽獎', 'Live lottery', 'Xổ số trực tiếp', 'ลุ้นรางวัลสด'),
  [ActivityKind.RedEnvelopeRain]: text('红包雨', '紅包雨', 'Red envelope rain', 'Mưa lì xì', 'ฝนอั่งเปา'),
  [ActivityKind.AnswerLottery]: text('答题抽奖', '答題抽獎', 'Answer lottery', 'Xổ số trả lời', 'ตอบคำถามลุ้นรางวัล'),
};

const LOTTERY_KINDS: readonly number[] = [ActivityKind.LiveLottery, ActivityKind.AnswerLottery];
/** Winners shown on the marquee per draw: the room sees a few, the win list has them all. */
const MARQUEE_PER_DRAW = 10;
/** Vote counts go to the room at most this often while votes come in (simulated time would race at high FEED_SPEED). */
const VOTE_PUSH_MS = 1000;
/** A PostgreSQL receive whose chosen envelope another took first tries the next this many times. */
const RECEIVE_TRIES = 5;

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e.message ?? '');
};

const refuse = (status: number, code: number, message: string) => new ApiError(status, code, message);

const ALREADY = 'you already received an envelope of this rain';
const ALL_TAKEN = 'every envelope was taken';
/** A refusal that names no amount (issue 29: it told the member the size of the envelope it refused). */
const NO_ROOM = "today's receive limit leaves no room for the envelopes left in this rain";

/** `emptied`: this receive took the rain's last envelope (envelopes are not taken in index order: a member skips those above their limit). */
export type ReceiveResult = { ok: true; data: RedEnvelopeReceived; emptied: boolean } | { ok: false; why: string };

/**
 * Room events (spec 001 sections 3 and 4: kinds 1, 3, 4; states 0, 1, 2): red-envelope rains, live lotteries (members
 * enter by voting) and answer lotteries (members enter by answering; only right answers are drawn). An event is
 * announced with its seed hash (state 0 during the countdown), opens at startTime (1) and finishes at endTime (2),
 * when a lottery is drawn and the seed is revealed. `tick()` moves events through these states on the event clock,
 * whether anyone watches or not; every draw, its win records and every reward are one transaction.
 */
export function createEvents(deps: EventsDeps) {
  const { db, now, clockNow, wallet, hub, coins, chat, config, fairSecrets, log } = deps;
  const marqueeMinor = toMinor(config.marqueeCoins);
  const voteTimers = new Map<number, NodeJS.Timeout>();

  const titleOf = (row: Pick<EventRow, 'title' | 'kind'>, lang: Lang) => row.title || DEFAULT_TITLES[row.kind as Kind][lang];
  const optionsOf = (row: Pick<EventRow, 'options_json'>): string[] => JSON.parse(row.options_json) as string[];
  const statusOf = (row: EventRow) => row.status as Activity['status'];

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

  async function eventById(recordId: number): Promise<EventRow | undefined> {
    return db.selectFrom('live_events').selectAll().where('id', '=', recordId).executeTakeFirst();
  }

  /** v2 seeds of open rains, derived once: every receive needs one for its ticket. */
  const derivedSeeds = new Map<number, string>();
  /**
   * The event's seed: stored for a v1 event; for a v2 event derived from the fair secret (the database holds only its
   * hash until the reveal), and checked against that hash so a wrong secret never draws.
   */
  async function seedFor(row: EventRow): Promise<string> {
    if (row.algorithm === FairAlgorithm.V1) return row.server_seed;
    const known = derivedSeeds.get(Number(row.id));
    if (known !== undefined) return known;
    const seed = await seedOf(fairSecrets, Number(row.id), row.seed_hash);
    if (seed === undefined) throw new Error(`event ${row.id}: the fair secret does not give the seed it was announced with (FAIR_SECRET changed without FAIR_SECRET_PREVIOUS?)`);
    if (row.kind === ActivityKind.RedEnvelopeRain && row.status !== ActivityStatus.Finished) derivedSeeds.set(Number(row.id), seed);
    return seed;
  }

  /** An event of the room of one of the kinds; 404 naming recordId otherwise (another room's event is unknown here). */
  async function eventOf(recordId: number, roomId: number, kinds: readonly number[]): Promise<EventRow> {
    const row = await eventById(recordId);
    if (!row || Number(row.room_id) !== roomId || !kinds.includes(row.kind)) {
      throw refuse(404, EconomyError.EventNotFound, `recordId: no ${kinds.includes(ActivityKind.RedEnvelopeRain) ? 'rain' : 'lottery'} ${recordId} in room ${roomId}`);
    }
    return row;
  }

  /** The room's current event of the kinds: the open or announced one, else the latest finished one. */
  async function currentOf(roomId: number, kinds: readonly number[]): Promise<EventRow | undefined> {
    const open = await db.selectFrom('live_events').selectAll().where('room_id', '=', roomId).where('kind', 'in', kinds).where('status', '!=', ActivityStatus.Finished).orderBy('id', 'desc').executeTakeFirst();
    if (open) return open;
    return db.selectFrom('live_events').selectAll().where('room_id', '=', roomId).where('kind', 'in', kinds).orderBy('id', 'desc').executeTakeFirst();
  }

  const isOpen = (row: EventRow, t = now()) => row.status !== ActivityStatus.Finished && Number(row.start_time) <= t && t < Number(row.end_time);

  function requireOpen(row: EventRow): void {
    const t = now();
    if (isOpen(row, t)) return;
    const when = t < Number(row.start_time) ? `opens in ${Math.ceil((Number(row.start_time) - t) / 1000)} s` : 'has finished';
    throw refuse(409, EconomyError.EventNotOpen, `recordId: event ${row.id} ${when}`);
  }

  function publishStarted(row: EventRow): void {
    const base = { roomId: Number(row.room_id), recordId: Number(row.id), status: row.status === ActivityStatus.NotStarted ? 0 : 1, startTime: Number(row.start_time), endTime: Number(row.end_time), seedHash: row.seed_hash, now: now() } as const;
    if (row.kind === ActivityKind.RedEnvelopeRain) {
      hub.publish(EconomyChannel.room(base.roomId), { kind: 'rainStarted', ...base, startCountDownTime: Number(row.countdown_at), envelopeCount: Number(row.envelope_count) } satisfies RoomEventPush);
    } else {
      hub.publish(EconomyChannel.room(base.roomId), { kind: 'lotteryStarted', ...base, activityKind: row.kind as 1 | 4, title: mapText((lang) => titleOf(row, lang)) } satisfies RoomEventPush);
    }
  }

  async function voteCounts(eventId: number, optionCount: number): Promise<Array<{ option: number; votes: number }>> {
    const rows = await db.selectFrom('live_event_entries').select(['choice', sql<number>`count(*)`.as('n')]).where('event_id', '=', eventId).groupBy('choice').execute();
    const byChoice = new Map(rows.map((r) => [Number(r.choice), Number(r.n)]));
    return Array.from({ length: optionCount }, (_, option) => ({ option, votes: byChoice.get(option) ?? 0 }));
  }

  async function publishVotes(row: EventRow, final: boolean): Promise<void> {
    const options = await voteCounts(Number(row.id), optionsOf(row).length);
    hub.publish(EconomyChannel.room(Number(row.room_id)), {
      kind: 'voteResults',
      roomId: Number(row.room_id),
      recordId: Number(row.id),
      options,
      total: options.reduce((sum, o) => sum + o.votes, 0),
      final,
    } satisfies RoomEventPush);
  }

  /** An event just opened: the room hears of it; an answer lottery asks its question in the chat. */
  async function opened(row: EventRow): Promise<void> {
    if (row.kind === ActivityKind.AnswerLottery && row.message_id === null) {
      const message = await chat.postNotice(Number(row.room_id), { type: 'answerLottery', recordId: Number(row.id), title: mapText((lang) => titleOf(row, lang)), question: row.question, options: optionsOf(row) });
      await db.updateTable('live_events').set({ message_id: message.id }).where('id', '=', row.id).execute();
    }
    publishStarted(row);
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

  /** Ends an event once: a lottery is drawn and rewarded in the same transaction that marks it finished. */
  async function finish(row: EventRow): Promise<void> {
    const at = clockNow();
    const seed = await seedFor(row);
    const result = await db.transaction().execute(async (trx) => {
      // The reveal: the seed is written to the row only now.
      const claimed = await trx.updateTable('live_events').set({ status: ActivityStatus.Finished, drawn_at: now(), server_seed: seed }).where('id', '=', row.id).where('status', '!=', ActivityStatus.Finished).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      if (!LOTTERY_KINDS.includes(row.kind)) return { entrants: [] as number[], entriesHash: null, wins: [] as Array<Awaited<ReturnType<typeof grant>>> };
      // Entries closed at endTime: the draw is keyed with this exact list (v2), whose hash the proof publishes.
      const entrants = await entrantsOf(trx, row);
      const entriesHash = row.algorithm === FairAlgorithm.V1 ? null : await entriesHashOf(entrants);
      if (entriesHash !== null) await trx.updateTable('live_events').set({ entries_hash: entriesHash }).where('id', '=', row.id).execute();
      const winners = await drawWinners(row.algorithm as FairAlgorithm, seed, Number(row.id), entrants, row.winner_count);
      const wins = [];
      for (const [i, memberId] of winners.entries()) wins.push(await grant(trx, row, memberId, i, at));
      return { entrants, entriesHash, wins };
    });
    derivedSeeds.delete(Number(row.id));
    if (!result) return;
    overRains.add(Number(row.id));
    rainRows.delete(Number(row.id));
    admissions.delete(Number(row.id));
    const roomId = Number(row.room_id);
    const recordId = Number(row.id);
    if (row.kind === ActivityKind.RedEnvelopeRain) {
      const taken = await db.selectFrom('red_envelopes').select(sql<number>`count(*)`.as('n')).where('event_id', '=', row.id).where('member_id', 'is not', null).executeTakeFirst();
      hub.publish(EconomyChannel.room(roomId), { kind: 'rainEnded', roomId, recordId, envelopeCount: Number(row.envelope_count), received: Number(taken?.n ?? 0), seed } satisfies RoomEventPush);
      return;
    }
    const names = new Map<number, string>();
    if (result.wins.length > 0) {
      const rows = await db.selectFrom('members').select(['id', 'nickname']).where('id', 'in', result.wins.map((w) => w.member_id)).execute();
      for (const r of rows) names.set(Number(r.id), r.nickname);
    }
    const winners = result.wins.map((w) => ({ uid: w.member_id, nickname: names.get(w.member_id) ?? '', reward: wonReward(w) }));
    if (row.kind === ActivityKind.LiveLottery) {
      clearTimeout(voteTimers.get(recordId));
      voteTimers.delete(recordId);
      await publishVotes(row, true);
    }
    hub.publish(EconomyChannel.room(roomId), {
      kind: 'lotteryDrawn',
      roomId,
      recordId,
      activityKind: row.kind as 1 | 4,
      entries: result.entrants.length,
      winners,
      seed,
      entriesHash: result.entriesHash,
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
  async function takeEnvelope(row: EventRow, memberId: number, ticket: number): Promise<ReceiveResult> {
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
  }

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

  return {
    /** Opens and finishes what is due on the event clock; resolves when done (tests await it). */
    tick(): Promise<void> {
      return enqueue('tick', runDue);
    },

    /** Resolves when the queued jobs are done. */
    idle(): Promise<void> {
      return queue;
    },

    stop(): void {
      for (const timer of voteTimers.values()) clearTimeout(timer);
      voteTimers.clear();
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

    async redEnvelope(roomId: number, memberId: number): Promise<RedEnvelope | null> {
      const row = await currentOf(roomId, [ActivityKind.RedEnvelopeRain]);
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
      const row = cached && Number(cached.room_id) === roomId ? cached : await eventOf(recordId, roomId, [ActivityKind.RedEnvelopeRain]);
      if (!isOpen(row)) return { ok: false, why: now() < Number(row.start_time) ? 'the rain has not started' : 'the rain has finished' };
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
        const ticket = row.algorithm === FairAlgorithm.V1 ? 0 : await rainTicket(await seedFor(row), recordId, memberId, Number(row.envelope_count));
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
      if (outcome.emptied) void enqueue('rain emptied', () => finish(row));
      return outcome;
    },

    async lotteryInfo(roomId: number, memberId: number | undefined, lang: Lang): Promise<LotteryInfo | null> {
      const row = await currentOf(roomId, LOTTERY_KINDS);
      if (!row) return null;
      const finished = row.status === ActivityStatus.Finished;
      const mine = memberId === undefined ? undefined : await db.selectFrom('live_event_entries').select('choice').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
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
      const row = await eventOf(recordId, roomId, LOTTERY_KINDS);
      const entry = await db.selectFrom('live_event_entries').select('choice').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
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

    async voteInfo(roomId: number, memberId: number): Promise<VoteInfo | null> {
      const row = await currentOf(roomId, [ActivityKind.LiveLottery]);
      if (!row) return null;
      const options = await voteCounts(Number(row.id), optionsOf(row).length);
      const mine = await db.selectFrom('live_event_entries').select('choice').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
      const texts = optionsOf(row);
      return {
        recordId: Number(row.id),
        roomId,
        status: statusOf(row),
        question: row.question,
        options: options.map((o) => ({ ...o, text: texts[o.option]! })),
        total: options.reduce((sum, o) => sum + o.votes, 0),
        myVote: mine ? mine.choice : null,
        endTime: Number(row.end_time),
        now: now(),
      };
    },

    /** Enters a live lottery with a vote: once per member, while it is open, for one of its options. */
    async vote(memberId: number, roomId: number, recordId: number, choice: number) {
      const row = await eventOf(recordId, roomId, [ActivityKind.LiveLottery]);
      requireOpen(row);
      const texts = optionsOf(row);
      if (choice >= texts.length) throw refuse(422, EconomyError.BadOption, `voteResult: expected an option 0-${texts.length - 1}, got ${choice}`);
      await enter(row, memberId, choice);
      if (!voteTimers.has(recordId)) {
        const timer = setTimeout(() => {
          voteTimers.delete(recordId);
          void publishVotes(row, false).catch((error: unknown) => log.error({ err: error }, 'vote counts not published'));
        }, VOTE_PUSH_MS);
        timer.unref?.();
        voteTimers.set(recordId, timer);
      }
      const options = await voteCounts(recordId, texts.length);
      return { recordId, voteResult: choice, options: options.map((o) => ({ ...o, text: texts[o.option]! })), total: options.reduce((sum, o) => sum + o.votes, 0) };
    },

    async approvalInfo(roomId: number, memberId: number): Promise<ApprovalInfo | null> {
      const row = await currentOf(roomId, [ActivityKind.AnswerLottery]);
      if (!row) return null;
      const finished = row.status === ActivityStatus.Finished;
      const counts = await voteCounts(Number(row.id), optionsOf(row).length);
      const mine = await db.selectFrom('live_event_entries').select('choice').where('event_id', '=', row.id).where('member_id', '=', memberId).executeTakeFirst();
      return {
        recordId: Number(row.id),
        roomId,
        matchId: Number(row.match_id),
        messageId: row.message_id ?? '',
        status: statusOf(row),
        question: row.question,
        options: optionsOf(row).map((o, option) => ({ option, text: o, votes: finished ? counts[option]!.votes : 0 })),
        myAnswer: mine ? mine.choice : null,
        answer: finished ? row.answer : null,
        endTime: Number(row.end_time),
        now: now(),
      };
    },

    /** Enters an answer lottery: the answer to the question the room's open answer lottery asked in `messageId`. */
    async approve(memberId: number, roomId: number, matchId: number, messageId: string, choice: number) {
      const row = await currentOf(roomId, [ActivityKind.AnswerLottery]);
      if (!row || row.message_id !== messageId) throw refuse(404, EconomyError.EventNotFound, `messageId: ${messageId} is not the question of an answer lottery in room ${roomId}`);
      if (Number(row.match_id) !== matchId) throw refuse(422, EconomyError.NotEligible, `matchId: the answer lottery is on match ${row.match_id}, got ${matchId}`);
      requireOpen(row);
      const texts = optionsOf(row);
      if (choice >= texts.length) throw refuse(422, EconomyError.BadOption, `approvalResult: expected an answer 0-${texts.length - 1}, got ${choice}`);
      await enter(row, memberId, choice);
      return { recordId: Number(row.id), approvalResult: choice };
    },

    async proof(recordId: number): Promise<FairProof> {
      const row = await eventById(recordId);
      if (!row) throw refuse(404, EconomyError.EventNotFound, `recordId: no event ${recordId}`);
      const finished = row.status === ActivityStatus.Finished;
      const base = { recordId, kind: row.kind as Kind, status: statusOf(row), algorithm: row.algorithm as FairAlgorithm, seedHash: row.seed_hash, seed: finished ? row.server_seed || null : null, entriesHash: row.entries_hash };
      if (row.kind === ActivityKind.RedEnvelopeRain) {
        const envelopes = await db.selectFrom('red_envelopes').select(['idx', 'amount_minor', 'member_id', 'seq']).where('event_id', '=', row.id).orderBy('idx').execute();
        const taken = envelopes.filter((e) => e.member_id !== null);
        return {
          ...base,
          entries: finished ? taken.map((e) => Number(e.member_id)) : [],
          receipts: finished
            ? taken.map((e) => ({ uid: Number(e.member_id), envelopeIndex: Number(e.idx), seq: Number(e.seq ?? 0) })).sort((a, b) => a.seq - b.seq || a.envelopeIndex - b.envelopeIndex)
            : [],
          winnerCount: 0,
          winners: [],
          budget: fromMinor(Number(row.budget_minor)),
          envelopes: finished ? envelopes.map((e) => fromMinor(Number(e.amount_minor))) : [],
        };
      }
      const winners = finished ? (await db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', row.id).orderBy('draw_index').execute()).map((w) => Number(w.member_id)) : [];
      return { ...base, entries: finished ? await entrantsOf(db, row) : [], receipts: [], winnerCount: row.winner_count, winners, budget: null, envelopes: [] };
    },
  };

  async function enter(row: EventRow, memberId: number, choice: number): Promise<void> {
    try {
      await db.insertInto('live_event_entries').values({ event_id: Number(row.id), member_id: memberId, choice, created_at: now() }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(409, EconomyError.AlreadyEntered, `recordId: you already ${row.kind === ActivityKind.AnswerLottery ? 'answered' : 'voted'} in event ${row.id}`);
      throw error;
    }
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
        if (t.kind === ActivityKind.RedEnvelopeRain) {
          const amounts = await splitRain(seed, Number(row.id), values.budget_minor!, values.envelope_count!);
          // An envelope no member may take would never be paid (issue 29): such a rain is not started.
          if (amounts.reduce((most, a) => Math.max(most, a), 0) > coins.limits.receive) {
            throw new ApiError(
              422,
              EconomyError.DailyLimit,
              `budget: split into ${values.envelope_count} envelopes, ${fromMinor(values.budget_minor!)} coins make one of more than the daily receive limit of ${fromMinor(coins.limits.receive)}, which no member could take; give more envelopes or a smaller budget`,
            );
          }
          for (let i = 0; i < amounts.length; i += 500) {
            await trx.insertInto('red_envelopes').values(amounts.slice(i, i + 500).map((amount_minor, j) => ({ event_id: Number(row.id), idx: i + j, amount_minor, member_id: null, received_at: null }))).execute();
          }
        }
        return { row };
      });
      return made;
    } catch (error) {
      // Another instance started the same slot first.
      if (sourceKey !== null && isUniqueViolation(error)) return { row: undefined };
      throw error;
    }
  }
}

export type Events = ReturnType<typeof createEvents>;
