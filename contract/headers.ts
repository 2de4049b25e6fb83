/**
 * Request headers both halves name. A module of constants only: the app's first download needs the merchant header,
 * and taking it from the forehead schemas would pull every one of them into that download.
 */

/** The header an operator sends the token in: not Authorization, so no member token can ever stand in for it. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';
/** The header in which the app names the merchant it runs for: what anonymous reads list (docs/api.md "Merchants"). */
export const MERCHANT_HEADER = 'x-merchant-id';
