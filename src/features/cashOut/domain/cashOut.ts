import Decimal from 'decimal.js';
import { toExact } from '../../../../domain/decimal';
import { cashOutPrice, floorAmount } from '../../../../domain/money';
import { CASH_OUT_FAILURE_NAMES, CashOutStatus } from '../../../../contract/enums';

/**
 * Early settlement (cash out) rules of the betting-core spec (sections 4 and 5) and DOMAIN.md section 4, as pure
 * functions: who may cash out, what a part pays, which stakes a partial cash out accepts, and how an order's cash-out
 * fields move after a partial one. Money in and out is decimal text; no JavaScript number carries money.
 */

export { CashOutStatus };

export type CashOutFailureReason = (typeof CASH_OUT_FAILURE_NAMES)[keyof typeof CASH_OUT_FAILURE_NAMES];

export function failureReasonOf(code: unknown): CashOutFailureReason | undefined {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return typeof n === 'number' ? CASH_OUT_FAILURE_NAMES[n as keyof typeof CASH_OUT_FAILURE_NAMES] : undefined;
}

/**
 * The i18n key (cashOut namespace) of a cash-out entry's cancelReason as the platform sends it (a code, number or
 * text): the spec's reason, or `reason.unknown` for a code this app does not know, so a member never reads a raw code.
 */
export function failureReasonKey(code: unknown): string {
  return `reason.${failureReasonOf(code) ?? 'unknown'}`;
}

/**
 * Spec section 4: "Order ids are matched on their first 15 characters". Ids are 19 digits; a client that read one as
 * a JavaScript number keeps only about 16 significant digits, so the first 15 are what both sides agree on.
 */
export const ORDER_ID_MATCH_LENGTH = 15;

export function sameOrderId(a: string | number, b: string | number): boolean {
  const left = String(a).trim();
  const right = String(b).trim();
  if (left === '' || right === '') return false;
  return left.slice(0, ORDER_ID_MATCH_LENGTH) === right.slice(0, ORDER_ID_MATCH_LENGTH);
}

const decimalOr = (value: Decimal.Value | null | undefined, fallback: Decimal): Decimal => {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return toExact(value, 'Amount');
  } catch {
    return fallback;
  }
};

const ZERO = new Decimal(0);

export interface CashOutPermissionInput {
  /** The offer for the whole remaining stake (the quote's amount, or the record's cashOutPrice). */
  cashOutPrice: Decimal.Value | null | undefined;
  remainingPrincipal: Decimal.Value | null | undefined;
  /** The record's polling flag, or the order being followed by the early-settlement poll. */
  inPolling: boolean;
}

/**
 * Spec section 5: "Early settlement is allowed only when the cash-out price is above 0, the remaining principal is
 * above 0 and the order is not already polling." Values that are missing or not numbers count as 0.
 */
export function canSettleEarly({ cashOutPrice: price, remainingPrincipal, inPolling }: CashOutPermissionInput): boolean {
  if (inPolling) return false;
  return decimalOr(price, ZERO).gt(0) && decimalOr(remainingPrincipal, ZERO).gt(0);
}

/**
 * What cashing out `stake` pays at the quote `rate`: rate x stake rounded to 3 decimals, then floored to 2 (the spec's
 * amount rule; 0 when nothing is cashed out).
 */
export function partPayout(rate: Decimal.Value, stake: Decimal.Value): Decimal {
  return cashOutPrice(rate, stake);
}

/** The minimum cash-out stake that applies to an order: single (smis) or parlay (pmis). */
export function minimumFor(betType: number, minimums: { single: Decimal.Value; parlay: Decimal.Value }): Decimal {
  return decimalOr(betType === 1 ? minimums.single : minimums.parlay, ZERO);
}

export interface PartialRange {
  /** Smallest partial stake: the minimum (at least 0.01). */
  min: Decimal;
  /** Largest partial stake: what leaves the minimum running. */
  max: Decimal;
}

/**
 * The stakes a partial cash out may take: at least the minimum, and leaving at least the minimum running (a running
 * stake below the minimum could never be cashed out again). Undefined when no partial fits: only a full cash out.
 */
