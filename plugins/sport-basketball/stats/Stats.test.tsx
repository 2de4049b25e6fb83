import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { answerGets, AWAY_NAME, BASKETBALL_MATCH, basketballTechnicAnswer, HOME_NAME, installFakePush, renderWithStore, type Routes } from '../../../src/sdk/testing';
import statsSections from '.';

const Stats = statsSections.Body!;

async function renderStats(routes: Routes) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<Stats matchId={BASKETBALL_MATCH} names={{ home: HOME_NAME, away: AWAY_NAME }} />, {
    before: async ({ env, http }) => {
      await env.i18n.loadNamespaces('matchDetail');
      push = installFakePush(env);
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

describe('basketball statistics in the Data tab', () => {
  it('shows points per period and statistics from teahnic, refetched on the score channel', async () => {
    let homeScore = 52;
    const { http, push } = await renderStats({ '/api/score/lq/teahnic': () => basketballTechnicAnswer({ homeScore }) });
    const periods = await screen.findByRole('table', { name: 'Score by period' });
    expect(within(periods).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Team', expect.any(String), expect.any(String), 'Total']);
    expect(within(periods).getByRole('rowheader', { name: HOME_NAME }).closest('tr')).toHaveTextContent('282452');
    expect(within(screen.getByRole('table', { name: 'Technical statistics' })).getByRole('rowheader', { name: 'Rebounds' })).toBeInTheDocument();

    homeScore = 54;
    act(() => push.deliver(`match:${BASKETBALL_MATCH}:score`, { kind: 'clock', matchId: BASKETBALL_MATCH }));
    expect(http.match.get.mock.calls.filter(([url]) => url === '/api/score/lq/teahnic')).toHaveLength(1);
    act(() => push.deliver(`match:${BASKETBALL_MATCH}:score`, { kind: 'score', matchId: BASKETBALL_MATCH }));
    await waitFor(() => expect(within(periods).getByRole('rowheader', { name: HOME_NAME }).closest('tr')).toHaveTextContent('282654'));
  });
});
