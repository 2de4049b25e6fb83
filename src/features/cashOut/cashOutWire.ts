// What the cash-out routes and the member's offer channel say, read with care (a proxy's answer may lack a field),
// and what the cash-out store answers its screens. Pure functions and types, no state: kept apart from the store's
// links (cashOutOffers.ts, cashOutPolling.ts, cashOut.ts) so each of them reads the wire the same way.
import Decimal from 'decimal.js';
import type { BetRecord, ReserveCashOutEntry } from '../../../domain/betRecord';
import type { CashOutEntry, CashOutResult as CashOutWireResult } from '../../../contract/betting';
import type { CashOutOffer } from '../../../contract/push';
import { failureReasonOf, type CashOutFailureReason, type StakeProblem } from './domain/cashOut';
import { isApiError } from '../../services/http';

/** The platform's refusal codes of the cash-out routes (docs/api.md "Cash out"). */
const CODES = { belowRange: 15006, exceedRange: 15007, orderNotFound: 15020, unavailable: 15021 } as const;

/** An offer from `cashOut/price` for one order. Money and rates are decimal text. */
export interface CashOutQuote {
  orderId: string;
  /** The offer for the whole remaining stake. */
  amount: string;
  available: boolean;
  /** Payout per unit of stake (floored to 6 decimals by the platform). */
  rate: string;
  /**
   * Minimum cash-out stake of a single (smis) and of a parlay (pmis), in the order's currency. A pushed offer does not
   * carry them (they do not move with prices): until a price answer brings them, the bet record's serve.
   */
  minSingle?: string;
  minParlay?: string;
  reason?: CashOutFailureReason;
}

/** A record change for the lists that show the order: recalculated fields, or the order left the unsettled list. */
export type OrderChange = Partial<BetRecord> | 'removed';
export type OrderChangeListener = (orderId: string, change: OrderChange) => void;

/** Why a cash out (or an auto rule) was not taken. `message` is the platform's own text when it gave one. */
export type CashOutError = 'notLoggedIn' | 'inProgress' | 'failed' | 'unavailable' | 'orderNotFound' | StakeProblem | 'thresholdTooLow';

export type CashOutResult =
  | { ok: true; status: 'settled' | 'partlySettled' | 'confirming'; payout: string }
  | { ok: false; error: CashOutError; reason?: CashOutFailureReason; message?: string };

/**
 * How a cash out the poll followed ended: paid in full or in part (with the payout), or refused or cancelled (with the
 * reason). Kept per order until the member sends another, so the dialog that sent it can say what happened.
 */
export type CashOutOutcome =
  | { status: 'settled' | 'partlySettled'; payout: string }
  | { status: 'failed' | 'cancelled'; reason?: CashOutFailureReason };

export type AutoRuleResult = { ok: true; rule?: ReserveCashOutEntry } | { ok: false; error: CashOutError; message?: string };

/** What the poll reads of the contract's CashOutEntry (getCashOutsByIds), its cancel reason by name. */
export type PolledEntry = Pick<CashOutEntry, 'id' | 'orderId' | 'amount' | 'payout' | 'orderStatus' | 'refundAmount' | 'createdTime'> & {
  cancelReason: CashOutFailureReason | undefined;
};

/** The contract's execute answer, each field read with care (a proxy's answer may lack one). */
export type ExecuteAnswer = Partial<Record<keyof CashOutWireResult, unknown>>;

export const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : fallback);
export const amountText = (v: unknown): string => {
  const t = text(v).trim();
  return /^\d+(\.\d+)?$/.test(t) ? t : '0';
};
/** An amount above 0 (decimal text; anything else is not an amount). */
export const positive = (v: string): boolean => /^\d+(\.\d+)?$/.test(v) && new Decimal(v).gt(0);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readEntry(raw: unknown): PolledEntry | undefined {
  if (!isObject(raw)) return undefined;
  const id = text(raw.id);
  const orderId = text(raw.orderId);
  if (!orderId) return undefined;
  return {
    id,
    orderId,
    amount: amountText(raw.amount),
    payout: amountText(raw.payout),
    orderStatus: Number(raw.orderStatus),
    refundAmount: amountText(raw.refundAmount),
    cancelReason: failureReasonOf(raw.cancelReason),
    createdTime: Number(raw.createdTime) || 0,
  };
}

export function readQuote(raw: unknown): CashOutQuote | undefined {
  if (!isObject(raw)) return undefined;
  const orderId = text(raw.oid);
  if (!orderId) return undefined;
  const reason = failureReasonOf(raw.reason);
  return {
    orderId,
    amount: amountText(raw.amt),
    available: Number(raw.st) === 1,
    rate: amountText(raw.rate),
    minSingle: amountText(raw.smis),
    minParlay: amountText(raw.pmis),
    ...(reason ? { reason } : {}),
  };
}

/** A pushed offer (member:<uid>:cashOut, checked against the contract's schema by the push client) as a quote. */
export function quoteOfOffer(offer: CashOutOffer): CashOutQuote {
  const reason = failureReasonOf(offer.reason);
  return { orderId: offer.oid, amount: offer.amt, available: offer.st === 1, rate: offer.rate, ...(reason ? { reason } : {}) };
}

/** A refused call in the words the dialog shows: the platform's message when it gave one. */
export function refusal(error: unknown): { ok: false; error: CashOutError; reason?: CashOutFailureReason; message?: string } {
  if (!isApiError(error) || error.network || error.cancelled) return { ok: false, error: 'failed' };
  const message = error.message;
  switch (error.code) {
    case CODES.unavailable: {
      const reason = failureReasonOf(/\(reason (\d+)\)/.exec(message)?.[1]);
      // A cash out of the order is already being confirmed: the spec's "settlement in progress".
      if (reason === 'settleRefused' && /being confirmed/i.test(message)) return { ok: false, error: 'inProgress', reason, message };
      return { ok: false, error: 'unavailable', ...(reason ? { reason } : {}), message };
    }
    case CODES.belowRange:
      return { ok: false, error: 'belowMinimum', message };
    case CODES.exceedRange:
      return { ok: false, error: 'aboveRemaining', message };
    case CODES.orderNotFound:
      return { ok: false, error: 'orderNotFound', message };
    default:
      return { ok: false, error: 'failed', message };
  }
}
