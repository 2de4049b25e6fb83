import { toExact } from './decimal';
import { OrderStatus } from '../contract/enums';
import { potentialReturn, priceKindOf, type PriceKind } from './odds';
import { betOdds, BetResult } from './series';
import type { AutoCashOutRule, CashOutEntry } from '../contract/betting';

/**
 * The spec's bet record and bet option fields and the short keys the platform sends them under ("records with the
 * spec's bet record fields as short server keys the app maps"). The spec names a few short keys it saw (id, st, sa,
 * sat, cops, cots, crl, mwa, mid, ops, mgn, bo, onm, sr, mrid, ty, cid, sert); the rest are the platform's. One table
 * for both sides: the platform writes with it, the app reads with it.
 */
export const BET_RECORD_KEYS = {
  id: 'id',
  seriesType: 'sert',
  betCount: 'bc',
  matchCount: 'mc',
  betAmount: 'sa',
  lastBetAmount: 'lba',
  settledAmount: 'sat',
  orderStatus: 'st',
  oddsChange: 'oc',
  settledTime: 'stt',
  createdTime: 'ct',
  cancelledTime: 'cct',
  modifiedTime: 'mdt',
  remark: 'rmk',
  singleBetAmount: 'usa',
  betType: 'bt',
  rate: 'rt',
  cashOutPrice: 'cop',
  cashOutStatus: 'cos',
  minSingleAmount: 'smis',
  minParlayAmount: 'pmis',
  maxCashOutCount: 'mxc',
  cashOutTotalAmount: 'cots',
  remainingPrincipal: 'rpp',
  allowSettleInAdvance: 'asa',
  cashOutPayoutStake: 'cops',
  cashOutCount: 'coc',
  autoBet: 'ab',
  handicapCount: 'hc',
  seriesCount: 'sc',
  reserveStatus: 'rss',
  lastWinAmount: 'lwa',
  maxWinAmount: 'mwa',
  maxPayoutAmount: 'mpa',
  returnAmount: 'ra',
  options: 'ops',
  reserveCashOutList: 'crl',
  cashOutList: 'col',
  currencyId: 'cid',
  currency: 'cur',
  exchangeRate: 'er',
  inPolling: 'ipl',
  rejectReason: 'rjr',
  rejectType: 'rjt',
  result: 'res',
} as const;

export type BetRecordField = keyof typeof BET_RECORD_KEYS;

export const BET_OPTION_KEYS = {
  sportId: 'sid',
  matchId: 'mid',
  matchName: 'mn',
  leagueName: 'ln',
  beginTime: 'bgt',
  period: 'pe',
  marketType: 'mty',
  outcomeCount: 'oct',
  marketTypeName: 'mgn',
  optionName: 'onm',
  inPlay: 'ip',
  home: 'ht',
  away: 'at',
  resultScore: 'rsc',
  settledResult: 'sr',
  betOdds: 'bo',
  oddsType: 'ot',
  linear: 'li',
  remark: 'rmk',
  marketId: 'mrid',
  selectionType: 'ty',
  odds: 'od',
  cancelReason: 'cr',
  isInPlay: 'iip',
  matchType: 'mt',
} as const;

export type BetOptionField = keyof typeof BET_OPTION_KEYS;

type Invert<T extends Record<string, string>> = { [K in keyof T as T[K]]: K };

function invert<T extends Record<string, string>>(table: T): Invert<T> {
  return Object.fromEntries(Object.entries(table).map(([field, key]) => [key, field])) as Invert<T>;
}

/** Short key to field name, for the app's mapping. */
export const BET_RECORD_FIELDS = invert(BET_RECORD_KEYS);
export const BET_OPTION_FIELDS = invert(BET_OPTION_KEYS);

export { OrderStatus };

/** A team of a leg, as the option's home and away. */
export interface BetTeam {
  id: number | string | null;
  logoUrl: string;
  name: string;
}

