import type { ScoreModel } from '../pricing/builder';
import type { QuoteContext } from '../pricing/quote';
import type { BetGroup, FeedPrices, FeedScenario, Market, Option } from '../types';
import { MarketBook, matchIdOfMarket } from './marketBook';
import type { MatchRecord } from './records';
import { TERMINAL, type FeedState } from './state';
import { betGroupsOf } from './views';

/**
 * Pricing: a match's book from its simulation's quotes, and the prices read from it. Pricing (0.3-2 ms a match, the
 * feed's only expensive part) runs for a live match when its score or period changed, when its last price is older
 * than `repriceMs`, and once when a suspension ends; a pre-match book on first use.
 */
export class Pricing implements FeedPrices {
  constructor(private readonly s: FeedState) {}

  reprice(m: MatchRecord, elapsed: number): void {
    const s = this.s;
    if (s.quiet || !m.sim) return;
    // Pre-match prices are a function of the match alone (the same on every instance); in-play ones depend on when
    // repricing ran, so a follower takes the leader's. dirty stays set: a promotion prices the match on its next tick.
    if (s.following && s.live.has(m.id)) return;
    if (!m.book) m.book = new MarketBook(m.id, m.sportId, s.o.margins);
    const quotes = m.sim.quotes(elapsed, quoteContext(m));
    const inPlay = s.live.has(m.id);
    const changed = m.book.apply(quotes, inPlay && s.suspended(m, elapsed), inPlay);
    m.lastPriced = elapsed;
    m.dirty = false;
    if (changed.length > 0) {
      m.version++;
      s.emit({ kind: 'odds', matchId: m.id, markets: changed });
    }
  }

  /** Pre-match markets are priced on first use: most published fixtures are never opened before they start. */
  ensureMarkets(m: MatchRecord): void {
    if (m.book || TERMINAL.has(m.status) || !m.published) return;
    this.s.ensureSim(m);
    this.reprice(m, this.s.elapsedOf(m, this.s.simNow));
  }

  suspendMarkets(m: MatchRecord): void {
    const s = this.s;
    if (s.quiet || !m.book || s.following) return;
    const changed = m.book.suspendAll();
    m.version++;
    if (changed.length > 0) s.emit({ kind: 'odds', matchId: m.id, markets: changed });
  }

  /** A test control's change of one market (FeedScenario.overrideMarket). */
  override(marketId: number, change: Parameters<FeedScenario['overrideMarket']>[1]): Market | undefined {
    const matchId = matchIdOfMarket(marketId);
    const outright = this.s.outrightBook.get(matchId);
    const m = outright ? undefined : this.s.records.get(matchId);
    const book = outright ? outright.book : m?.book;
    if (!book) return undefined;
    const changed = book.override(marketId, change);
    if (changed.length > 0) {
      if (m) m.version++;
      this.s.emit({ kind: 'odds', matchId, markets: changed });
    }
    return book.get(marketId);
  }

  private bookOf(matchId: number): MarketBook | undefined {
    const outright = this.s.outrightBook.get(matchId);
    if (outright) return outright.book;
    const m = this.s.published(matchId);
    if (!m) return undefined;
    this.ensureMarkets(m);
    return m.book ?? undefined;
  }

  markets(matchId: number): Market[] {
    return this.bookOf(matchId)?.current() ?? [];
  }

  betGroups(matchId: number): BetGroup[] {
    const book = this.bookOf(matchId);
    return book ? betGroupsOf(book) : [];
  }

  market(marketId: number): Market | undefined {
    return this.bookOf(matchIdOfMarket(marketId))?.get(marketId);
  }

  /**
   * The model at the moment of the last pricing, so a builder is priced from the same state as the singles on show (a
   * follower does not price in-play matches itself: it reads its own simulation now). Kept per match until the match
   * is priced again.
   */
  scoreModel(matchId: number): ScoreModel | undefined {
    const s = this.s;
    const m = s.published(matchId);
    if (!m || TERMINAL.has(m.status)) return undefined;
    this.ensureMarkets(m);
    if (!m.sim?.scoreModel) return undefined;
    const at = s.following && s.live.has(m.id) ? s.elapsedOf(m, s.simNow) : m.lastPriced;
    const cached = this.models.get(m);
    if (cached && cached.at === at && cached.version === m.version) return cached.model;
    const model = Number.isFinite(at) ? (m.sim.scoreModel(at) ?? undefined) : undefined;
    this.models.set(m, { at, version: m.version, model });
    return model;
  }

  private readonly models = new WeakMap<MatchRecord, { at: number; version: number; model: ScoreModel | undefined }>();

  option(marketId: number, type: string): { market: Market; option: Option } | undefined {
    const market = this.market(marketId);
    const option = market?.options.find((o) => o.type === type);
    return market && option ? { market, option } : undefined;
  }
}

function quoteContext(m: MatchRecord): QuoteContext {
  const book = m.book as MarketBook;
  return { home: m.home.name, away: m.away.name, prevLine: (slot) => book.lineOf(slot) };
}
