import { describe, expect, it, jest } from '@jest/globals';
import type { ResultPage, ResultsProvider } from './model';
import { ResultsStore } from './results';
import { resultMatch } from '../../testing/resultFixtures';

function setUp() {
  let answer!: (page: ResultPage) => void;
  const provider: ResultsProvider = {
    leagues: jest.fn(async () => []),
    list: jest.fn(() => new Promise<ResultPage>((resolve) => (answer = resolve))),
  };
  const logger = { warn: jest.fn() };
  const store = ResultsStore.create({ sportId: 1, range: { startTime: 0, endTime: 1 } }, { logger });
  return { store, provider, logger, answer: (page: ResultPage) => answer(page) };
}

describe('ResultsStore', () => {
  it('keeps the page shown while the next loads, and drops an answer that arrives after the screen went away', async () => {
    const { store, provider, answer } = setUp();
    expect(store.rowsStatus).toBe('loading');
    store.connect(provider, 'ENG');
    answer({ matches: [resultMatch(1)], total: 1, pageTotal: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.rowsStatus).toBe('ready');
    store.chooseLeague('L1');
    expect(store.loading).toBe(true);
    expect(store.rowsStatus).toBe('ready');
    store.disconnect();
    answer({ matches: [resultMatch(2)], total: 1, pageTotal: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.matches.map((m) => m.id)).toEqual(['1']);
  });

  it('logs a failed page, shows nothing of it and says so', async () => {
    const { store, logger } = setUp();
    const error = new Error('down');
    store.connect({ leagues: async () => [], list: () => Promise.reject(error) }, 'ENG');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.rowsStatus).toBe('failed');
    expect(store.loading).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('[results] result list failed', error);
  });
});
