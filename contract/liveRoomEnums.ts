/** A live booking's state (docs/api.md "Live room"): booked, noticed when the room went live, cancelled. */
export const BookingStatus = { Booked: 0, Notified: 1, Cancelled: 2 } as const;
export type BookingStatus = (typeof BookingStatus)[keyof typeof BookingStatus];

/**
 * A first-bet coverage offer's state (docs/api.md "First-bet coverage"): joined (waiting for the first bet or its
 * settlement), covered (the loss was refunded), not covered (the first bet won, returned or was cashed out), lapsed
 * (the match ended without a bet).
 */
export const FirstBetCoverStatus = { Joined: 0, Covered: 1, NotCovered: 2, Lapsed: 3 } as const;
export type FirstBetCoverStatus = (typeof FirstBetCoverStatus)[keyof typeof FirstBetCoverStatus];

/** The live room's entrance effect by VIP level (docs/api.md "Live room"): none V0-V2, banner V3-V6, full V7-V10. */
export const EnterEffect = { None: 0, Banner: 1, Full: 2 } as const;
export type EnterEffect = (typeof EnterEffect)[keyof typeof EnterEffect];
