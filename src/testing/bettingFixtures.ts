import { seriesOptions } from '../../domain/series';
import type { SelectionEvent } from '../kernel/events';
import { BETTING_PATHS } from '../../contract/paths';
import { betInfoAnswerSchema, orderStatusAnswerSchema, placeAnswerSchema, placedOrderSchema } from '../../contract/betting';
import type { BetInfoAnswer, BetInfoEntry, BetInfoRequest, OddsPush, OrderStatusRow, PlaceAnswer } from '../../contract';
import { PushChannel } from '../../contract/channels';
import type { Env } from '../core/store/env';
import { fakeAnswer } from './contractFakes';
import type { LoginState } from '../host/hostProps';
import type { fakeHttp } from './fakeEnv';

type FakeHttp = ReturnType<typeof fakeHttp>;

/** A click on a price: match n, market n*100, home at 1.95 unless told otherwise. */
export function selection(matchId: number, overrides: Partial<SelectionEvent> = {}): SelectionEvent {
  return {
    matchId,
    sportId: 1,
    marketId: matchId * 100,
    marketType: 1000,
    outcomeCount: 2,
    period: 'ft',
    optionType: 'home',
    line: '-0.5',
    odd: '1.950',
    allowParley: true,
    ...overrides,
  };
}

export const memberState = (balance = '1000.00'): LoginState => ({
  isLogin: true,
  token: 'token-1',
  userData: { uid: '1', username: 'demo', currency: 'CNY' },
  balance: { balanceList: [{ coinCode: 'CNY', balance, isDefault: true }], centerBalance: balance, totalBalance: balance },
});

/** What the book says about one market, as the bet info call answers it (without the request's ids). */
export type BookMarket = Partial<Omit<BetInfoEntry, 'option'>> & { odd?: string; isLock?: boolean; name?: string };

/**
 * A fake betting service, every answer checked against the contract (a drift fails the test): bet info answers from `book` (per requested market id; defaults: on sale at 1.950, limits
 * 10-50,000, series limits 10-10,000), and placing and status calls answer what the test queues.
 */
export function fakeBettingService(http: FakeHttp) {
  const book = new Map<number, BookMarket>();
  const placeAnswers: Array<PlaceAnswer | Error> = [];
  const statusAnswers: Array<OrderStatusRow[] | Error> = [];
  const calls = (path: string) => http.betting.post.mock.calls.filter(([url]) => url === path).map(([, body]) => body as Record<string, unknown>);

  http.betting.post.mockImplementation(async (url: string, body?: unknown) => {
    if (url === BETTING_PATHS.betInfo) return betInfo(body as BetInfoRequest);
    if (url === BETTING_PATHS.singlePass || url === BETTING_PATHS.betMultiple) {
      const next = placeAnswers.shift();
      if (!next) throw new Error(`no placement answer queued for ${url}`);
      if (next instanceof Error) throw next;
      return fakeAnswer(placeAnswerSchema, next);
    }
    if (url === BETTING_PATHS.orderStatus) {
      const next = statusAnswers.shift();
      if (!next) throw new Error('no status answer queued');
      if (next instanceof Error) throw next;
      return fakeAnswer(orderStatusAnswerSchema, next);
    }
    throw new Error(`unexpected betting call ${url}`);
  });

  function betInfo(request: BetInfoRequest): BetInfoAnswer {
    const entries = request.betMatchMarketList.map((asked): BetInfoEntry => {
      const market = book.get(asked.marketId) ?? {};
      const odd = market.odd ?? '1.950';
      const isLock = market.isLock ?? false;
      return {
        marketId: asked.marketId,
        oldMarketId: null,
        matchId: asked.matchId,
        sportId: 1,
        allowParley: true,
        isInPlay: false,
        minBet: '10.00',
        maxBet: '50000.00',
        status: 1,
        marketType: 1000,
        outcomeCount: 2,
        period: 'ft',
        line: '-0.5',
        optionOdd: odd,
        optionBetName: market.name ?? asked.type,
        homeName: `Home ${asked.matchId}`,
        awayName: `Away ${asked.matchId}`,
        leagueName: 'League',
        beginTime: 0,
        ...market,
        option: { name: market.name ?? asked.type, odd, type: asked.type, isLock },
      };
    });
    const bettable = entries.every((e) => e.status === 1 && e.allowParley && !e.option.isLock);
    const seriesInfo =
      request.isSelectSeries && entries.length >= 2 && bettable
        ? seriesOptions(entries.map((e) => e.option.odd)).map((s) => ({
            seriesNumber: s.seriesNumber,
            name: s.asianName,
            combination: s.combination,
            seriesOdd: s.seriesOdd.toDecimalPlaces(4).toString(),
            betCount: s.betCount,
            minBet: '10.00',
            maxBet: '10000.00',
          }))
        : [];
    return fakeAnswer(betInfoAnswerSchema, { betInfo: entries, seriesInfo });
  }

  return {
    book,
    /** The next placement answers this (or fails with it). */
    answerPlace(answer: PlaceAnswer | Error) {
      placeAnswers.push(answer);
    },
    answerStatus(answer: OrderStatusRow[] | Error) {
      statusAnswers.push(answer);
    },
    calls,
    betInfoCalls: () => calls(BETTING_PATHS.betInfo) as unknown as BetInfoRequest[],
  };
}

export function placedOrder(orderId: string, status: number, seriesNumber = 0, betAmount = '100.00') {
  return fakeAnswer(placedOrderSchema, { orderId, oid: orderId, status, betAmount, odds: '1.95', seriesNumber });
}

/**
 * An odds push on a match's channel as the app's push route delivers it: into the live book (livePush.ts
 * connectLiveBook; the coalescer's frame left out). Fails unless the channel was subscribed (the fake env's `subscribe`
 * saw it), as the platform sends nothing on a channel nobody asked for; letting go is tested on its own (betSlip.test).
 */
export function pushOdds(env: Pick<Env, 'push' | 'liveBook'>, push: OddsPush): void {
  const subscribe = env.push.subscribe as unknown as { mock: { calls: unknown[][] } };
  const channel = PushChannel.odds(push.matchId);
  if (!subscribe.mock.calls.some(([asked]) => asked === channel)) throw new Error(`nobody holds ${channel}`);
  env.liveBook.applyOdds([push]);
}

/** Lets MST flows and promise chains settle (microtasks only, so it works under fake timers). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
