import { PushChannel, type MemberCashOutPush } from '../../../contract/push';
import { BetResult } from '../../../domain/series';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { Db } from '../db/database';
import type { FeedPrices } from '../feed';
import { OrderStatus } from './codes';
import { offerOf, type Offer, type PricingLeg, type PricingOrder } from './cashOutPricing';

/** A bet is in at most one offer message per this many ms (issue 33: "at most one per bet per second"). */
export const OFFER_INTERVAL_MS = 1000;
/**
 * How long after a price change its match's offers are computed: the moves of one feed step (or a trader's burst) come
 * within it and go out as one message per bet, while the member still sees the offer move within a second.
 */
export const OFFER_CONFLATE_MS = 50;
/** Match ids per look-up of their open bets: well under SQLite's bound-variable limit. */
const MATCHES_PER_LOOKUP = 500;

export interface CashOutOffersDeps {
  db: Db;
  feed: FeedPrices;
  config: PlatformConfig;
  clock: Clock;
  /** The push hub's publish: with several instances it goes through the relay to every instance's members. */
  publish(chId: string, data: MemberCashOutPush): void;
  log: { error(obj: object, msg: string): void };
}

export interface CashOutOfferStats {
  /** Messages published (one per member per flush that changed any of their offers). */
  messages: number;
  /** Offers in those messages. */
  offers: number;
  /** Offers computed (every open bet on a due match, changed or not). */
  priced: number;
}

export interface CashOutOffers {
  /** Prices moved on the match: the offers of its open bets are checked once the conflation window ends. */
  pricesMoved(matchId: number): void;
  /** The match ended: what was sent for its bets is forgotten (they settle and leave the open bets). */
  matchEnded(matchId: number): void;
  /**
   * Prices the open bets of every match due by now and publishes the offers that changed, each bet at most once per
   * OFFER_INTERVAL_MS (a bet that changed sooner waits for the end of its interval, and is priced again then, so the
   * message carries its latest offer). Runs one at a time; the timers call it, and tests that drive the clock.
   */
  flush(): Promise<void>;
  /** The clock time the next flush is due at; undefined when nothing waits. */
  nextDue(): number | undefined;
  stats(): CashOutOfferStats;
  /** Flushes on timers as matches come due (the platform); tests leave it off and call flush(). */
  start(): void;
  stop(): Promise<void>;
}

interface OpenBet {
  order: PricingOrder & { id: string; member_id: number };
  legs: Array<PricingLeg & { match_id: number }>;
}

interface Sent {
  /** The offer's content as last published, to tell a change. */
  key: string;
  at: number;
  matches: readonly number[];
}

const keyOf = (offer: Offer) => `${offer.amt}|${offer.st}|${offer.rate}|${offer.reason ?? ''}`;

/**
 * Cash-out offers pushed as prices move (issue 33, docs/api.md "Cash-out offers"): after a price change on a match,
 * the offers of the open bets on it are priced by the same function the price route answers with (offerOf), and each
 * member whose offers changed gets one message on their private channel `member:<uid>:cashOut`.
 *
 * A price change touches only the bets on its match: they are read by match through order_legs_match_idx
 * (match_id, result), one query per flush for every match due, from the database every instance writes, so a bet
 * placed, cashed out or settled on any instance is priced as it is now, with no copy of the orders to keep in step.
 * What was sent is kept here per bet (its content and time), indexed by match so an ended match drops its bets.
 * Only the feed leader calls pricesMoved (its prices are the ones every instance follows), and the hub's relay takes
 * each message to the instance holding the member's socket.
 */
