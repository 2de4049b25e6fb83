import { BET_OPTION_KEYS, BET_RECORD_KEYS, type BetOptionField, type BetRecordField } from '../../domain/betRecord';
import { reservationSchema, type ReservationSummary } from '../../contract/betting';
import { fakeAnswer } from './contractFakes';

type Fields<F extends string> = Partial<Record<F, unknown>>;

const short = <F extends string>(keys: Record<F, string>, fields: Fields<F>) =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [keys[field as F], value]));

/** A leg as the platform sends it (short keys), from field names; a pre-match Arsenal v Chelsea home win by default. */
export function wireOption(fields: Fields<BetOptionField> = {}): Record<string, unknown> {
  return short(BET_OPTION_KEYS, {
    sportId: 1,
    matchId: 101,
    matchName: 'Arsenal vs Chelsea',
    leagueName: 'Premier League',
    beginTime: Date.UTC(2026, 10, 21, 12, 0),
    period: 'ft',
    marketType: 1005,
    outcomeCount: 3,
    marketTypeName: '1X2',
    optionName: 'Arsenal',
    inPlay: false,
    home: { id: 1, logoUrl: '', name: 'Arsenal' },
    away: { id: 2, logoUrl: '', name: 'Chelsea' },
    resultScore: null,
    settledResult: 0,
    betOdds: '2.100',
    oddsType: 1,
    linear: null,
    remark: '',
    marketId: 9001,
    selectionType: 'home',
    odds: '2.100',
    cancelReason: null,
    isInPlay: 0,
    matchType: 1,
    ...fields,
  });
}

/** A bet record as the platform sends it (short keys), from field names; a confirmed 100.00 CNY single by default. */
export function wireRecord(fields: Fields<BetRecordField> = {}): Record<string, unknown> {
  return short(BET_RECORD_KEYS, {
    id: '1763700000000000001',
    seriesType: 0,
    betCount: 1,
    matchCount: 1,
    betAmount: '100.00',
    lastBetAmount: '100.00',
    settledAmount: '0.00',
    orderStatus: 4,
    oddsChange: 1,
    settledTime: null,
    createdTime: Date.UTC(2026, 10, 21, 3, 0),
    cancelledTime: null,
    modifiedTime: Date.UTC(2026, 10, 21, 3, 0),
    remark: '',
    singleBetAmount: '100.00',
    betType: 1,
    rate: '0.950',
    cashOutPrice: '95.00',
    cashOutStatus: 1,
    minSingleAmount: '10.00',
    minParlayAmount: '10.00',
    maxCashOutCount: 3,
    cashOutTotalAmount: '0.00',
    remainingPrincipal: '100.00',
    allowSettleInAdvance: false,
    cashOutPayoutStake: '0.00',
    cashOutCount: 0,
    autoBet: false,
    handicapCount: 1,
    seriesCount: 0,
    reserveStatus: 0,
    lastWinAmount: '110.00',
    maxWinAmount: '110.00',
    maxPayoutAmount: '1000000.00',
    returnAmount: '0.00',
    options: [wireOption()],
    reserveCashOutList: [],
    cashOutList: [],
    currencyId: 1,
    currency: 'CNY',
    exchangeRate: '1',
    inPolling: false,
    rejectReason: null,
    rejectType: null,
    result: 0,
    ...fields,
  });
}

/** A pre-bet of the reserved view: booked, Arsenal to win at 2.50 for 50.00 CNY by default. */
export function wireReservation(fields: Partial<ReservationSummary> = {}): ReservationSummary {
  return fakeAnswer(reservationSchema, {
    reserveId: '1763700000000000501',
    marketId: 9001,
    matchId: 101,
    type: 'home',
    sportId: 1,
    marketType: 1005,
    period: 'ft',
    line: null,
    leagueName: 'Premier League',
    homeName: 'Arsenal',
    awayName: 'Chelsea',
    matchType: 1,
    betName: '1X2',
    optionBetName: 'Arsenal',
    optionOdd: '2.50',
    optionTeam: 'Arsenal',
    homeScore: null,
    awayScore: null,
    isInPlay: false,
    status: 0,
    unitStake: '50.00',
    currencyId: 1,
    currency: 'CNY',
    bookedOdds: '2.10',
    currentOdd: '2.12',
    beginTime: Date.UTC(2026, 10, 21, 12, 0),
    orderId: null,
    createdTime: Date.UTC(2026, 10, 21, 2, 0),
    modifiedTime: Date.UTC(2026, 10, 21, 2, 0),
    failReason: null,
    ...fields,
  });
}

/** A signed-in member (host props) with one CNY wallet: whose My bets the tests load. */
export const myBetsMember = {
  isLogin: true,
  token: 'tok',
  userData: { uid: '1', username: 'demo', currency: 'CNY' },
  balance: { centerBalance: '1.00', totalBalance: '1.00', balanceList: [{ coinCode: 'CNY', balance: '1.00', isDefault: true }] },
};

/** The bet list's answer for `records` (one page, statistics of 100.00 staked in CNY); `extra` overrides fields. */
export const betListPage = (records: unknown[], extra: Record<string, unknown> = {}) => ({
  records,
  total: records.length,
  current: 1,
  size: 200,
  tamt: '100.00',
  tsamt: '0.00',
  sts: [{ coinId: 1, coinName: 'CNY', count: records.length, stakeAmount: '100.00', payoutAmount: '0.00', winLose: '0.00' }],
  ...extra,
});

/**
 * The spec's worked partial cash out: 100 staked at 3.00 (would win 200), 40 of it cashed out for 63.33 at a rate of
 * 1.583333. These are the six fields it recalculates on the record (the domain rule and the store both give them).
 */
export const PARTIAL_CASH_OUT_OF_100_AT_3 = {
  cashOutPayoutStake: '40.00',
  cashOutTotalAmount: '63.33',
  remainingPrincipal: '60.00',
  lastWinAmount: '120.00',
  cashOutPrice: '95.00',
  lastBetAmount: '60.00',
} as const;
