import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envOf } from '../../../core/store/env';
import { renderWithStore } from '../../../testing/renderWithStore';
import { DataPanel } from './DataPanel';
import {
  answerGets,
  AWAY_NAME,
  EMPTY_HISTORY,
  FOOTBALL_MATCH,
  footballInfoAnswer,
  HOME_NAME,
  historyAnswer,
  installFakePush,
  type Routes,
} from '../../../testing/matchDataFixtures';

async function renderPanel(routes: Routes, props: { matchId?: number; sportId?: number } = {}) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<DataPanel matchId={props.matchId ?? FOOTBALL_MATCH} sportId={props.sportId ?? 1} homeName={HOME_NAME} awayName={AWAY_NAME} />, {
    before: async ({ store, http }) => {
      await envOf(store).i18n.loadNamespaces('matchDetail');
      push = installFakePush(envOf(store));
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

const footballRoutes = (over: Routes = {}): Routes => ({
  '/api/match/zq/matchInfo': () => footballInfoAnswer(),
  '/api/match/history': () => historyAnswer(),
  ...over,
});

describe('<DataPanel>', () => {
  it("shows the sport plugin's statistics above the history tables", async () => {
    const { http } = await renderPanel(footballRoutes());
    // Football's stats extension fills the top of the tab for a football match.
    expect(await screen.findByRole('table', { name: 'Technical statistics' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Weather' })).toBeInTheDocument();

    const h2h = screen.getByRole('table', { name: 'Head to head' });
    expect(within(h2h).getAllByRole('row')).toHaveLength(3);
    expect(within(h2h).getByText('2026-10-03')).toBeInTheDocument();
    expect(within(h2h).getByText('Win')).toBeInTheDocument();
    expect(within(h2h).getByText('Draw')).toBeInTheDocument();
    const homeLast = screen.getByRole('table', { name: "Home team's recent matches" });
    expect(within(homeLast).getByText('Loss')).toBeInTheDocument();
    expect(within(homeLast).getByText('L').closest('span[class*="lose"]')).not.toBeNull();
    expect(screen.getByRole('table', { name: "Away team's recent matches" })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'League table' });
    expect(within(table).getByRole('rowheader', { name: HOME_NAME }).closest('tr')).toHaveTextContent('23');
    const goals = screen.getByRole('table', { name: 'Goal distribution' });
    expect(within(goals).getByRole('columnheader', { name: `${HOME_NAME} scored` })).toBeInTheDocument();
    expect(within(goals).getByRole('rowheader', { name: "75-90'" }).closest('tr')).toHaveTextContent('6');
    // Kick-offs read in the platform's zone (Asia/Shanghai): 12:30 UTC is 20:30 there.
    expect(within(screen.getByRole('table', { name: "Home team's next matches" })).getByText('11-28 20:30')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: "Away team's next matches" })).toBeNull();
    const injuries = screen.getByRole('table', { name: 'Injuries and suspensions' });
    expect(within(injuries).getByRole('rowheader', { name: 'Sam Stone' }).closest('tr')).toHaveTextContent('Hamstring');
    expect(http.match.get).toHaveBeenCalledWith('/api/match/history', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH, plat: 'pc', language: 'ENG' }), noAuth: true }));
  });

  it('shows only the history for a sport no plugin draws statistics for', async () => {
    const { http } = await renderPanel({ '/api/match/history': () => historyAnswer() }, { sportId: 5 });
    expect(await screen.findByRole('table', { name: 'Head to head' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Technical statistics' })).toBeNull();
    expect(http.match.get.mock.calls.map(([url]) => url)).toEqual(['/api/match/history']);
  });

  it('says when there is no history', async () => {
    await renderPanel({ '/api/match/history': () => historyAnswer(EMPTY_HISTORY) }, { sportId: 5 });
    expect(await screen.findByText('No history for this match.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with Retry per block, and Retry loads again', async () => {
    let fail = true;
    const { http } = await renderPanel(
      footballRoutes({
        '/api/match/history': () => {
          if (fail) throw new Error('network');
          return historyAnswer();
        },
      }),
    );
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('The data could not be loaded.')).toBeInTheDocument();
    // The statistics still show: one failed call does not take the whole tab down.
    expect(await screen.findByRole('table', { name: 'Technical statistics' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(history).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Head to head' })).toBeInTheDocument();
    expect(http.match.get.mock.calls.filter(([url]) => url === '/api/match/history')).toHaveLength(2);
  });
});