/** One leg of an order, under the spec's bet option field names. Odds are decimal strings. */
export interface BetOption {
  sportId: number;
  matchId: number;
  matchName: string;
  leagueName: string;
  beginTime: number | null;
  period: string;
  marketType: number;
  /** Outcomes of the leg's market (2 = two-way): decides the format its odds show in (domain/odds priceKindOf); 0 unknown. */
  outcomeCount: number;
  marketTypeName: string;
  optionName: string;
  inPlay: boolean;
  home: BetTeam | null;
  away: BetTeam | null;
  resultScore: string | null;
  /** BetResult of the leg (0 while open). */
  settledResult: number;
  betOdds: string;
  oddsType: number;
  linear: string | null;
  remark: string;
  marketId: number;
  selectionType: string;
  odds: string;
  cancelReason: string | null;
  isInPlay: boolean;
  matchType: number;
}

/**
 * An automatic cash-out rule set on an order, as a bet record lists it (the spec names only the list): the contract's
 * rule in part, its id as the record sends it.
 */
export interface ReserveCashOutEntry extends Pick<AutoCashOutRule, 'stake' | 'threshold' | 'status' | 'createdTime'> {
  id: number | string;
}

/** The spec's bet record with its field names; money and rates are decimal strings, never numbers. */
export interface BetRecord {
  id: string;
  seriesType: number;
  betCount: number;
  matchCount: number;
  betAmount: string;
  lastBetAmount: string;
  settledAmount: string;
  orderStatus: number;
  oddsChange: number;
  settledTime: number | null;
  createdTime: number;
  cancelledTime: number | null;
  modifiedTime: number | null;
  remark: string;
  singleBetAmount: string;
  betType: number;
  rate: string;
  cashOutPrice: string;
  cashOutStatus: number;
  minSingleAmount: string;
  minParlayAmount: string;
  maxCashOutCount: number;
  cashOutTotalAmount: string;
  remainingPrincipal: string;
  allowSettleInAdvance: boolean;
  cashOutPayoutStake: string;
  cashOutCount: number;
  autoBet: boolean;
  handicapCount: number;
  seriesCount: number;
  reserveStatus: number;
  lastWinAmount: string;
  maxWinAmount: string;
  maxPayoutAmount: string;
  returnAmount: string;
  options: BetOption[];
  reserveCashOutList: ReserveCashOutEntry[];
  cashOutList: CashOutEntry[];
  currencyId: number;
  currency: string;
  exchangeRate: string;
  inPolling: boolean;
  rejectReason: string | null;
  rejectType: number | null;
  /** BetResult of the whole order (0 until settled); a platform field beside the spec's list. */
  result: number;
}

type Raw = Record<string, unknown>;

const isRaw = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Renames short keys to field names; keys outside the table are dropped. */
function renamed<F extends string>(raw: unknown, fields: Record<string, F>): Partial<Record<F, unknown>> {
  const out: Partial<Record<F, unknown>> = {};
  if (!isRaw(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    const field = fields[key];
    if (field !== undefined) out[field] = value;
  }
  return out;
}

// Readers that never throw: a record with a missing or odd field still shows, with a neutral value in its place.
const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};
const nullableNum = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = num(v, NaN);
  return Number.isNaN(n) ? null : n;
};
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : fallback);
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : str(v));
/** Money and odds arrive as decimal strings; a number is accepted as text, anything else reads as zero. */
const money = (v: unknown): string => {
  const text = str(v).trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? text : '0';
};
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function team(v: unknown): BetTeam | null {
  if (!isRaw(v)) return null;
  const id = v.id;
  return { id: typeof id === 'number' || typeof id === 'string' ? id : null, logoUrl: str(v.logoUrl), name: str(v.name) };
}

/** A leg under short keys (BET_OPTION_KEYS) as a typed BetOption. */
export function mapBetOption(raw: unknown): BetOption {
  const o = renamed(raw, BET_OPTION_FIELDS);
  return {
    sportId: num(o.sportId),
    matchId: num(o.matchId),
    matchName: str(o.matchName),
    leagueName: str(o.leagueName),
    beginTime: nullableNum(o.beginTime),
    period: str(o.period),
    marketType: num(o.marketType),
    outcomeCount: num(o.outcomeCount),
    marketTypeName: str(o.marketTypeName),
    optionName: str(o.optionName),
    inPlay: bool(o.inPlay),
    home: team(o.home),
    away: team(o.away),
    resultScore: strOrNull(o.resultScore) || null,
    settledResult: num(o.settledResult),
    betOdds: money(o.betOdds),
    oddsType: num(o.oddsType, 1),
    linear: strOrNull(o.linear) || null,
    remark: str(o.remark),
    marketId: num(o.marketId),
    selectionType: str(o.selectionType),
    odds: money(o.odds ?? o.betOdds),
    cancelReason: strOrNull(o.cancelReason) || null,
    isInPlay: bool(o.isInPlay),
    matchType: num(o.matchType, 1),
  };
}

