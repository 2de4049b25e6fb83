import { createAtom, extendObservable, observableRef } from 'mobx';
import { types, type Instance } from 'mobx-state-tree';
import type { ApiLanguage } from '../domain/locales';
import type { BetInfoEntry, MarketStatus, MatchClock, OddsPush, ScorePush, ScoreRow, WireMarket, WireMatch, WireOption } from '../../../contract';

/*
 * The live state of what the screens show: one observable cell per match, market and option, so a changed price
 * re-renders only its odds button and a changed score only its scoreboard, never the list. Filled from list/detail
 * answers (seed) and the bet slip's bet info answers (seedSelections), and kept current by push (applyScore/applyOdds,
 * one batch per animation frame). The rows and the bet slip read the same cells, so a price reaches both the same way.
 *
 * The book is a mobx-state-tree model (a child of the root's tree, RootStore.liveBook), but its cells are not tree
 * nodes: they sit in the book's own maps (options and markets as cells behind one atom each, below; matches as
 * observable records, whose fields different views watch apart: the clock, the score, the period). Thousands of
 * cells change many times a second, and an MST node costs several times a MobX observable to create (a list's seed)
 * and to write (every push: each write also makes a patch for every level up to the root). Measured with the same
 * 9,000 prices and 300,000 pushed markets (issue 30): a book of MST nodes applied each pushed market about 4x slower
 * (9-13 µs against 2-2.5 µs) for a seed as fast. Cells change only in the book's actions.
 */

/** A price of a market, as its odds button and the slip read it (observed as one: its fields change together). */
export interface LiveOption {
  readonly odd: string;
  readonly isLock: boolean;
  readonly line: string | undefined;
  /** Direction of the last change, for the up/down flash; changedAt tells a new change from an old one. */
  readonly dir: -1 | 0 | 1;
  readonly changedAt: number;
  /** How many times the price has moved in the book: each move flips its flash to the other of two names (OddsButton). */
  readonly moves: number;
}

export interface LiveMarket {
  /** The current id of this market slot: a moved line gives the slot a new id (the old one stays an alias). */
  readonly marketId: number;
  readonly status: MarketStatus;
  readonly line: string | undefined;
  /** Outcomes the market has (its options on the wire): decides the format its prices show in (domain/odds priceKindOf). */
  readonly outcomeCount: number;
  /** Not observable: a market's options are all there from its first seed. */
  readonly options: ReadonlyMap<string, LiveOption>;
}

/*
 * Option and market cells keep their fields plain, behind one MobX atom each: a reader reports the atom, the book
 * compares the plain fields and reports a change only when one differs. Observable fields (extendObservable) cost a
 * MobX read or write per field, changed or not, inside the book's action (each unobserved read queued for MobX's
 * end-of-batch cleanup); a pushed market is mostly unchanged fields (its status, line, locks) on cells nobody watches
 * (a list loads thousands of markets and shows a few dozen), and those reads and writes were most of the book's time
 * under the list-updates bench (issue 30). A button reads all of its option's fields, so one atom per cell observes
 * no more than it uses.
 */
class OptionCell implements LiveOption {
  readonly #atom = createAtom('LiveOption');
  #odd: string;
  #isLock: boolean;
  #line: string | undefined;
  #dir: -1 | 0 | 1 = 0;
  #changedAt = 0;
  #moves = 0;

  constructor(odd: string, isLock: boolean, line: string | undefined) {
    this.#odd = odd;
    this.#isLock = isLock;
    this.#line = line;
  }

  get odd() {
    this.#atom.reportObserved();
    return this.#odd;
  }
  get isLock() {
    this.#atom.reportObserved();
    return this.#isLock;
  }
  get line() {
    this.#atom.reportObserved();
    return this.#line;
  }
  get dir() {
    this.#atom.reportObserved();
    return this.#dir;
  }
  get changedAt() {
    this.#atom.reportObserved();
    return this.#changedAt;
  }
  get moves() {
    this.#atom.reportObserved();
    return this.#moves;
  }

