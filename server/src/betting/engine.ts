import type { FastifyBaseLogger } from 'fastify';
import type { Feed, FeedChange, Market, MatchResult } from '../feed';
import { createCashOutService, type CashOutService } from './cashOut';
import { createEditBetService, type EditBetService } from './editBet';
import type { BettingDeps, OrderService } from './orders';
import { createOrderService } from './orderService';
import { createReservationService, type ReservationService } from './reservations';
import { createSettlementService, type SettlementService } from './settlement';

export interface BettingEngine {
  orders: OrderService;
  settlement: SettlementService;
  cashOut: CashOutService;
  reservations: ReservationService;
  editBet: EditBetService;
  /** Runs what is due now: the end of in-play delays (bets and cash outs). */
  tick(): Promise<void>;
  /** Resolves when the work queued so far (settlements, triggers, ticks) is done. */
  idle(): Promise<void>;
  /**
   * A new feed leader's catch-up (issue 19): after `before` (storing missing results), settles stored results not yet
   * applied, then runs what is due. Every step is a conditional update, so a catch-up never pays twice.
   */
  catchUp(before?: () => Promise<void>): Promise<void>;
  /** Starts the real-time loop; tests leave it off and call tick(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

/**
 * The betting engine: orders, acceptance, settlement, cash out and pre-bets on one serial work queue, fed by the
 * feed's changes (dangerous events, odds moves, results) and a loop for delays. Serial on purpose: SQLite has one
 * writer, and ordering settlement after the acceptance of the same match keeps every transition simple to reason
 * about.
 */
export function createBettingEngine(
  deps: BettingDeps,
  options: {
    log: FastifyBaseLogger;
    loadResult: (matchId: number) => Promise<MatchResult | undefined>;
    /** The feed changes that drive side effects; default all of the feed's (several instances: the leader's only). */
    changes?: Feed['on'];
    /** Whether this instance runs acceptance, settlement and triggers now (several instances: the feed leader). */
    isLeader?: () => boolean;
  },
): BettingEngine {
  const isLeader = options.isLeader ?? (() => true);
  const orders = createOrderService(deps);
  const settlement = createSettlementService(deps, options.loadResult);
  const cashOut = createCashOutService(deps, orders);
  const reservations = createReservationService(deps, orders);
  const editBet = createEditBetService(deps, orders, cashOut);
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function enqueue(what: string, job: () => Promise<unknown>): Promise<void> {
    queue = queue.then(job).then(
      () => undefined,
      (error: unknown) => options.log.error({ err: error }, `betting: ${what} failed`),
    );
    return queue;
  }

  // Gated although two instances' passes would not pay twice (accept is a conditional update, a cash out's end holds
  // the order's row): one instance accepting keeps the in-play delay's danger check on the feed that saw the events.
  const tick = () =>
    enqueue('acceptance', async () => {
      if (!isLeader()) return;
      await orders.processDue();
      await cashOut.processDue();
      await reservations.expire();
    });

  // Odds moves waiting for the queue, coalesced: at a high FEED_SPEED every live match is repriced on every tick, and
  // one job per move (a database query each, a network round trip on PostgreSQL) grew the queue faster than it ran,
  // holding settlement back for minutes. One pending job takes every move that arrives before it runs; the triggers
  // read the feed's current market anyway, so a market moved twice is checked once, at its latest price.
  let movedMarkets: Market[] = [];
  const onOddsMoved = (markets: readonly Market[]) => {
    if (movedMarkets.length === 0) {
      // Both jobs check the batch the first one takes; a move after that starts the next pair.
      let batch: Market[] = [];
      void enqueue('pre-bet triggers', () => {
        batch = movedMarkets;
        movedMarkets = [];
        return reservations.onOdds(batch);
      });
      void enqueue('auto cash outs', () => cashOut.onOdds(batch));
    }
    movedMarkets.push(...markets);
  };

  // Dangers are noted on every instance (memory only): a follower promoted mid-delay still knows them.
  const stopDanger = deps.feed.on((change: FeedChange) => {
    if (change.kind === 'event' && change.event.dangerous) orders.noteDanger(change.matchId);
  });
  const stopFeed = (options.changes ?? ((listener) => deps.feed.on(listener)))((change: FeedChange) => {
    if (change.kind === 'ended') void enqueue(`settlement of match ${change.matchId}`, () => settlement.settleMatch(change.result));
    else if (change.kind === 'odds') onOddsMoved(change.markets);
  });

  return {
    orders,
    settlement,
    cashOut,
    reservations,
    editBet,
    tick,
    idle: () => queue,
    catchUp(before) {
      if (before) void enqueue('missing results', before);
      void enqueue('stored results', () => settlement.settleStored());
      return tick();
    },
    start(intervalMs) {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopFeed();
      stopDanger();
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
  };
}
