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
