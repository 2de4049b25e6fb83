/** Paths of the betting calls the app's slip makes (docs/api.md "Betting"). */
export const BETTING_PATHS = {
  betInfo: '/v1/order/batchBetMatchMarketOfJumpLine',
  singlePass: '/v1/order/bet/singlePass',
  betMultiple: '/v1/order/betMultiple',
  orderStatus: '/v1/order/getStakeOrderStatus',
} as const;

/** The settings collection cfg/get and cfg/set take (spec 001 section 7: collect=UserConfig). */
export const USER_CONFIG = 'UserConfig';

/** Paths of the member settings, the app log and the live showorder config (docs/api.md). */
export const SETTINGS_PATHS = {
  cfgGet: '/api/forehead/system/cfg/get',
  cfgSet: '/api/forehead/system/cfg/set',
  logAdd: '/api/forehead/system/log/add',
  showOrderConfig: '/api/forehead/live/showorder/config',
} as const;