export function partialRange(remaining: Decimal.Value, minimum: Decimal.Value): PartialRange | undefined {
  const r = decimalOr(remaining, ZERO);
  const floor = Decimal.max(decimalOr(minimum, ZERO), new Decimal('0.01'));
  const max = r.minus(floor).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  if (max.lt(floor)) return undefined;
  return { min: floor, max };
}

export type StakeProblem = 'invalid' | 'aboveRemaining' | 'belowMinimum' | 'leavesTooLittle';

/**
 * Checks a cash-out stake against the order (as the platform does): positive with at most 2 decimals, not above the
 * remaining stake; the whole remaining stake is always allowed; a partial one must be within partialRange.
 */
export function checkCashOutStake(stake: Decimal.Value, remaining: Decimal.Value, minimum: Decimal.Value): StakeProblem | undefined {
  let s: Decimal;
  try {
    s = toExact(stake, 'Stake');
  } catch {
    return 'invalid';
  }
  if (s.lte(0) || s.decimalPlaces() > 2) return 'invalid';
  const r = decimalOr(remaining, ZERO);
  if (s.gt(r)) return 'aboveRemaining';
  if (s.eq(r)) return undefined;
  const range = partialRange(r, minimum);
  const floor = Decimal.max(decimalOr(minimum, ZERO), new Decimal('0.01'));
  if (s.lt(floor)) return 'belowMinimum';
  if (!range || s.gt(range.max)) return 'leavesTooLittle';
  return undefined;
}

/**
 * Spec section 4: a settled cash out is the whole order when the remaining principal equals the cash-out stake.
 * Compared as amounts ("100" equals "100.00").
 */
export function isFullCashOut(remainingPrincipal: Decimal.Value, cashOutStake: Decimal.Value): boolean {
  const r = decimalOr(remainingPrincipal, new Decimal(-1));
  const s = decimalOr(cashOutStake, new Decimal(-2));
  return r.gt(0) && r.eq(s);
}

/** The cash-out fields of an order before a cash out (bet record field names). */
export interface CashOutFigures {
  remainingPrincipal: string;
  cashOutPayoutStake: string;
  cashOutTotalAmount: string;
  lastWinAmount: string;
  /** The quote rate (payout per unit of stake). */
  rate: string;
}

/** The fields the spec recalculates after a partial settlement (section 4, "partly settled"). */
export interface PartialCashOutPatch {
  cashOutPayoutStake: string;
  cashOutTotalAmount: string;
  remainingPrincipal: string;
  lastWinAmount: string;
  cashOutPrice: string;
  lastBetAmount: string;
}

/**
 * A partial cash out of `amount` (stake) paying `payout`: the stake cashed out and the total paid grow by them, the
 * remaining principal (and the last bet amount, which is the stake still running) shrinks by the amount, the last
 * win amount (what the running stake would win) shrinks in proportion, and the cash-out price is the rate times what
 * still runs, with the spec's rounding.
 */
export function afterPartialCashOut(before: CashOutFigures, cashOut: { amount: string; payout: string }): PartialCashOutPatch {
  const remainingBefore = decimalOr(before.remainingPrincipal, ZERO);
  const amount = decimalOr(cashOut.amount, ZERO);
  const payout = decimalOr(cashOut.payout, ZERO);
  const remaining = Decimal.max(remainingBefore.minus(amount), ZERO);
  const lastWin = remainingBefore.gt(0) ? floorAmount(decimalOr(before.lastWinAmount, ZERO).times(remaining).dividedBy(remainingBefore)) : ZERO;
  const rate = decimalOr(before.rate, ZERO);
  return {
    cashOutPayoutStake: decimalOr(before.cashOutPayoutStake, ZERO).plus(amount).toFixed(2),
    cashOutTotalAmount: decimalOr(before.cashOutTotalAmount, ZERO).plus(payout).toFixed(2),
    remainingPrincipal: remaining.toFixed(2),
    lastWinAmount: lastWin.toFixed(2),
    cashOutPrice: (rate.isNeg() ? ZERO : cashOutPrice(rate, remaining)).toFixed(2),
    lastBetAmount: remaining.toFixed(2),
  };
}
