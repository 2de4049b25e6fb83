import type { Kysely, Selectable, Transaction } from 'kysely';
import { EconomyError, FairAlgorithm, type FairProof } from '../../../../contract/economy';
import { ActivityKind, ActivityStatus } from '../../../../contract/enums';
import type { Activity } from '../../../../contract/liveRoom';
import type { WalletService } from '../../betting/wallet';
import type { ChatService } from '../../chat/service';
import type { Database, LiveEventsTable } from '../../db/schema';
import { text, type Lang, type Text } from '../../feed/i18n';
import { ApiError } from '../../http/envelope';
import type { PushHub } from '../../push/hub';
import type { Coins } from '../coins';
import type { EconomyConfig } from '../config';
import { seedOf, type FairSecrets } from '../fair';

/**
 * What every kind of room event shares (spec 001 sections 3 and 4: kinds 1, 3, 4; states 0, 1, 2): the services the
 * events run on, the event row and how it is read, its fair seed, and `EventKind`, the steps of the row's lifecycle
 * (lifecycle.ts) that each kind's module fills in: the red-envelope rain (redEnvelopeRain.ts), the live lottery
 * (liveLottery.ts) and the answer lottery (answerLottery.ts), both lotteries drawn by lotteryDraw.ts. The one piece
 * of state they share, the derived seeds, lives in the context object made here, not in a module.
 */

export type EventRow = Selectable<LiveEventsTable>;
export type Kind = (typeof ActivityKind)[keyof typeof ActivityKind];

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

export const LOTTERY_KINDS: readonly number[] = [ActivityKind.LiveLottery, ActivityKind.AnswerLottery];
/** Winners (a rain: large envelopes) shown on the marquee per event: the room sees a few, the win list has them all. */
export const MARQUEE_PER_DRAW = 10;

const DEFAULT_TITLES: Readonly<Record<Kind, Text>> = {
  [ActivityKind.LiveLottery]: text('直播抽奖', '直播抽獎', 'Live lottery', 'Xổ số trực tiếp', 'ลุ้นรางวัลสด'),
  [ActivityKind.RedEnvelopeRain]: text('红包雨', '紅包雨', 'Red envelope rain', 'Mưa lì xì', 'ฝนอั่งเปา'),
  [ActivityKind.AnswerLottery]: text('答题抽奖', '答題抽獎', 'Answer lottery', 'Xổ số trả lời', 'ตอบคำถามลุ้นรางวัล'),
};

export const titleOf = (row: Pick<EventRow, 'title' | 'kind'>, lang: Lang) => row.title || DEFAULT_TITLES[row.kind as Kind][lang];
export const optionsOf = (row: Pick<EventRow, 'options_json'>): string[] => JSON.parse(row.options_json) as string[];
export const statusOf = (row: EventRow) => row.status as Activity['status'];

export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e.message ?? '');
};

export const refuse = (status: number, code: number, message: string) => new ApiError(status, code, message);

/** What announcing an event tells the room whatever its kind (the started pushes add the kind's own fields). */
export interface StartedBase {
  roomId: number;
  recordId: number;
  status: 0 | 1;
  startTime: number;
  endTime: number;
  seedHash: string;
  now: number;
}

/** A kind's part of the fair proof (live/lottery/fair); the lifecycle adds what every event has. */
export type KindProof = Pick<FairProof, 'entries' | 'receipts' | 'winnerCount' | 'winners' | 'budget' | 'envelopes'>;

/** What a kind's module does at each step of the event row's lifecycle (lifecycle.ts runs the steps, in this order). */
export interface EventKind {
  /** Inside the transaction that inserts the event, once its seed exists (a rain splits its budget into envelopes). */
  made?(trx: Transaction<Database>, row: EventRow, seed: string): Promise<void>;
  /** The event just opened, before the room hears of it (an answer lottery asks its question in the chat). */
  opened?(row: EventRow): Promise<void>;
  /** The room hears of the event, announced (state 0) or open (1): the kind's started push. */
  announce(row: EventRow, base: StartedBase): void;
  /**
   * Inside the transaction that marked the event finished and revealed its seed: the kind's writes (a lottery's draw,
   * its win records and rewards, dated `at` on the platform clock). Answers what tells the room, run once that
   * transaction committed.
   */
  close(trx: Transaction<Database>, row: EventRow, seed: string, at: number): Promise<() => Promise<void>>;
  proof(row: EventRow, finished: boolean): Promise<KindProof>;
}

