import { AutoCashOutStatus, BetType, CashOutFailure, CashOutStatus, OddsChange, OrderStatus, ReservationStatus } from '../../../contract/enums';
import { BetError } from '../../../contract/errors';

/** The betting numbers are the contract's (contract/enums.ts, contract/errors.ts), written once for both halves. */
export { AutoCashOutStatus, BetError, BetType, CashOutFailure, CashOutStatus, OddsChange, OrderStatus, ReservationStatus };

/** Statuses of an order whose stake is still running. */
export const OPEN_STATUSES: readonly number[] = [OrderStatus.Created, OrderStatus.Confirming, OrderStatus.Confirmed, OrderStatus.ReserveCashOut];
/** Statuses the settled history lists. */
export const CLOSED_STATUSES: readonly number[] = [OrderStatus.Settled, OrderStatus.CashOut, OrderStatus.Rejected, OrderStatus.Canceled];
/**
 * Statuses of an order the book took: the bet history's statistics count only these. A rejected or cancelled order
 * was refunded and never ran, and one still waiting for acceptance may yet be rejected.
 */
export const ACCEPTED_STATUSES: readonly number[] = [OrderStatus.Confirmed, OrderStatus.ReserveCashOut, OrderStatus.Settled, OrderStatus.CashOut];