/**
 * What a leg's odds are on, for the format they show in (domain/odds displayOddsFormat): every leg of a multiple is a
 * parlay leg, shown in decimal as the slip showed it; a single's leg goes by its market's outcomes.
 */
export function legPriceKind(record: Pick<BetRecord, 'options'>, leg: Pick<BetOption, 'outcomeCount'>): PriceKind {
  return record.options.length > 1 ? 'parlay' : priceKindOf(leg.outcomeCount);
}

function cashOutEntry(raw: unknown): CashOutEntry {
  const c = isRaw(raw) ? raw : {};
  return {
    id: str(c.id),
    createdTime: num(c.createdTime),
    amount: money(c.amount),
    payout: money(c.payout),
    orderId: str(c.orderId),
    orderStatus: num(c.orderStatus),
    refundAmount: money(c.refundAmount),
    cancelReason: nullableNum(c.cancelReason),
    auto: num(c.auto),
  };
}

function reserveCashOutEntry(raw: unknown): ReserveCashOutEntry {
  const c = isRaw(raw) ? raw : {};
  return {
    id: typeof c.id === 'number' ? c.id : str(c.id),
    stake: money(c.stake),
    threshold: money(c.threshold),
    status: num(c.status),
    createdTime: num(c.createdTime),
  };
}

/** A bet record under short keys (BET_RECORD_KEYS), as the platform sends it, as a typed BetRecord. */
export function mapBetRecord(raw: unknown): BetRecord {
  const r = renamed(raw, BET_RECORD_FIELDS);
  return {
    id: str(r.id),
    seriesType: num(r.seriesType),
    betCount: num(r.betCount, 1),
    matchCount: num(r.matchCount, 1),
    betAmount: money(r.betAmount),
    lastBetAmount: money(r.lastBetAmount),
    settledAmount: money(r.settledAmount),
    orderStatus: num(r.orderStatus),
    oddsChange: num(r.oddsChange, 1),
    settledTime: nullableNum(r.settledTime),
    createdTime: num(r.createdTime),
    cancelledTime: nullableNum(r.cancelledTime),
    modifiedTime: nullableNum(r.modifiedTime),
    remark: str(r.remark),
    singleBetAmount: money(r.singleBetAmount),
    betType: num(r.betType, 1),
    rate: money(r.rate),
    cashOutPrice: money(r.cashOutPrice),
    cashOutStatus: num(r.cashOutStatus),
    minSingleAmount: money(r.minSingleAmount),
    minParlayAmount: money(r.minParlayAmount),
    maxCashOutCount: num(r.maxCashOutCount),
    cashOutTotalAmount: money(r.cashOutTotalAmount),
    remainingPrincipal: money(r.remainingPrincipal),
    allowSettleInAdvance: bool(r.allowSettleInAdvance),
    cashOutPayoutStake: money(r.cashOutPayoutStake),
    cashOutCount: num(r.cashOutCount),
    autoBet: bool(r.autoBet),
    handicapCount: num(r.handicapCount),
    seriesCount: num(r.seriesCount),
    reserveStatus: num(r.reserveStatus),
    lastWinAmount: money(r.lastWinAmount),
    maxWinAmount: money(r.maxWinAmount),
    maxPayoutAmount: money(r.maxPayoutAmount),
    returnAmount: money(r.returnAmount),
    options: list(r.options).map(mapBetOption),
    reserveCashOutList: list(r.reserveCashOutList).map(reserveCashOutEntry),
    cashOutList: list(r.cashOutList).map(cashOutEntry),
    currencyId: num(r.currencyId),
    currency: str(r.currency),
    exchangeRate: money(r.exchangeRate),
    inPolling: bool(r.inPolling),
    rejectReason: strOrNull(r.rejectReason) || null,
    rejectType: nullableNum(r.rejectType),
    result: num(r.result),
  };
}