  /** Only the book calls this, in its actions: a moved price notes its direction and when it moved. */
  update(odd: string, isLock: boolean, line: string | undefined, now: () => number): void {
    const moved = odd !== this.#odd;
    if (!moved && isLock === this.#isLock && line === this.#line) return;
    if (moved) {
      this.#dir = direction(this.#odd, odd);
      this.#changedAt = now();
      this.#moves += 1;
      this.#odd = odd;
    }
    this.#isLock = isLock;
    this.#line = line;
    this.#atom.reportChanged();
  }
}

class MarketCell implements LiveMarket {
  readonly #atom = createAtom('LiveMarket');
  #marketId: number;
  #status: MarketStatus;
  #line: string | undefined;
  #outcomeCount: number;
  readonly options = new Map<string, OptionCell>();
  /** The book's push mark when a push last changed this market (LiveBook.pushMark); not observable. */
  pushedAt = 0;

  constructor(marketId: number, status: MarketStatus, line: string | undefined, outcomeCount: number) {
    this.#marketId = marketId;
    this.#status = status;
    this.#line = line;
    this.#outcomeCount = outcomeCount;
  }

  get marketId() {
    this.#atom.reportObserved();
    return this.#marketId;
  }
  get status() {
    this.#atom.reportObserved();
    return this.#status;
  }
  get line() {
    this.#atom.reportObserved();
    return this.#line;
  }
  get outcomeCount() {
    this.#atom.reportObserved();
    return this.#outcomeCount;
  }

