import { describe, expect, it, jest } from '@jest/globals';
import { MatchDataStore } from '../../src/sdk/testing';
import basketballSource, { basketballText } from './matchData';

describe("basketball's match data", () => {
  it('names the lq routes, one answer per play-by-play section', async () => {
    const get = jest.fn<(url: string, config?: unknown) => Promise<unknown>>().mockResolvedValue([]);
    const store = new MatchDataStore({ http: { match: { get } } as never, push: { subscribe: jest.fn(() => () => undefined) }, now: () => 1, logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } });
    await basketballSource.lineup(store, 4, 'ENG').load();
    await basketballSource.intelligence(store, 4, 'ENG').load();
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/api/score/lq/lineup', '/api/match/lq/intelligence']);
    expect(basketballText(store, 4, 4, 'ENG')).not.toBe(basketballText(store, 4, 5, 'ENG'));
    expect(basketballText(store, 4, 4, 'ENG')).toBe(basketballText(store, 4, 4, 'ENG'));
  });
});