/** The services, the row readers and the fair seeds every kind's module is made with. */
export interface EventsContext extends EventsDeps {
  eventById(recordId: number): Promise<EventRow | undefined>;
  /** An event of the room of one of the kinds; 404 naming recordId otherwise (another room's event is unknown here). */
  eventOf(recordId: number, roomId: number, kinds: readonly number[]): Promise<EventRow>;
  /** The room's current event of the kinds: the open or announced one, else the latest finished one. */
  currentOf(roomId: number, kinds: readonly number[]): Promise<EventRow | undefined>;
  isOpen(row: EventRow, t?: number): boolean;
  /** 409 unless the event is open now, saying when it opens or that it has finished. */
  requireOpen(row: EventRow): void;
  /**
   * The event's seed: stored for a v1 event; for a v2 event derived from the fair secret (the database holds only its
   * hash until the reveal), and checked against that hash so a wrong secret never draws.
   */
  seedFor(row: EventRow): Promise<string>;
  /** Drops a finished event's derived seed. */
  forgetSeed(recordId: number): void;
}

export function createEventsContext(deps: EventsDeps): EventsContext {
  const { db, now, fairSecrets } = deps;
  /** v2 seeds of open rains, derived once: every receive needs one for its ticket. */
  const derivedSeeds = new Map<number, string>();

  const eventById = (recordId: number) => db.selectFrom('live_events').selectAll().where('id', '=', recordId).executeTakeFirst();
  const isOpen = (row: EventRow, t = now()) => row.status !== ActivityStatus.Finished && Number(row.start_time) <= t && t < Number(row.end_time);

  return {
    ...deps,
    eventById,
    isOpen,

    async eventOf(recordId, roomId, kinds) {
      const row = await eventById(recordId);
      if (!row || Number(row.room_id) !== roomId || !kinds.includes(row.kind)) {
        throw refuse(404, EconomyError.EventNotFound, `recordId: no ${kinds.includes(ActivityKind.RedEnvelopeRain) ? 'rain' : 'lottery'} ${recordId} in room ${roomId}`);
      }
      return row;
    },

    async currentOf(roomId, kinds) {
      const open = await db.selectFrom('live_events').selectAll().where('room_id', '=', roomId).where('kind', 'in', kinds).where('status', '!=', ActivityStatus.Finished).orderBy('id', 'desc').executeTakeFirst();
      if (open) return open;
      return db.selectFrom('live_events').selectAll().where('room_id', '=', roomId).where('kind', 'in', kinds).orderBy('id', 'desc').executeTakeFirst();
    },

    requireOpen(row) {
      const t = now();
      if (isOpen(row, t)) return;
      const when = t < Number(row.start_time) ? `opens in ${Math.ceil((Number(row.start_time) - t) / 1000)} s` : 'has finished';
      throw refuse(409, EconomyError.EventNotOpen, `recordId: event ${row.id} ${when}`);
    },

    async seedFor(row) {
      if (row.algorithm === FairAlgorithm.V1) return row.server_seed;
      const known = derivedSeeds.get(Number(row.id));
      if (known !== undefined) return known;
      const seed = await seedOf(fairSecrets, Number(row.id), row.seed_hash);
      if (seed === undefined) throw new Error(`event ${row.id}: the fair secret does not give the seed it was announced with (FAIR_SECRET changed without FAIR_SECRET_PREVIOUS?)`);
      if (row.kind === ActivityKind.RedEnvelopeRain && row.status !== ActivityStatus.Finished) derivedSeeds.set(Number(row.id), seed);
      return seed;
    },

    forgetSeed(recordId) {
      derivedSeeds.delete(recordId);
    },
  };
}
