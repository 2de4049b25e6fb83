import Decimal from 'decimal.js';
import { ODDS_DISPLAY_DECIMALS, OddsFormat } from '../../../domain/odds';
import type { ReservationOption, ReservationParameter, ReservationSummary } from '../../../contract';
import { lockKeys } from '../db/locks';
import type { ReservationsTable } from '../db/schema';
import type { Fixture, Lang, Market, Option } from '../feed';
import { ApiError, CODES } from '../http/envelope';
import { currencyIdOf, fromMinor, isCurrency, Money, toMinor, type Currency, type MoneyValue } from '../money';
import { BetError, OddsChange, ReservationStatus } from './codes';
import { legSnapshot, marketSnapshot, type BettingDeps, type LegSnapshot, type MarketSnapshot, type OrderService } from './orders';
import { BetRefused, checkStake, openMarket, priceLeg, refuse, REFUSAL_TEXT, stakeRange, type StakeRange } from './rules';
import { InsufficientFunds } from './wallet';

/** Spec section 9: the reserved view shows failed pre-bets of the last 7 days. */
export const FAILED_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
/** The highest odds a pre-bet may ask: this many times the current odds, and never above ODDS_CAP. */
export const MAX_ODDS_FACTOR = 3;
export const ODDS_CAP = '100';
/** Pre-bets listed at most per call (newest first); the statistics count them all. */
export const LIST_LIMIT = 200;
/** Requested odds are decimal with at most this many places: the precision the feed quotes and the app shows. */
const ODDS_PLACES = ODDS_DISPLAY_DECIMALS;
/** Request ids of bookings share the bet_requests table with orders under this prefix. */
const REQUEST_PREFIX = 'reserve:';

export interface OddsBounds {
  minOdds: Decimal;
  maxOdds: Decimal;
}

/**
 * What a pre-bet on an option priced `current` may ask: from the next 0.01 step above the current odds up to
 * 3x the current odds, capped at 100 (never below the minimum, so a price near the cap still has one step).
 */
export function oddsBounds(current: Decimal.Value): OddsBounds {
  const now = new Decimal(current);
  const minOdds = now.toDecimalPlaces(2, Decimal.ROUND_DOWN).plus('0.01');
  const capped = Decimal.min(now.times(MAX_ODDS_FACTOR), ODDS_CAP).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return { minOdds, maxOdds: Decimal.max(minOdds, capped) };
}


export interface ReservationStats {
  coinId: number;
  coinName: string;
  count: number;
  stakeAmount: string;
}

export interface BookInput {
  matchId: number;
  marketId: number;
  optionType: string;
  /** Decimal odds the pre-bet is placed at (or better). */
  odds: string;
  unitStake: string;
}

export interface BookContext {
  memberId: number;
  currency: Currency;
  requestId?: string;
}

export interface ListQuery {
  isFailed: boolean;
  startTime?: number;
  endTime?: number;
}

export interface ReservationService {
  /** The spec's reserve limit: stake and odds bounds of a market's options now. */
  parameters(input: { matchId: number; marketId: number; optionType?: string; currency: Currency }, lang: Lang): ReservationParameter;
  /** Books a pre-bet; no money moves until it is placed. A repeated requestId answers the first booking. */
  book(ctx: BookContext, input: BookInput, lang: Lang): Promise<{ reservation: ReservationSummary; repeated: boolean }>;
  /** Changes the odds and/or unit stake of a booked pre-bet of the member. */
  modify(memberId: number, reserveId: string, changes: { odds?: string; unitStake?: string }, lang: Lang): Promise<ReservationSummary>;
  /** Cancels a booked pre-bet of the member; cancelling a cancelled one answers it unchanged. */
  cancel(memberId: number, reserveId: string, lang: Lang): Promise<ReservationSummary>;
  /** The reserved view: booked and in progress, or (isFailed) cancelled and no longer valid of the last 7 days. */
  list(memberId: number, query: ListQuery, lang: Lang): Promise<{ ods: ReservationSummary[]; sts: ReservationStats[] }>;
  /** Booked pre-bets on these markets whose odds reached the requested value are placed. */
  onOdds(markets: readonly Market[]): Promise<void>;
  /** Pre-bets whose match started or market closed become no longer valid. */
  expire(): Promise<number>;
}

