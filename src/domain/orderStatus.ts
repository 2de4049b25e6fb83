// Its own module so that code polling order states does not pull in the bet record mappers.

/** The spec's order statuses (section 4). */
export const OrderStatus = {
  Created: 0,
  Confirming: 1,
  Rejected: 2,
  Canceled: 3,
  Confirmed: 4,
  Settled: 5,
  /** A cash out of the order is being confirmed. */
  ReserveCashOut: 101,
  /** Closed by a full cash out (early settlement). */
  CashOut: 102,
} as const;
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];
