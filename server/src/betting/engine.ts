import type { FastifyBaseLogger } from 'fastify';
import type { FeedChange, Market, MatchResult } from '../feed';
import { createCashOutService, type CashOutService } from './cashOut';
import { createOrderService, type BettingDeps, type OrderService } from './orders';
import { createReservationService, type ReservationService } from './reservations';
import { createSettlementService, type SettlementService } from './settlement';

export interface BettingEngine {
  orders: OrderService;
  settlement: SettlementService;
  cashOut: CashOutService;
  reservations: ReservationService;
  /** Runs what is due now: the end of in-play delays (bets and cash outs). */
  tick(): Promise<void>;
  /** Resolves when the work queued so far (settlements, triggers, ticks) is done. */
  idle(): Promise<void>;
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
export function createBettingEngine(deps: BettingDeps, options: { log: FastifyBaseLogger; loadResult: (matchId: number) => Promise<MatchResult | undefined> }): BettingEngine {
  const orders = createOrderService(deps);
  const settlement = createSettlementService(deps, options.loadResult);
  const cashOut = createCashOutService(deps, orders);
  const reservations = createReservationService(deps, orders);
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function enqueue(what: string, job: () => Promise<unknown>): Promise<void> {
    queue = queue.then(job).then(
      () => undefined,
      (error: unknown) => options.log.error({ err: error }, `betting: ${what} failed`),
    );
    return queue;
  }

  const tick = () =>
    enqueue('acceptance', async () => {
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

  const stopFeed = deps.feed.on((change: FeedChange) => {
    if (change.kind === 'event' && change.event.dangerous) orders.noteDanger(change.matchId);
    else if (change.kind === 'ended') void enqueue(`settlement of match ${change.matchId}`, () => settlement.settleMatch(change.result));
    else if (change.kind === 'odds') onOddsMoved(change.markets);
  });

  return {
    orders,
    settlement,
    cashOut,
    reservations,
    tick,
    idle: () => queue,
    start(intervalMs) {
      void enqueue('stored results', () => settlement.settleStored());
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopFeed();
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
  };
}
