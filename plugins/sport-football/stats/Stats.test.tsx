import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { answerGets, AWAY_NAME, FOOTBALL_MATCH, FOOTBALL_STATS, footballInfoAnswer, HOME_NAME, installFakePush, renderWithStore, type Routes } from '../../../src/sdk/testing';
import statsSections from '.';

const Stats = statsSections.Body!;

async function renderStats(routes: Routes) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<Stats matchId={FOOTBALL_MATCH} names={{ home: HOME_NAME, away: AWAY_NAME }} />, {
    before: async ({ env, http }) => {
      await env.i18n.loadNamespaces('matchDetail');
      push = installFakePush(env);
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

describe('football weather and statistics in the Data tab', () => {
  it('shows the weather and the technical statistics from matchInfo', async () => {
    const { http } = await renderStats({ '/api/match/zq/matchInfo': () => footballInfoAnswer() });
    const weather = await screen.findByRole('region', { name: 'Weather' });
    expect(within(weather).getByRole('img', { name: 'Partly Cloudy' })).toBeInTheDocument();
    expect(within(weather).getByText('18 °C')).toBeInTheDocument();
    expect(within(weather).getByText('3.4 m/s')).toBeInTheDocument();
    expect(within(weather).getByText('1012 hPa')).toBeInTheDocument();
    expect(within(weather).getByText('64%')).toBeInTheDocument();

    const stats = screen.getByRole('table', { name: 'Technical statistics' });
    expect(within(stats).getByRole('columnheader', { name: HOME_NAME })).toBeInTheDocument();
    const possession = within(stats).getByRole('rowheader', { name: 'Possession' }).closest('tr')!;
    expect(within(possession).getByText('58%')).toBeInTheDocument();
    expect(within(possession).getByText('42%')).toBeInTheDocument();
    const corners = within(stats).getByRole('rowheader', { name: 'Corners' }).closest('tr')!;
    expect(within(corners).getByText('6')).toBeInTheDocument();
    // A statistic the spec does not name comes with the platform's label.
    expect(within(stats).getByRole('rowheader', { name: 'Free Kicks' })).toBeInTheDocument();

    expect(http.match.get).toHaveBeenCalledWith('/api/match/zq/matchInfo', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH, plat: 'pc', language: 'ENG' }), noAuth: true }));
  });

  it('applies football:tec pushes for its match and ignores other matches', async () => {
    const { push } = await renderStats({ '/api/match/zq/matchInfo': () => footballInfoAnswer() });
    const stats = await screen.findByRole('table', { name: 'Technical statistics' });
    expect(push.subscribers('football:tec')).toBe(1);
    const cornersRow = () => within(stats).getByRole('rowheader', { name: 'Corners' }).closest('tr')!;
    expect(cornersRow()).toHaveTextContent('6Corners3');

    const pushed = FOOTBALL_STATS.map((s) => (s.key === 'corners' ? { ...s, home: 7 } : s));
    act(() => push.deliver('football:tec', { matchId: FOOTBALL_MATCH + 1, stats: pushed.map((s) => ({ ...s, home: 99 })) }));
    expect(cornersRow()).toHaveTextContent('6Corners3');
    act(() => push.deliver('football:tec', { matchId: FOOTBALL_MATCH, stats: pushed }));
    expect(cornersRow()).toHaveTextContent('7Corners3');
  });

  it('says when there are no statistics yet', async () => {
    await renderStats({ '/api/match/zq/matchInfo': () => footballInfoAnswer({ stats: [], weather: undefined }) });
    expect(await screen.findByText('Statistics appear once the match starts.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