  /** Only the book calls this, in its actions. */
  update(marketId: number, status: MarketStatus, line: string | undefined, outcomeCount: number): void {
    if (marketId === this.#marketId && status === this.#status && line === this.#line && outcomeCount === this.#outcomeCount) return;
    this.#marketId = marketId;
    this.#status = status;
    this.#line = line;
    this.#outcomeCount = outcomeCount;
    this.#atom.reportChanged();
  }
}

export interface LiveMatch {
  matchStatus: number;
  period: number;
  matchPeriod: string;
  homeScore: number;
  awayScore: number;
  score: ScoreRow[];
  /** Who serves (the feed's field: 1 home, 2 away, 0 none), from the list or detail, then from each score push. */
  serveIn: number;
  clock: MatchClock;
  /** Client time the clock was last set, so a running clock can tick locally between updates. */
  clockAt: number;
  /** The book's push mark when a push last changed this match (LiveBook.pushMark); not observable. */
  pushedAt: number;
  /** Seconds on the clock at `now`, ticking locally while it runs (down-clocks stop at zero). */
  secondsAt(now: number): number;
}

function secondsAt(this: LiveMatch, now: number): number {
  const { running, second, type } = this.clock;
  if (!running || type === 'none') return second;
  const elapsed = Math.max(0, Math.floor((now - this.clockAt) / 1000));
  return type === 'down' ? Math.max(0, second - elapsed) : second + elapsed;
}

const liveMatch = (match: WireMatch, now: number): LiveMatch =>
  extendObservable(
    {},
    {
      matchStatus: match.matchStatus,
      period: match.matchInfo.period,
      matchPeriod: match.matchInfo.matchPeriod,
      homeScore: match.matchInfo.homeScore,
      awayScore: match.matchInfo.awayScore,
      score: match.score,
      serveIn: match.serveIn,
      clock: match.matchClock,
      clockAt: now,
      pushedAt: 0,
      secondsAt,
    },
    { score: observableRef, clock: observableRef, pushedAt: false, secondsAt: false },
  );

/**
 * Up (1), down (-1) or level (0) from one price to the next, for the flash only: nothing is computed from it. Read as
 * doubles, which order decimals of up to 15 significant digits exactly (two different ones never read as equal, and
 * rounding keeps their order); prices have at most 7. decimal.js here took ~3 µs a change, most of the book's time under the
 * list-updates bench's 1,000 updates a second (issue 30). A price that is no number shows no direction.
 */
const direction = (from: string, to: string): -1 | 0 | 1 => {
  const before = Number(from);
  const after = Number(to);
  return after > before ? 1 : after < before ? -1 : 0;
};

export interface LiveBookOptions {
  now?: () => number;
  /** The language whose period names the rows show (status pushes carry all five). */
  language?: () => ApiLanguage;
}

export const LiveBook = types
  // State, not data: nothing of the book goes into a snapshot (the next mount asks the platform again).
  .model('LiveBook', {})
  .volatile(() => ({
    /** How many matches the book holds; observable, so a reaction over `match(id)` re-runs when one arrives. */
    size: 0,
    /** How many market ids the book knows (a moved line's old id included); observable, as `size` for `market(id)`. */
    marketCount: 0,
    /** Push batches applied so far (see pushMark); observable only so that pushMark, a view, is never cached stale. */
    pushes: 0,
  }))
  .extend((self) => {
    // Not observable: the cells are; a lookup of one that is not there yet is followed through `size`.
    const matches = new Map<number, LiveMatch>();
    const markets = new Map<number, MarketCell>();
    let now: () => number = Date.now;
    let language: () => ApiLanguage = () => 'CMN';

    const setOption = (slot: MarketCell, type: string, odd: string, isLock: boolean, line: string | undefined): void => {
      const existing = slot.options.get(type);
      if (existing) existing.update(odd, isLock, line, now);
      else slot.options.set(type, new OptionCell(odd, isLock, line));
    };

    /** Sets a market from an answer asked for at `askedAt`, or from a push (askedAt Infinity: always the newer word). */
    const seedMarket = (market: Pick<WireMarket, 'marketId' | 'oldMarketId' | 'status' | 'line'> & { options: ReadonlyArray<Pick<WireOption, 'type' | 'odd' | 'isLock' | 'line'>> }, askedAt: number): MarketCell => {
      const known = markets.get(market.marketId) ?? (market.oldMarketId !== undefined ? markets.get(market.oldMarketId) : undefined);
      const slot = known ?? new MarketCell(market.marketId, market.status, market.line, market.options.length);
      if (slot.pushedAt > askedAt) return slot;
      slot.update(market.marketId, market.status, market.line, market.options.length);
      markets.set(market.marketId, slot);
      for (const option of market.options) setOption(slot, option.type, option.odd, option.isLock, option.line);
      return slot;
    };

    return {
      views: {
        match(matchId: number): LiveMatch | undefined {
          return matches.get(matchId);
        },
        market(marketId: number): LiveMarket | undefined {
          return markets.get(marketId);
        },
        option(marketId: number, type: string): LiveOption | undefined {
          return markets.get(marketId)?.options.get(type);
        },
        /**
         * Where the book stands in its pushes: a caller notes it before it asks for list or detail data and hands it
         * to `seed` with the answer. An answer made before a push that arrived while it travelled would otherwise put
         * the older score or price back on screen until the next poll.
         */
        get pushMark(): number {
          return self.pushes;
        },
      },
      actions: {
        /** The clock and language the book reads (set once, where it is made). */
        configure(options: LiveBookOptions) {
          if (options.now) now = options.now;
          if (options.language) language = options.language;
        },
        /**
         * Takes fresh list or detail data asked for at `askedAt` (pushMark then): creates what is new, updates what
         * exists (refetch after a gap or a poll), except a match or market a push changed since: the push is the newer word.
         */
        seed(records: readonly WireMatch[], askedAt: number): void {
          const at = now();
          for (const record of records) {
            const existing = matches.get(record.matchId);
            if (existing && existing.pushedAt > askedAt) {
              // Pushed since the answer was asked for: keep the pushed state.
            } else if (existing) {
              existing.matchStatus = record.matchStatus;
              existing.period = record.matchInfo.period;
              existing.matchPeriod = record.matchInfo.matchPeriod;
              existing.homeScore = record.matchInfo.homeScore;
              existing.awayScore = record.matchInfo.awayScore;
              existing.score = record.score;
              existing.serveIn = record.serveIn;
              existing.clock = record.matchClock;
              existing.clockAt = at;
            } else {
              matches.set(record.matchId, liveMatch(record, at));
              self.size = matches.size;
            }
            for (const group of record.betGroup) for (const market of group.moneyHandicap) seedMarket(market, askedAt);
          }
          self.marketCount = markets.size;
        },
        /**
         * Takes the bet slip's selections from a bet info answer asked for at `askedAt` (pushMark then). A market no
         * screen loaded (a slip restored on another page) gets a slot holding the selected option, so the slip's odds
         * channel keeps it current like any row's. A locked option comes without its price (0): the slot keeps the last.
         */
        seedSelections(selections: ReadonlyArray<Pick<BetInfoEntry, 'marketId' | 'oldMarketId' | 'status' | 'line' | 'outcomeCount' | 'option'>>, askedAt: number): void {
          for (const info of selections) {
            const oldMarketId = info.oldMarketId ?? undefined;
            const line = info.line ?? undefined;
            let slot = markets.get(info.marketId) ?? (oldMarketId !== undefined ? markets.get(oldMarketId) : undefined);
            if (slot && slot.pushedAt > askedAt) continue;
            slot ??= new MarketCell(info.marketId, info.status as MarketStatus, line, 0);
            // A bet info answer that does not know the market's outcomes (0) keeps the count the book has.
            slot.update(info.marketId, info.status as MarketStatus, slot.line, info.outcomeCount > 0 ? info.outcomeCount : slot.outcomeCount);
            markets.set(info.marketId, slot);
            const { type, odd, isLock } = info.option;
            const last = slot.options.get(type);
            setOption(slot, type, isLock && last ? last.odd : odd, isLock, line);
          }
          self.marketCount = markets.size;
        },
        applyScore(batch: Iterable<ScorePush>): void {
          const at = now();
          const mark = (self.pushes += 1);
          for (const push of batch) {
            const match = matches.get(push.matchId);
            if (!match) continue;
            match.pushedAt = mark;
            switch (push.kind) {
              case 'score':
                match.homeScore = push.homeScore;
                match.awayScore = push.awayScore;
                match.score = push.score;
                match.period = push.period;
                match.serveIn = push.serveIn;
                break;
              case 'clock':
                match.clock = push.clock;
                match.clockAt = at;
                break;
              case 'status':
                match.matchStatus = push.matchStatus;
                match.period = push.period;
                match.matchPeriod = push.matchPeriod[language()] ?? match.matchPeriod;
                break;
              case 'event':
                match.homeScore = push.event.homeScore;
                match.awayScore = push.event.awayScore;
                break;
              case 'ended':
                match.matchStatus = push.matchStatus;
                match.clock = { ...match.clock, running: false };
                break;
            }
          }
        },
        applyOdds(batch: Iterable<OddsPush>): void {
          const mark = (self.pushes += 1);
          for (const push of batch) {
            for (const market of push.markets) {
              const slot = markets.get(market.marketId) ?? (market.oldMarketId !== undefined ? markets.get(market.oldMarketId) : undefined);
              // A market the screen never loaded is not shown: nothing to update.
              if (!slot) continue;
              seedMarket(market, Number.POSITIVE_INFINITY).pushedAt = mark;
            }
          }
          // A moved line adds its new id.
          self.marketCount = markets.size;
        },
      },
    };
  });

export type LiveBookInstance = Instance<typeof LiveBook>;

/** A book made before the root that will own it (the push feeds it from the start): createRootStore takes it into the tree. */
export function createLiveBook(options: LiveBookOptions = {}): LiveBookInstance {
  const book = LiveBook.create({});
  book.configure(options);
  return book;
}
