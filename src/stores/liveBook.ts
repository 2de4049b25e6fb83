import { action, makeObservable, observable, observableRef } from 'mobx';
import Decimal from 'decimal.js';
import type { ApiLanguage } from '../services/i18n';
import type { MarketStatus, MatchClock, OddsPush, ScorePush, ScoreRow, WireMarket, WireMatch, WireOption } from '../../contract';

/**
 * The live state of what the screens show: one observable object per match, market and option, so a changed
 * price re-renders only its odds button and a changed score only its scoreboard, never the list. Filled from
 * list/detail answers (seed) and kept current by push (applyScore/applyOdds, one batch per animation frame).
 * Plain MobX rather than mobx-state-tree nodes: thousands of cells change many times a second.
 */
export class LiveOption {
  odd: string;
  isLock: boolean;
  line: string | undefined;
  /** Direction of the last change, for the up/down flash; changedAt tells a new change from an old one. */
  dir: -1 | 0 | 1 = 0;
  changedAt = 0;

  constructor(odd: string, isLock: boolean, line: string | undefined) {
    this.odd = odd;
    this.isLock = isLock;
    this.line = line;
    makeObservable(this, { odd: observable, isLock: observable, line: observable, dir: observable, changedAt: observable });
  }
}

export class LiveMarket {
  /** The current id of this market slot: a moved line gives the slot a new id (the old one stays an alias). */
  marketId: number;
  status: MarketStatus;
  line: string | undefined;
  /** Outcomes the market has (its options on the wire): decides the format its prices show in (domain/odds priceKindOf). */
  outcomeCount: number;
  readonly options = new Map<string, LiveOption>();
  /** The book's push mark when a push last changed this market (LiveBook.pushMark); not observable. */
  pushedAt = 0;

  constructor(market: Pick<WireMarket, 'marketId' | 'status' | 'line'> & { options: readonly unknown[] }) {
    this.marketId = market.marketId;
    this.status = market.status;
    this.line = market.line;
    this.outcomeCount = market.options.length;
    makeObservable(this, { marketId: observable, status: observable, line: observable, outcomeCount: observable });
  }
}

export class LiveMatch {
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
  pushedAt = 0;

  constructor(match: WireMatch, now: number) {
    this.matchStatus = match.matchStatus;
    this.period = match.matchInfo.period;
    this.matchPeriod = match.matchInfo.matchPeriod;
    this.homeScore = match.matchInfo.homeScore;
    this.awayScore = match.matchInfo.awayScore;
    this.score = match.score;
    this.serveIn = match.serveIn;
    this.clock = match.matchClock;
    this.clockAt = now;
    makeObservable(this, {
      matchStatus: observable,
      period: observable,
      matchPeriod: observable,
      homeScore: observable,
      awayScore: observable,
      score: observableRef,
      serveIn: observable,
      clock: observableRef,
      clockAt: observable,
    });
  }

  /** Seconds on the clock at `now`, ticking locally while it runs (down-clocks stop at zero). */
  secondsAt(now: number): number {
    const { running, second, type } = this.clock;
    if (!running || type === 'none') return second;
    const elapsed = Math.max(0, Math.floor((now - this.clockAt) / 1000));
    return type === 'down' ? Math.max(0, second - elapsed) : second + elapsed;
  }
}

const direction = (from: string, to: string): -1 | 0 | 1 => {
  const cmp = new Decimal(to).cmp(from);
  return cmp > 0 ? 1 : cmp < 0 ? -1 : 0;
};

