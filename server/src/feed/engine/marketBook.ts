import { marketTypeOf } from '../codes';
import { formatLine } from '../pricing/asian';
import { marginFor, priceOptions, type Margins } from '../pricing/margin';
import type { Quote } from '../pricing/quote';
import { marketName } from '../texts/markets';
import type { Market, MarketStatus, Option } from '../types';

/** A market as the leader holds it (issue 19): followers apply these instead of pricing in-play markets. */
export interface MarketReplica {
  market: Market;
  slot: string;
  line?: number;
}

/** Market ids are matchId x MARKET_ID_SPAN + a per-match sequence, so an id names its match. */
export const MARKET_ID_SPAN = 100_000;

export function matchIdOfMarket(marketId: number): number {
  return Math.floor(marketId / MARKET_ID_SPAN);
}

/**
 * The markets of one match. A slot (e.g. the main full-time handicap) holds one market at a time;
 * when its line moves the slot gets a new market id that carries `oldMarketId`, and the old
 * market stays resolvable (status -1, `replacedBy`) until the match is settled, because bets on
 * it settle on its own line. Market objects are never mutated: a change makes a new object, so a
 * listener may keep what it was given.
 */
export class MarketBook {
  private readonly byId = new Map<number, Market>();
  private readonly slotOfId = new Map<number, string>();
  private readonly slots = new Map<string, number>();
  private readonly lines = new Map<number, number | undefined>();
  private seq = 0;

  constructor(
    private readonly matchId: number,
    private readonly sportId: number,
    private readonly margins: Margins,
  ) {}

  lineOf(slot: string): number | undefined {
    const id = this.slots.get(slot);
    return id === undefined ? undefined : this.lines.get(id);
  }

  get(marketId: number): Market | undefined {
    return this.byId.get(marketId);
  }

  slotOf(marketId: number): string | undefined {
    return this.slotOfId.get(marketId);
  }

  /** Markets on sale or suspended, in the order the sport model lists them. */
  current(): Market[] {
    const out: Market[] = [];
    for (const id of this.slots.values()) {
      const m = this.byId.get(id) as Market;
      if (m.status !== -1) out.push(m);
    }
    return out;
  }

