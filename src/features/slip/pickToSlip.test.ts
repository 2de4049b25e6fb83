import { describe, expect, it } from '@jest/globals';
import type { SelectionEvent } from '../../kernel/events';
import { ApiError } from '../../services/http';
import { memberState } from '../../testing/bettingFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { addPickToSlip } from './pickToSlip';
import { createRootStore } from '../../core/store/RootStore';

/** A root store whose match detail answers `answer`; `added` records what reached the slip. */
function setup(answer: unknown, { login = true } = {}) {
  const { env, http } = fakeEnv();
  http.match.post.mockImplementation(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const root = createRootStore({}, env);
  if (login) root.applyHostProps(memberState());
  const added: SelectionEvent[] = [];
  env.events.on('betSlip.add', (selection) => added.push(selection));
  return { root, http, added, env };
}

const detail = (market: Record<string, unknown> = {}, option: Record<string, unknown> = {}) => {
  const match = wireMatch({ matchId: 501 });
  const [group] = match.betGroup;
  const base = group!.moneyHandicap[0]!;
  const options = base.options.map((o) => (o.type === 'home' ? { ...o, ...option } : o));
  const { betGroup: _, ...rest } = match;
  return { ...rest, betGroups: [{ ...group!, moneyHandicap: [{ ...base, matchId: 501, ...market, options }] }] };
};

describe('a pick put in the slip', () => {
  it('goes in at the price and line on sale now, asked for afresh', async () => {
    const { root, http, added } = setup(detail({}, { odd: '2.050' }));
    await expect(addPickToSlip(root, { matchId: 501, marketId: 100, optionType: 'home' })).resolves.toBe('added');
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getMatchDetail', { matchId: 501 }, { noAuth: true });
    expect(added).toEqual([{ matchId: 501, sportId: 1, marketId: 100, marketType: 1000, outcomeCount: 2, period: 'ft', optionType: 'home', line: '-0.5', odd: '2.050', allowParley: true }]);
  });

  it('takes the market on sale after its line moved (the old id is its alias)', async () => {
    const { root, added } = setup(detail({ marketId: 130, oldMarketId: 100, line: '-0.75' }, { line: '-0.75' }));
    await expect(addPickToSlip(root, { matchId: 501, marketId: 100, optionType: 'home' })).resolves.toBe('added');
    expect(added[0]).toMatchObject({ marketId: 130, line: '-0.75' });
  });

  it('is refused when the market is suspended or off, the option locked, or the match gone, and nothing goes in', async () => {
    for (const answer of [detail({ status: 0 }), detail({ status: -1 }), detail({}, { isLock: true }), detail({ marketId: 999 }), new ApiError({ code: 404, message: 'not found', service: 'match', httpStatus: 404 })]) {
      const { root, added } = setup(answer);
      await expect(addPickToSlip(root, { matchId: 501, marketId: 100, optionType: 'home' })).resolves.toBe('closed');
      expect(added).toEqual([]);
    }
  });

  it('says it failed when the platform cannot be asked', async () => {
    const { root, added } = setup(new Error('network down'));
    await expect(addPickToSlip(root, { matchId: 501, marketId: 100, optionType: 'home' })).resolves.toBe('failed');
    expect(added).toEqual([]);
  });

  it("keeps a visitor's pick for after their login", async () => {
    const { root, added } = setup(detail(), { login: false });
    await expect(addPickToSlip(root, { matchId: 501, marketId: 100, optionType: 'home' })).resolves.toBe('login');
    expect(added).toEqual([]);
    expect(root.betSlip.pending).toMatchObject({ marketId: 100, optionType: 'home' });
  });
});