/** The spec's display status of an order. */
export type DisplayStatus = 'waiting' | 'confirm' | 'failure' | 'cancel' | 'settlement' | 'earlySettlement';

/**
 * Spec section 4: waiting (created or confirming), confirm, failure (rejected), cancel, settlement or early
 * settlement when settled. A cash out still being confirmed (101) leaves the order running: confirm.
 */
export function displayStatusOf(orderStatus: number): DisplayStatus {
  switch (orderStatus) {
    case OrderStatus.Created:
    case OrderStatus.Confirming:
      return 'waiting';
    case OrderStatus.Rejected:
      return 'failure';
    case OrderStatus.Canceled:
      return 'cancel';
    case OrderStatus.Settled:
      return 'settlement';
    case OrderStatus.CashOut:
      return 'earlySettlement';
    default:
      return 'confirm';
  }
}

/** How a settled bet (or leg) came out, in the spec's words. */
export type DisplayResult = 'win' | 'lose' | 'draw' | 'halfWin' | 'halfLose' | 'cancel';

/** BetResult codes (Return 2, Lost 3, Won 4, WinReturn 5, LoseReturn 6, Cancel 7); NoResulted or unknown: none. */
export function resultOf(betResult: number): DisplayResult | undefined {
  switch (betResult) {
    case BetResult.Return:
      return 'draw';
    case BetResult.Lost:
      return 'lose';
    case BetResult.Won:
      return 'win';
    case BetResult.WinReturn:
      return 'halfWin';
    case BetResult.LoseReturn:
      return 'halfLose';
    case BetResult.Cancel:
      return 'cancel';
    default:
      return undefined;
  }
}

/** Spec: an early settlement is lost if the payout is below the stake, won if above, otherwise a draw. */
export function earlySettlementResult(payout: string, stake: string): DisplayResult {
  const order = toExact(payout, 'Payout').cmp(toExact(stake, 'Stake'));
  return order < 0 ? 'lose' : order > 0 ? 'win' : 'draw';
}

/**
 * The result badge of an order: a settled order's BetResult; a cashed-out one by what it returned against its
 * stake; nothing while it runs or when it was rejected or cancelled (its status says so).
 */
export function displayResultOf(record: Pick<BetRecord, 'orderStatus' | 'result' | 'settledAmount' | 'betAmount'>): DisplayResult | undefined {
  if (record.orderStatus === OrderStatus.Settled) return resultOf(record.result);
  if (record.orderStatus === OrderStatus.CashOut) return earlySettlementResult(record.settledAmount, record.betAmount);
  return undefined;
}

/**
 * What the stake still running on an order returns if every leg wins: `potentialReturn` of the remaining stake at the
 * odds its legs were accepted at, the very call the platform records the order with, so My bets shows the slip's and
 * the platform's amount to the cent. A record without the legs to price it falls back to the platform's maxWinAmount.
 */
export function recordPotentialReturn(record: Pick<BetRecord, 'lastBetAmount' | 'betCount' | 'seriesType' | 'options' | 'maxWinAmount'>): string {
  try {
    const odds = betOdds(record.options.map((o) => o.betOdds), record.seriesType);
    return potentialReturn(record.lastBetAmount, odds, record.betCount).toFixed(2);
  } catch {
    return record.maxWinAmount;
  }
}

/** The spec's statistics row of the bet history, one per currency; the reserved view sends no payout or win/lose. */
export interface BetStatisticsRow {
  coinId: number;
  coinName: string;
  count: number;
  stakeAmount: string;
  payoutAmount?: string;
  winLose?: string;
}

export function mapStatisticsRow(raw: unknown): BetStatisticsRow {
  const s = isRaw(raw) ? raw : {};
  return {
    coinId: num(s.coinId),
    coinName: str(s.coinName),
    count: num(s.count),
    stakeAmount: money(s.stakeAmount),
    ...(s.payoutAmount !== undefined ? { payoutAmount: money(s.payoutAmount) } : {}),
    ...(s.winLose !== undefined ? { winLose: money(s.winLose) } : {}),
  };
}
