import type { ReservationParameter } from '../../contract/betting';
import { reservationParameterSchema } from '../../contract/betting';
import { fakeAnswer } from './contractFakes';
import type { fakeHttp } from './fakeEnv';
import { BETTING_PATHS } from '../../contract/paths';

type FakeHttp = ReturnType<typeof fakeHttp>;
type Call = (url: string, body?: unknown, config?: unknown) => Promise<unknown>;

/** getBetParameter for match 1's market 100 (home at 1.95 now, away 1.90): pre-match, kick-off 21 Nov 2026 12:00 UTC. */
export function preBetParameters(fields: Partial<ReservationParameter> = {}): ReservationParameter {
  return fakeAnswer(reservationParameterSchema, {
    matchId: 1,
    marketId: 100,
    sportId: 1,
    marketType: 1000,
    period: 'ft',
    line: '-0.5',
    status: 1,
    isInPlay: false,
    minBet: '10.00',
    maxBet: '20000.00',
    currencyId: 1,
    currentOdds: [
      { type: 'home', name: 'Home 1', odd: '1.950', isLock: false, minOdds: '1.96', maxOdds: '5.85' },
      { type: 'away', name: 'Away 1', odd: '1.900', isLock: false, minOdds: '1.91', maxOdds: '5.70' },
    ],
    minOdds: '1.91',
    maxOdds: '5.85',
    expiresAt: Date.UTC(2026, 10, 21, 12, 0),
    ...fields,
  });
}

/**
 * The pre-bet routes on top of whatever the fake betting service answers already (fakeBettingService): limits answer
 * the last queued (default preBetParameters()), bookings answer what the test queues, the reserved list `list`.
 */
export function fakeReservationService(http: FakeHttp) {
  const fallback = http.betting.post.getMockImplementation();
  const parameterAnswers: Array<ReservationParameter | Error> = [];
  const bookAnswers: unknown[] = [];
  let list: unknown = { ods: [], sts: [] };
  http.betting.post.mockImplementation((async (url: string, body?: unknown, config?: unknown) => {
    if (url === BETTING_PATHS.reserveParameter) {
      const next = parameterAnswers.length > 1 ? parameterAnswers.shift()! : (parameterAnswers[0] ?? preBetParameters());
      if (next instanceof Error) throw next;
      return next;
    }
    if (url === BETTING_PATHS.reserveBet) {
      const next = bookAnswers.shift();
      if (next === undefined) throw new Error('no booking answer queued');
      if (next instanceof Error) throw next;
      return next;
    }
    if (url === BETTING_PATHS.reserveList) return list;
    if (!fallback) throw new Error(`unexpected betting call ${url}`);
    return fallback(url, body, config);
  }) as Call);
  const calls = (path: string) => http.betting.post.mock.calls.filter(([url]) => url === path).map(([, body]) => body as Record<string, unknown>);
  return {
    /** The limits calls answer this from now on (the last one queued stays). */
    answerParameters(answer: ReservationParameter | Error) {
      parameterAnswers.push(answer);
    },
    answerBook(answer: unknown) {
      bookAnswers.push(answer);
    },
    answerList(answer: unknown) {
      list = answer;
    },
    bookCalls: () => calls(BETTING_PATHS.reserveBet),
    parameterCalls: () => calls(BETTING_PATHS.reserveParameter),
    listCalls: () => calls(BETTING_PATHS.reserveList),
  };
}