  /** Every market the match ever had, replaced lines included (for settlement). */
  all(): Market[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  private put(m: Market, changed: Market[]): void {
    this.byId.set(m.marketId, m);
    changed.push(m);
  }

  private withStatus(m: Market, status: MarketStatus, options?: Option[], isInPlay = m.isInPlay): Market {
    const opts = (options ?? m.options).map((o) => ({ ...o, isLock: status !== 1 || !(Number(o.odd) > 0) }));
    return { ...m, status, isInPlay, options: opts };
  }

  private sameOdds(a: readonly Option[], b: readonly Option[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as Option;
      const y = b[i] as Option;
      if (x.type !== y.type || x.odd !== y.odd || x.isLock !== y.isLock) return false;
    }
    return true;
  }

  private options(q: Quote, odds: readonly string[], status: MarketStatus): Option[] {
    return q.options.map((o, i) => {
      const opt: Option = { type: o.type, name: o.name, odd: odds[i] as string, isLock: status !== 1 };
      if (o.line !== undefined) opt.line = o.line;
      return opt;
    });
  }

  /**
   * Applies fresh quotes; returns the markets that changed. While `suspended`, existing markets
   * show status 0 with their last odds and no new line opens (it opens when the suspension ends).
   */
  apply(quotes: readonly Quote[], suspended: boolean, inPlay: boolean): Market[] {
    const changed: Market[] = [];
    const seen = new Set<string>();
    for (const q of quotes) {
      seen.add(q.slot);
      const curId = this.slots.get(q.slot);
      const cur = curId === undefined ? undefined : this.byId.get(curId);
      const odds = priceOptions(
        q.options.map((o) => o.p),
        marginFor(q.key, q.options.length, this.margins),
      );
      const sameLine = cur !== undefined && this.lines.get(cur.marketId) === q.line;
      if (cur && sameLine) {
        let next: Market;
        if (odds === null) next = cur.status === -1 ? cur : this.withStatus(cur, -1);
        else if (suspended) next = cur.status === 0 && cur.isInPlay === inPlay ? cur : this.withStatus(cur, 0, cur.status === -1 ? this.options(q, odds, 0) : undefined, inPlay);
        else next = this.withStatus(cur, 1, this.options(q, odds, 1), inPlay);
        if (next !== cur && (next.status !== cur.status || next.isInPlay !== cur.isInPlay || !this.sameOdds(next.options, cur.options))) this.put(next, changed);
        continue;
      }
      if (suspended || odds === null) {
        if (cur && cur.status !== -1) {
          const status: MarketStatus = suspended && odds !== null ? 0 : -1;
          if (cur.status !== status) this.put(this.withStatus(cur, status), changed);
        }
        continue;
      }
      // Not stable across restarts (a re-simulated match reprices from scratch); a bet settles on the final scores with its stored line and option type.
      const marketId = this.matchId * MARKET_ID_SPAN + ++this.seq;
      const market: Market = {
        marketId,
        matchId: this.matchId,
        sportId: this.sportId,
        key: q.key,
        kind: q.kind,
        marketType: marketTypeOf(this.sportId, q.kind),
        period: q.period,
        status: 1,
        allowParley: q.allowParley,
        isInPlay: inPlay,
        unit: q.unit,
        name: marketName(this.sportId, q.kind, q.period),
        options: this.options(q, odds, 1),
      };
      if (q.line !== undefined) market.line = formatLine(q.line);
      if (cur) {
        market.oldMarketId = cur.marketId;
        this.put({ ...this.withStatus(cur, -1), replacedBy: marketId }, changed);
      }
      this.slots.set(q.slot, marketId);
      this.slotOfId.set(marketId, q.slot);
      this.lines.set(marketId, q.line);
      this.put(market, changed);
    }
    for (const [slot, id] of this.slots) {
      if (seen.has(slot)) continue;
      const m = this.byId.get(id) as Market;
      if (m.status !== -1) this.put(this.withStatus(m, -1), changed);
    }
    return changed;
  }

  /** What a follower needs to hold this market as the leader does: the slot it fills and its unformatted line. */
  replicaOf(market: Market): MarketReplica | undefined {
    const slot = this.slotOfId.get(market.marketId);
    if (slot === undefined) return undefined;
    const line = this.lines.get(market.marketId);
    return line === undefined ? { market, slot } : { market, slot, line };
  }

  /**
   * A follower's book takes the leader's markets as they are (ids, lines, odds, states): a market that was not
   * replaced (replacedBy unset) fills its slot. Returns the markets that changed. Later ids of this book, if it starts
   * pricing itself (a promotion), continue after the highest one seen, and a slot's next line moves from the leader's.
   */
  replicate(replicas: readonly MarketReplica[]): Market[] {
    const changed: Market[] = [];
    for (const { market, slot, line } of replicas) {
      const cur = this.byId.get(market.marketId);
      this.slotOfId.set(market.marketId, slot);
      this.lines.set(market.marketId, line);
      if (market.replacedBy === undefined) this.slots.set(slot, market.marketId);
      this.seq = Math.max(this.seq, market.marketId - this.matchId * MARKET_ID_SPAN);
      if (cur && cur.status === market.status && cur.isInPlay === market.isInPlay && cur.replacedBy === market.replacedBy && this.sameOdds(cur.options, market.options)) continue;
      this.put(market, changed);
    }
    return changed;
  }

  /**
   * A market changed by hand (test controls): new odds for some of its options and/or a new status (1 open, 0
   * suspended). A closed or unknown market stays as it is. Returns the markets that changed.
   */
  override(marketId: number, change: { odds?: Readonly<Record<string, string>>; status?: 0 | 1 }): Market[] {
    const cur = this.byId.get(marketId);
    if (!cur || cur.status === -1) return [];
    const options = cur.options.map((o) => (change.odds?.[o.type] === undefined ? o : { ...o, odd: change.odds[o.type] as string }));
    const next = this.withStatus(cur, change.status ?? (cur.status as 0 | 1), options);
    if (next.status === cur.status && this.sameOdds(next.options, cur.options)) return [];
    const changed: Market[] = [];
    this.put(next, changed);
    return changed;
  }

  /** Suspends everything on sale (a goal, a red card, an interruption). */
  suspendAll(): Market[] {
    const changed: Market[] = [];
    for (const id of this.slots.values()) {
      const m = this.byId.get(id) as Market;
      if (m.status === 1) this.put(this.withStatus(m, 0), changed);
    }
    return changed;
  }

  /** Takes everything off (the match ended or was called off). */
  closeAll(): Market[] {
    const changed: Market[] = [];
    for (const id of this.slots.values()) {
      const m = this.byId.get(id) as Market;
      if (m.status !== -1) this.put(this.withStatus(m, -1), changed);
    }
    return changed;
  }
}
