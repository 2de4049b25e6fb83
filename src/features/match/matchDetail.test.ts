import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../../services/http';
import type { WireMarket } from '../../../contract';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { DETAIL_LOOP, DETAIL_REFRESH_MS, matchDetailOf } from './matchDetail';
import { type MatchDetail } from './matchDetailWire';
import { createRootStore } from '../../core/store/RootStore';
import { MATCH_PATHS } from '../../../contract/paths';

const market = (marketId: number, odd: string): WireMarket => ({
  marketId,
  matchId: 11,
  sportId: 1,
  key: 'ah',
  kind: 'handicap',
  marketType: 1000,
  period: 'ft',
  line: '0.5',
  status: 1,
  allowParley: true,
  isInPlay: true,
  unit: 'goals',
  name: 'Asian Handicap',
  options: [
    { type: 'home', name: 'Home', line: '0.5', odd, showOdd: odd, isLock: false },
    { type: 'away', name: 'Away', line: '-0.5', odd: '1.900', showOdd: '1.90', isLock: false },
  ],
});

const detail = (matchId: number, odd = '2.000'): MatchDetail => ({
  ...wireMatch({ matchId }),
  betGroups: [{ name: 'Asian Handicap', groupType: 'handicap', marketType: 1000, period: 'ft', moneyHandicap: [{ ...market(matchId * 10, odd), matchId }] }],
});

const missing = () => new ApiError({ code: 4004, service: 'match', httpStatus: 404, message: 'matchId: no match 99' });

function setup() {
  const { env, http } = fakeEnv();
  const root = createRootStore({}, env);
  const store = matchDetailOf(root);
  return { env, http, root, store };
}

describe('the match screen store', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads the match asked for and seeds its prices into the live book', async () => {
    const { http, store, env } = setup();
    http.match.post.mockResolvedValue(detail(11));
    await store.open(11);
    expect(http.match.post).toHaveBeenCalledWith(MATCH_PATHS.detail, { matchId: 11 }, { noAuth: true });
    expect(store.status).toBe('ready');
    expect(store.match?.matchId).toBe(11);
    expect(store.fellBack).toBe(false);
    expect(env.liveBook.option(110, 'home')?.odd).toBe('2.000');
  });

  it('falls back to the first in-play match when the one asked for is not found, and says so', async () => {
    const { http, store } = setup();
    http.match.post.mockImplementation(async (url, body) => {
      if (url === MATCH_PATHS.detail) {
        if ((body as { matchId: number }).matchId === 99) throw missing();
        return detail(12);
      }
      return { current: 1, pageTotal: 1, size: 1, total: 1, records: [wireMatch({ matchId: 12 })] };
    });
    await store.open(99);
    expect(store.status).toBe('ready');
    expect(store.match?.matchId).toBe(12);
    expect(store.requestedId).toBe(99);
    expect(store.fellBack).toBe(true);
  });

  it('is "not found" when the match is gone and nothing is in play', async () => {
    const { http, store } = setup();
    http.match.post.mockImplementation(async (url) => {
      if (url === MATCH_PATHS.detail) throw missing();
      return { current: 1, pageTotal: 0, size: 1, total: 0, records: [] };
    });
    await store.open(99);
    expect(store.status).toBe('notFound');
    expect(store.match).toBeUndefined();
  });

  it('fails on other errors and on an answer that is not a match; a retry loads it', async () => {
    const { http, store } = setup();
    http.match.post.mockRejectedValueOnce(new Error('network down'));
    await store.open(11);
    expect(store.status).toBe('failed');
    http.match.post.mockResolvedValueOnce({ nope: true });
    await store.open(11);
    expect(store.status).toBe('failed');
    http.match.post.mockResolvedValueOnce(detail(11));
    store.reload();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.status).toBe('ready');
  });

  it('reloads quietly while shown, keeps the match when a reload fails, and stops when hidden', async () => {
    const { http, store, env } = setup();
    http.match.post.mockResolvedValue(detail(11));
    store.show(11);
    await jest.advanceTimersByTimeAsync(0);
    expect(store.status).toBe('ready');
    http.match.post.mockRejectedValueOnce(new Error('blip'));
    await jest.advanceTimersByTimeAsync(DETAIL_REFRESH_MS);
    expect(http.match.post).toHaveBeenCalledTimes(2);
    expect(store.status).toBe('ready');
    expect(store.match?.matchId).toBe(11);
    store.hide();
    expect(env.scheduler.isRunning(DETAIL_LOOP)).toBe(false);
    await jest.advanceTimersByTimeAsync(DETAIL_REFRESH_MS * 2);
    expect(http.match.post).toHaveBeenCalledTimes(2);
  });

  it('the newest open wins over a slower earlier one', async () => {
    const { http, store } = setup();
    let answerFirst!: (value: unknown) => void;
    http.match.post.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    http.match.post.mockResolvedValueOnce(detail(12));
    const first = store.open(11);
    await store.open(12);
    answerFirst(detail(11));
    await first;
    expect(store.match?.matchId).toBe(12);
  });

  it('reloads the match that shows when its push channels had a gap or a new epoch, and ignores other matches', async () => {
    const { http, store, env } = setup();
    http.match.post.mockResolvedValue(detail(11));
    await store.open(11);
    expect(http.match.post).toHaveBeenCalledTimes(1);
    env.events.emit('push.gap', { chId: 'match:12:odds', reason: 'epoch' });
    env.events.emit('push.gap', { chId: 'lineup:status', reason: 'seq' });
    expect(http.match.post).toHaveBeenCalledTimes(1);
    http.match.post.mockResolvedValue(detail(11, '2.500'));
    env.events.emit('push.gap', { chId: 'match:11:odds', reason: 'epoch' });
    await jest.advanceTimersByTimeAsync(0);
    expect(http.match.post).toHaveBeenCalledTimes(2);
    expect(env.liveBook.option(110, 'home')?.odd).toBe('2.500');
  });

  it('reloads in the new language', async () => {
    const { http, store, root } = setup();
    http.match.post.mockResolvedValue(detail(11));
    await store.open(11);
    root.settings.restore('en');
    await jest.advanceTimersByTimeAsync(0);
    expect(http.match.post).toHaveBeenCalledTimes(2);
  });
});