type Row = ReservationsTable;

/** Decimal odds as stored and shown: at least 2 decimals ("2.10"), up to the 3 asked. */
const oddsText = (odds: Decimal): string => odds.toFixed(Math.max(2, odds.decimalPlaces()));

/** A guarded update found the pre-bet no longer booked as read (cancelled, placed or modified): roll the placement back. */
class NoLongerBooked extends Error {}

export function createReservationService(deps: BettingDeps, orders: OrderService): ReservationService {
  const { db, clock, feed, wallet, config } = deps;
  const limits = config.betting.reservation;

  const rangeAt = (currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, limits.stake, currency, odds);

  function parseOdds(value: string, where: string): Decimal {
    let odds: Decimal;
    try {
      odds = new Decimal(value);
    } catch {
      throw new ApiError(400, CODES.INVALID_INPUT, `${where}: expected decimal odds like "2.10", got "${value}"`);
    }
    if (!odds.isFinite() || odds.lessThanOrEqualTo(1) || odds.decimalPlaces() > ODDS_PLACES) {
      throw new ApiError(400, CODES.INVALID_INPUT, `${where}: expected decimal odds above 1 with at most ${ODDS_PLACES} decimals, got "${value}"`);
    }
    return odds;
  }

  function parseStake(value: string, where: string): MoneyValue {
    const stake = new Money(value);
    if (!stake.isFinite() || stake.lessThanOrEqualTo(0) || stake.decimalPlaces() > 2) {
      throw new ApiError(400, CODES.INVALID_INPUT, `${where}: expected an amount above 0 with at most 2 decimals, got "${value}"`);
    }
    return stake;
  }

  /** The option a pre-bet is on, open for booking now (the same refusals as a bet). */
  function bookable(marketId: number, optionType: string, where: string, matchId?: number): { market: Market; option: Option; fixture: Fixture } {
    const market = openMarket(feed, marketId, where);
    if (matchId !== undefined && market.matchId !== matchId) throw refuse(BetError.HandicapClosed, `${where}: market ${marketId} is not on match ${matchId}`);
    const option = market.options.find((o) => o.type === optionType);
    if (!option) {
      throw new ApiError(400, CODES.INVALID_INPUT, `${where}.optionType: market ${marketId} has no option ${JSON.stringify(optionType)} (options: ${market.options.map((o) => o.type).join(', ')})`);
    }
    if (option.isLock) throw refuse(BetError.MarketSuspended, `${where}: option ${option.type} is locked`);
    const fixture = feed.fixture(market.matchId);
    if (!fixture) throw refuse(BetError.HandicapClosed, `${where}: match ${market.matchId} is no longer offered`);
    if (!fixture.inPlay && fixture.beginTime <= feed.now()) throw refuse(BetError.MatchStarted, `${where}: match ${market.matchId} is starting`);
    return { market, option, fixture };
  }

  function checkOdds(requested: Decimal, current: string, where: string): void {
    const { minOdds, maxOdds } = oddsBounds(current);
    if (requested.lessThan(minOdds)) {
      throw refuse(BetError.ReservationOddsTooLow, `${where}: asked ${requested.toString()}, the odds are ${current} now; ask at least ${minOdds.toFixed(2)}`);
    }
    if (requested.greaterThan(maxOdds)) {
      throw new ApiError(400, CODES.INVALID_INPUT, `${where}: asked ${requested.toString()}, at most ${maxOdds.toFixed(2)} (${MAX_ODDS_FACTOR}x the current ${current}, capped at ${ODDS_CAP})`);
    }
  }

  /** Early feedback only: the stake is taken when the pre-bet is placed, and checked again then. */
  async function checkBalance(memberId: number, currency: Currency, stake: MoneyValue, where: string): Promise<void> {
    const balance = await wallet.getBalance(memberId, currency);
    if (balance < toMinor(stake)) throw refuse(BetError.InsufficientBalance, `${where}: ${currency} balance ${fromMinor(balance)} is below the stake ${stake.toFixed(2)}`);
  }

  /** Why a booked pre-bet can no longer be placed, or undefined while it can still wait. */
  function invalidReason(row: Pick<Row, 'id' | 'match_id' | 'market_id' | 'option_type' | 'is_in_play'>): string | undefined {
    const where = `pre-bet ${row.id}`;
    try {
      openMarket(feed, Number(row.market_id), where);
    } catch (error) {
      if (error instanceof BetRefused && error.code === BetError.MarketSuspended) {
        // A suspended market reopens: wait, unless the match also started (below).
      } else if (error instanceof ApiError) {
        return error.message;
      } else {
        throw error;
      }
    }
    const market = feed.market(Number(row.market_id));
    if (!market?.options.some((o) => o.type === row.option_type)) return `${REFUSAL_TEXT[BetError.HandicapClosed]}: ${where}: option ${row.option_type} is no longer offered`;
    const fixture = feed.fixture(Number(row.match_id));
    if (!fixture) return `${REFUSAL_TEXT[BetError.HandicapClosed]}: ${where}: match ${row.match_id} is no longer offered`;
    if (row.is_in_play === 0 && (fixture.inPlay || fixture.beginTime <= feed.now())) {
      return `${REFUSAL_TEXT[BetError.MatchStarted]}: ${where}: a pre-match pre-bet lapses at kick-off`;
    }
    return undefined;
  }

  async function markInvalid(id: string, reason: string): Promise<boolean> {
    const done = await db
      .updateTable('reservations')
      .set({ status: ReservationStatus.Invalid, fail_reason: reason.slice(0, 500), modified_at: clock.now() })
      .where('id', '=', id)
      .where('status', '=', ReservationStatus.Booked)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  function summaries(rows: readonly Row[], lang: Lang): ReservationSummary[] {
    const scores = new Map<number, { home: number; away: number } | null>();
    const scoreOf = (matchId: number) => {
      if (!scores.has(matchId)) {
        const view = feed.match(matchId, lang);
        scores.set(matchId, view ? { home: view.matchInfo.homeScore, away: view.matchInfo.awayScore } : null);
      }
      return scores.get(matchId) ?? null;
    };
    return rows.map((row) => {
      const names = JSON.parse(row.snapshot_json) as LegSnapshot;
      const snap = JSON.parse(row.market_json) as MarketSnapshot;
      const matchId = Number(row.match_id);
      const fixture = feed.fixture(matchId);
      const market = feed.market(Number(row.market_id));
      const option = market && market.replacedBy === undefined && market.status !== -1 ? market.options.find((o) => o.type === row.option_type) : undefined;
      const score = names.isOutright ? null : scoreOf(matchId);
      const currency = isCurrency(row.currency) ? row.currency : 'CNY';
      const homeName = names.home.name[lang];
      const awayName = names.away?.name[lang] ?? '';
      return {
        reserveId: row.id,
        marketId: Number(row.market_id),
        matchId,
        type: row.option_type,
        sportId: row.sport_id,
        marketType: row.market_type,
        period: snap.period,
        line: row.line,
        leagueName: names.league.name[lang],
        homeName,
        awayName,
        matchType: names.isOutright ? 2 : 1,
        betName: names.market[lang],
        optionBetName: names.option[lang],
        optionOdd: row.odds,
        optionTeam: row.option_type === 'home' ? homeName : row.option_type === 'away' ? awayName : '',
        homeScore: score?.home ?? null,
        awayScore: score?.away ?? null,
        isInPlay: fixture ? fixture.inPlay : row.is_in_play === 1,
        status: row.status,
        unitStake: fromMinor(Number(row.unit_stake_minor)),
        currencyId: currencyIdOf(currency),
        currency,
        bookedOdds: row.booked_odds,
        currentOdd: option ? option.odd : null,
        beginTime: Number(row.begin_time),
        orderId: row.order_id,
        createdTime: Number(row.created_at),
        modifiedTime: Number(row.modified_at),
        failReason: row.fail_reason,
      };
    });
  }

  async function ownRow(memberId: number, reserveId: string): Promise<Row> {
    const row = await db.selectFrom('reservations').selectAll().where('id', '=', reserveId).where('member_id', '=', memberId).executeTakeFirst();
    if (!row) throw refuse(BetError.ReservationNotFound, `reserveId ${reserveId}`);
    return row;
  }

  function closed(row: Row): BetRefused {
    const state = ['booked', 'in progress', 'settled', 'cancelled', 'no longer valid'][row.status] ?? String(row.status);
    return refuse(BetError.ReservationClosed, `pre-bet ${row.id} is ${state}`);
  }

  /** Places one booked pre-bet whose odds were reached; a refusal of the book makes it no longer valid. */
  async function place(row: Row): Promise<void> {
    const where = `pre-bet ${row.id}`;
    const currency = (isCurrency(row.currency) ? row.currency : 'CNY') as Currency;
    try {
      const leg = priceLeg(feed, { marketId: Number(row.market_id), optionType: row.option_type, odds: row.odds, oddsFormat: OddsFormat.Europe }, OddsChange.Better, where);
      const stake = new Money(fromMinor(Number(row.unit_stake_minor)));
      await db.transaction().execute(async (trx) => {
        const placed = await orders.writeSingle(trx, { memberId: Number(row.member_id), currency }, leg, stake, OddsChange.Better, row.id);
        const done = await trx
          .updateTable('reservations')
          .set({ status: ReservationStatus.InProgress, order_id: placed.orderId, fail_reason: null, modified_at: clock.now() })
          .where('id', '=', row.id)
          .where('status', '=', ReservationStatus.Booked)
          // A modify that landed since the row was read wins: the next odds change re-evaluates it.
          .where('odds', '=', row.odds)
          .where('unit_stake_minor', '=', row.unit_stake_minor)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw new NoLongerBooked();
      });
    } catch (error) {
      if (error instanceof NoLongerBooked) return;
      if (error instanceof InsufficientFunds) {
        await markInvalid(row.id, `${REFUSAL_TEXT[BetError.InsufficientBalance]}: ${currency} balance ${fromMinor(error.balanceMinor)} is below the stake ${fromMinor(error.requestedMinor)}`);
        return;
      }
      if (error instanceof BetRefused) {
        // Suspended or moved back below the price between the check and now: keep waiting.
        if (error.code === BetError.MarketSuspended || error.code === BetError.OddsChanged) return;
        await markInvalid(row.id, error.message);
        return;
      }
      if (error instanceof ApiError) {
        await markInvalid(row.id, error.message);
        return;
      }
      throw error;
    }
  }

  return {
    parameters({ matchId, marketId, optionType, currency }, lang) {
      const market = openMarketOrSuspended(marketId);
      if (market.matchId !== matchId) throw refuse(BetError.HandicapClosed, `marketId: market ${marketId} is not on match ${matchId}`);
      const fixture = feed.fixture(market.matchId);
      if (!fixture) throw refuse(BetError.HandicapClosed, `matchId: match ${matchId} is no longer offered`);
      if (!fixture.inPlay && fixture.beginTime <= feed.now()) throw refuse(BetError.MatchStarted, `matchId: match ${matchId} is starting`);
      if (optionType !== undefined && !market.options.some((o) => o.type === optionType)) {
        throw new ApiError(400, CODES.INVALID_INPUT, `optionType: market ${marketId} has no option ${JSON.stringify(optionType)} (options: ${market.options.map((o) => o.type).join(', ')})`);
      }
      const currentOdds = market.options.map((o): ReservationOption => {
        const isLock = o.isLock || market.status !== 1;
        const bounds = isLock ? undefined : oddsBounds(o.odd);
        return { type: o.type, name: o.name[lang], odd: o.odd, isLock, minOdds: bounds?.minOdds.toFixed(2) ?? null, maxOdds: bounds?.maxOdds.toFixed(2) ?? null };
      });
      const chosen = currentOdds.filter((o) => !o.isLock && (optionType === undefined || o.type === optionType));
      const minOdds = chosen.length > 0 ? Decimal.min(...chosen.map((o) => o.minOdds!)) : undefined;
      const maxOdds = chosen.length > 0 ? Decimal.max(...chosen.map((o) => o.maxOdds!)) : undefined;
      const range = rangeAt(currency, minOdds ?? 1);
      return {
        matchId: market.matchId,
        marketId: market.marketId,
        sportId: market.sportId,
        marketType: market.marketType,
        period: market.period,
        line: market.line ?? null,
        status: market.status,
        isInPlay: fixture.inPlay,
        minBet: range.min.toFixed(2),
        maxBet: range.max.toFixed(2),
        currencyId: currencyIdOf(currency),
        currentOdds,
        minOdds: minOdds?.toFixed(2) ?? null,
        maxOdds: maxOdds?.toFixed(2) ?? null,
        expiresAt: fixture.inPlay ? null : fixture.beginTime,
      };
    },

    async book(ctx, input, lang) {
      const requestKey = ctx.requestId !== undefined ? `${REQUEST_PREFIX}${ctx.requestId}` : undefined;
      const repeat = async (): Promise<Row | undefined> => {
        if (requestKey === undefined) return undefined;
        const seen = await db.selectFrom('bet_requests').select('order_ids').where('member_id', '=', ctx.memberId).where('request_id', '=', requestKey).executeTakeFirst();
        if (!seen) return undefined;
        const [id] = JSON.parse(seen.order_ids) as string[];
        return db.selectFrom('reservations').selectAll().where('id', '=', id ?? '').executeTakeFirst();
      };
      const first = await repeat();
      if (first) return { reservation: summaries([first], lang)[0]!, repeated: true };

      const { market, option, fixture } = bookable(input.marketId, input.optionType, 'marketId', input.matchId);
      const odds = parseOdds(input.odds, 'odds');
      checkOdds(odds, option.odd, 'odds');
      const stake = parseStake(input.unitStake, 'unitStake');
      checkStake(stake, rangeAt(ctx.currency, odds), 'unitStake');
      await checkBalance(ctx.memberId, ctx.currency, stake, 'unitStake');

      const now = clock.now();
      const row: Row = {
        id: orders.nextId(),
        member_id: ctx.memberId,
        currency: ctx.currency,
        match_id: market.matchId,
        sport_id: market.sportId,
        market_id: market.marketId,
        market_type: market.marketType,
        option_type: option.type,
        line: option.line ?? market.line ?? null,
        odds: oddsText(odds),
        booked_odds: option.odd,
        unit_stake_minor: toMinor(stake),
        is_in_play: fixture.inPlay ? 1 : 0,
        begin_time: fixture.beginTime,
        market_json: JSON.stringify(marketSnapshot(market)),
        snapshot_json: JSON.stringify(legSnapshot({ market, option, fixture })),
        status: ReservationStatus.Booked,
        order_id: null,
        fail_reason: null,
        created_at: now,
        modified_at: now,
      };
      const written = await db.transaction().execute(async (trx) => {
        // The member's pre-bets, held until commit: the count of open ones below decides, and two bookings at once
        // (two instances) would otherwise both count one short of the limit.
        await lockKeys(trx, [`member:${ctx.memberId}:reservations`]);
        if (requestKey !== undefined) {
          const seen = await trx.selectFrom('bet_requests').select('order_ids').where('member_id', '=', ctx.memberId).where('request_id', '=', requestKey).executeTakeFirst();
          if (seen) return false;
        }
        const open = await trx
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', ctx.memberId)
          .where('status', '=', ReservationStatus.Booked)
          .executeTakeFirstOrThrow();
        if (Number(open.n) >= limits.maxOpenPerMember) {
          throw refuse(BetError.TooManyReservations, `at most ${limits.maxOpenPerMember} booked pre-bets at a time; cancel one or wait until one is placed`);
        }
        await trx.insertInto('reservations').values(row).execute();
        if (requestKey !== undefined) {
          await trx.insertInto('bet_requests').values({ member_id: ctx.memberId, request_id: requestKey, order_ids: JSON.stringify([row.id]), created_at: now }).execute();
        }
        return true;
      });
      if (!written) {
        const again = await repeat();
        if (again) return { reservation: summaries([again], lang)[0]!, repeated: true };
      }
      return { reservation: summaries([row], lang)[0]!, repeated: false };
    },

    async modify(memberId, reserveId, changes, lang) {
      const row = await ownRow(memberId, reserveId);
      if (row.status !== ReservationStatus.Booked) throw closed(row);
      let odds = new Decimal(row.odds);
      if (changes.odds !== undefined) {
        odds = parseOdds(changes.odds, 'odds');
        const { option } = bookable(Number(row.market_id), row.option_type, 'reserveId');
        checkOdds(odds, option.odd, 'odds');
      }
      const currency = (isCurrency(row.currency) ? row.currency : 'CNY') as Currency;
      const stake = changes.unitStake !== undefined ? parseStake(changes.unitStake, 'unitStake') : new Money(fromMinor(Number(row.unit_stake_minor)));
      checkStake(stake, rangeAt(currency, odds), 'unitStake');
      if (changes.unitStake !== undefined) await checkBalance(memberId, currency, stake, 'unitStake');
      const now = clock.now();
      const done = await db
        .updateTable('reservations')
        .set({ odds: oddsText(odds), unit_stake_minor: toMinor(stake), modified_at: now })
        .where('id', '=', row.id)
        .where('member_id', '=', memberId)
        .where('status', '=', ReservationStatus.Booked)
        .executeTakeFirst();
      const after = await ownRow(memberId, reserveId);
      if (Number(done.numUpdatedRows) === 0) throw closed(after);
      return summaries([after], lang)[0]!;
    },

    async cancel(memberId, reserveId, lang) {
      const row = await ownRow(memberId, reserveId);
      if (row.status === ReservationStatus.Cancelled) return summaries([row], lang)[0]!;
      if (row.status !== ReservationStatus.Booked) throw closed(row);
      const done = await db
        .updateTable('reservations')
        .set({ status: ReservationStatus.Cancelled, modified_at: clock.now() })
        .where('id', '=', row.id)
        .where('member_id', '=', memberId)
        .where('status', '=', ReservationStatus.Booked)
        .executeTakeFirst();
      const after = await ownRow(memberId, reserveId);
      if (Number(done.numUpdatedRows) === 0 && after.status !== ReservationStatus.Cancelled) throw closed(after);
      return summaries([after], lang)[0]!;
    },

    async list(memberId, query, lang) {
      let base = db.selectFrom('reservations').where('member_id', '=', memberId);
      if (query.isFailed) {
        const now = clock.now();
        const earliest = now - FAILED_WINDOW_DAYS * DAY_MS;
        const start = Math.max(query.startTime ?? earliest, earliest);
        const end = Math.min(query.endTime ?? now, now);
        base = base.where('status', 'in', [ReservationStatus.Cancelled, ReservationStatus.Invalid]).where('modified_at', '>=', start).where('modified_at', '<=', end);
      } else {
        base = base.where('status', 'in', [ReservationStatus.Booked, ReservationStatus.InProgress]);
      }
      const [rows, stats] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute(),
        base
          .select((eb) => ['currency', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('unit_stake_minor').as('stake')])
          .groupBy('currency')
          .orderBy('currency')
          .execute(),
      ]);
      return {
        ods: summaries(rows, lang),
        sts: stats.map((s) => ({
          coinId: isCurrency(s.currency) ? currencyIdOf(s.currency) : 0,
          coinName: s.currency,
          count: Number(s.count),
          stakeAmount: fromMinor(Number(s.stake ?? 0)),
        })),
      };
    },

    async onOdds(markets) {
      const ids = [...new Set(markets.map((m) => m.marketId))];
      if (ids.length === 0) return;
      const rows = await db
        .selectFrom('reservations')
        .selectAll()
        .where('status', '=', ReservationStatus.Booked)
        .where('market_id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      let failure: unknown;
      for (const row of rows) {
        try {
          const reason = invalidReason(row);
          if (reason !== undefined) {
            await markInvalid(row.id, reason);
            continue;
          }
          const market = feed.market(Number(row.market_id));
          const option = market?.options.find((o) => o.type === row.option_type);
          if (!market || market.status !== 1 || !option || option.isLock) continue;
          if (new Decimal(option.odd).lessThan(row.odds)) continue;
          await place(row);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
    },

    async expire() {
      const rows = await db
        .selectFrom('reservations')
        .select(['id', 'match_id', 'market_id', 'option_type', 'is_in_play'])
        .where('status', '=', ReservationStatus.Booked)
        .execute();
      let expired = 0;
      for (const row of rows) {
        const reason = invalidReason(row);
        if (reason !== undefined && (await markInvalid(row.id, reason))) expired++;
      }
      return expired;
    },
  };

  /** A market the parameters call can describe: on sale or suspended; closed, unknown or moved lines refuse. */
  function openMarketOrSuspended(marketId: number): Market {
    try {
      return openMarket(feed, marketId, 'marketId');
    } catch (error) {
      if (error instanceof BetRefused && error.code === BetError.MarketSuspended) return feed.market(marketId)!;
      throw error;
    }
  }
}