export class LiveBook {
  private readonly matches = new Map<number, LiveMatch>();
  private readonly markets = new Map<number, LiveMarket>();
  /** How many matches the book holds; observable, so a reaction over `match(id)` re-runs when one arrives. */
  size = 0;
  /** Push batches applied so far (see pushMark). */
  private pushes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** The language whose period names the rows show (status pushes carry all five). */
    private readonly language: () => ApiLanguage = () => 'CMN',
  ) {
    makeObservable<LiveBook, 'setOption'>(this, { size: observable, seed: action, applyScore: action, applyOdds: action, setOption: action });
  }

  match(matchId: number): LiveMatch | undefined {
    return this.matches.get(matchId);
  }

  market(marketId: number): LiveMarket | undefined {
    return this.markets.get(marketId);
  }

  option(marketId: number, type: string): LiveOption | undefined {
    return this.markets.get(marketId)?.options.get(type);
  }

  /**
   * Where the book stands in its pushes: a caller notes it before it asks for list or detail data and hands it to
   * `seed` with the answer. An answer made before a push that arrived while it travelled would otherwise put the older
   * score or price back on screen until the next poll.
   */
  get pushMark(): number {
    return this.pushes;
  }

  /**
   * Takes fresh list or detail data asked for at `askedAt` (pushMark then): creates what is new, updates what exists
   * (refetch after a gap or a poll), except a match or market a push changed since: the push is the newer word.
   */
  seed(records: readonly WireMatch[], askedAt: number): void {
    const now = this.now();
    for (const record of records) {
      const existing = this.matches.get(record.matchId);
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
        existing.clockAt = now;
      } else {
        this.matches.set(record.matchId, new LiveMatch(record, now));
        this.size = this.matches.size;
      }
      for (const group of record.betGroup) for (const market of group.moneyHandicap) this.seedMarket(market, askedAt);
    }
  }

  /** Sets a market from an answer asked for at `askedAt`, or from a push (askedAt Infinity: always the newer word). */
  private seedMarket(market: Pick<WireMarket, 'marketId' | 'oldMarketId' | 'status' | 'line'> & { options: ReadonlyArray<Pick<WireOption, 'type' | 'odd' | 'isLock' | 'line'>> }, askedAt: number): LiveMarket {
    const slot = this.markets.get(market.marketId) ?? (market.oldMarketId !== undefined ? this.markets.get(market.oldMarketId) : undefined) ?? new LiveMarket(market);
    if (slot.pushedAt > askedAt) return slot;
    slot.marketId = market.marketId;
    slot.status = market.status;
    slot.line = market.line;
    slot.outcomeCount = market.options.length;
    this.markets.set(market.marketId, slot);
    for (const option of market.options) this.setOption(slot, option.type, option.odd, option.isLock, option.line);
    return slot;
  }

  private setOption(slot: LiveMarket, type: string, odd: string, isLock: boolean, line: string | undefined): void {
    const existing = slot.options.get(type);
    if (!existing) {
      slot.options.set(type, new LiveOption(odd, isLock, line));
      return;
    }
    if (existing.odd !== odd) {
      existing.dir = direction(existing.odd, odd);
      existing.changedAt = this.now();
      existing.odd = odd;
    }
    existing.isLock = isLock;
    existing.line = line;
  }

  applyScore(batch: Iterable<ScorePush>): void {
    const now = this.now();
    this.pushes += 1;
    for (const push of batch) {
      const match = this.matches.get(push.matchId);
      if (!match) continue;
      match.pushedAt = this.pushes;
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
          match.clockAt = now;
          break;
        case 'status':
          match.matchStatus = push.matchStatus;
          match.period = push.period;
          match.matchPeriod = push.matchPeriod[this.language()] ?? match.matchPeriod;
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
  }

  applyOdds(batch: Iterable<OddsPush>): void {
    this.pushes += 1;
    for (const push of batch) {
      for (const market of push.markets) {
        const slot = this.markets.get(market.marketId) ?? (market.oldMarketId !== undefined ? this.markets.get(market.oldMarketId) : undefined);
        // A market the screen never loaded is not shown: nothing to update.
        if (!slot) continue;
        this.seedMarket(market, Number.POSITIVE_INFINITY).pushedAt = this.pushes;
      }
    }
  }
}