export function createCashOutOffers({ db, feed, config, clock, publish, log }: CashOutOffersDeps): CashOutOffers {
  /** Matches whose bets wait to be priced, with when they are due. */
  const due = new Map<number, number>();
  const sent = new Map<string, Sent>();
  const sentByMatch = new Map<number, Set<string>>();
  const counts: CashOutOfferStats = { messages: 0, offers: 0, priced: 0 };
  let timers = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt: number | undefined;
  let running: Promise<void> = Promise.resolve();

  function markDue(matchId: number, at: number): void {
    const current = due.get(matchId);
    if (current === undefined || at < current) due.set(matchId, at);
    arm();
  }

  /** Sets the timer for the earliest due match (timers on only). */
  function arm(): void {
    if (!timers) return;
    const next = nextDue();
    if (next === undefined || (timerAt !== undefined && timerAt <= next)) return;
    if (timer) clearTimeout(timer);
    timerAt = next;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = undefined;
      void flush().finally(arm);
    }, Math.max(0, next - clock.now()));
    timer.unref();
  }

  function nextDue(): number | undefined {
    let next: number | undefined;
    for (const at of due.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  function remember(orderId: string, entry: Sent): void {
    const before = sent.get(orderId);
    if (before) for (const m of before.matches) if (!entry.matches.includes(m)) sentByMatch.get(m)?.delete(orderId);
    sent.set(orderId, entry);
    for (const m of entry.matches) {
      let set = sentByMatch.get(m);
      if (!set) sentByMatch.set(m, (set = new Set()));
      set.add(orderId);
    }
  }

  function forget(orderId: string): void {
    const before = sent.get(orderId);
    if (!before) return;
    sent.delete(orderId);
    for (const m of before.matches) {
      const set = sentByMatch.get(m);
      set?.delete(orderId);
      if (set?.size === 0) sentByMatch.delete(m);
    }
  }

  /** The confirmed orders with an open leg on one of these matches, every leg of each (a parlay's other matches too). */
  async function openBets(matchIds: readonly number[]): Promise<OpenBet[]> {
    const bets = new Map<string, OpenBet>();
    for (let i = 0; i < matchIds.length; i += MATCHES_PER_LOOKUP) {
      const chunk = matchIds.slice(i, i + MATCHES_PER_LOOKUP);
      const rows = await db
        .selectFrom('orders')
        .innerJoin('order_legs', 'order_legs.order_id', 'orders.id')
        .select([
          'orders.id',
          'orders.member_id',
          'orders.bet_type',
          'orders.series_number',
          'orders.item_count',
          'orders.status',
          'orders.remaining_stake_minor',
          'orders.cash_out_count',
          'orders.odds as order_odds',
          'order_legs.match_id',
          'order_legs.market_id',
          'order_legs.option_type',
          'order_legs.line',
          'order_legs.odds',
          'order_legs.result',
        ])
        .where('orders.id', 'in', (eb) =>
          eb.selectFrom('order_legs as open').select('open.order_id').where('open.match_id', 'in', chunk).where('open.result', '=', BetResult.NoResulted),
        )
        .where('orders.status', '=', OrderStatus.Confirmed)
        .orderBy('orders.id')
        .orderBy('order_legs.leg_no')
        .execute();
      const fromChunk = new Set<string>();
      for (const r of rows) {
        let bet = bets.get(r.id);
        // A parlay with open legs on matches of two chunks came with the first: its legs are all there.
        if (bet && !fromChunk.has(r.id)) continue;
        fromChunk.add(r.id);
        if (!bet) {
          bet = {
            order: {
              id: r.id,
              member_id: Number(r.member_id),
              bet_type: Number(r.bet_type),
              series_number: Number(r.series_number),
              item_count: Number(r.item_count),
              status: Number(r.status),
              odds: r.order_odds,
              remaining_stake_minor: Number(r.remaining_stake_minor),
              cash_out_count: Number(r.cash_out_count),
            },
            legs: [],
          };
          bets.set(r.id, bet);
        }
        bet.legs.push({ match_id: Number(r.match_id), market_id: Number(r.market_id), option_type: r.option_type, line: r.line, odds: r.odds, result: Number(r.result) });
      }
    }
    return [...bets.values()];
  }

  async function run(): Promise<void> {
    const now = clock.now();
    const ready = [...due].filter(([, at]) => at <= now).map(([matchId]) => matchId);
    if (ready.length === 0) return;
    for (const matchId of ready) due.delete(matchId);
    let bets: OpenBet[];
    try {
      bets = await openBets(ready);
    } catch (error) {
      // The database did not answer: these matches are tried again a second later rather than waiting for a new price.
      for (const matchId of ready) markDue(matchId, now + OFFER_INTERVAL_MS);
      throw error;
    }
    const byMember = new Map<number, Offer[]>();
    const readySet = new Set(ready);
    for (const { order, legs } of bets) {
      counts.priced++;
      const offer = offerOf(feed, config, order, legs);
      const key = keyOf(offer);
      const before = sent.get(order.id);
      if (before?.key === key) continue;
      if (before && now - before.at < OFFER_INTERVAL_MS) {
        // Changed too soon after the last message: priced again when its interval ends, at the prices of that moment.
        for (const leg of legs) if (readySet.has(leg.match_id)) markDue(leg.match_id, before.at + OFFER_INTERVAL_MS);
        continue;
      }
      remember(order.id, { key, at: now, matches: [...new Set(legs.filter((l) => l.result === BetResult.NoResulted).map((l) => l.match_id))] });
      let list = byMember.get(order.member_id);
      if (!list) byMember.set(order.member_id, (list = []));
      list.push(offer);
    }
    for (const [memberId, offers] of byMember) {
      publish(PushChannel.memberCashOut(memberId), { kind: 'offers', offers } satisfies MemberCashOutPush);
      counts.messages++;
      counts.offers += offers.length;
    }
  }

  function flush(): Promise<void> {
    running = running.then(run).catch((error: unknown) => log.error({ err: error }, 'cash-out offers: pricing or publishing failed'));
    return running;
  }

  return {
    pricesMoved(matchId) {
      markDue(matchId, clock.now() + OFFER_CONFLATE_MS);
    },
    matchEnded(matchId) {
      due.delete(matchId);
      for (const orderId of [...(sentByMatch.get(matchId) ?? [])]) forget(orderId);
      sentByMatch.delete(matchId);
    },
    flush,
    nextDue,
    stats: () => ({ ...counts }),
    start() {
      timers = true;
      arm();
    },
    async stop() {
      timers = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      timerAt = undefined;
      await running;
    },
  };
}
