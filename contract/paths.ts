/** Paths of the betting calls the app's slip makes (docs/api.md "Betting"). */
export const BETTING_PATHS = {
  betInfo: '/v1/order/batchBetMatchMarketOfJumpLine',
  singlePass: '/v1/order/bet/singlePass',
  betMultiple: '/v1/order/betMultiple',
  orderStatus: '/v1/order/getStakeOrderStatus',
} as const;
