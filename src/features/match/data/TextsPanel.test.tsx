import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envOf } from '../../../core/store/env';
import { renderWithStore } from '../../../testing/renderWithStore';
import { answerGets, BASKETBALL_MATCH, FOOTBALL_MATCH, type Routes } from '../../../testing/matchDataFixtures';
import { AnalysisPanel, IntelligencePanel } from './TextsPanel';

async function renderPanel(ui: React.ReactElement, routes: Routes) {
  return renderWithStore(ui, {
    before: async ({ store, http }) => {
      await envOf(store).i18n.loadNamespaces('matchDetail');
      answerGets(http.match.get, routes);
    },
  });
}

describe('<AnalysisPanel>', () => {
  it('shows a skeleton while loading, then the analysis texts as text', async () => {
    let resolve!: (texts: string[]) => void;
    await renderPanel(<AnalysisPanel matchId={FOOTBALL_MATCH} sportId={1} />, {
      '/api/match/analysis': () => new Promise<string[]>((r) => (resolve = r)),
    });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await act(async () => resolve(['Home won 4 of the last 5.', '<b>Away</b> are <script>alert(1)</script> unbeaten away.']));
    const list = screen.getByRole('list', { name: 'Analysis' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('<b>Away</b> are <script>alert(1)</script> unbeaten away.')).toBeInTheDocument();
    expect(list.querySelector('b, script')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an empty state', async () => {
    await renderPanel(<AnalysisPanel matchId={FOOTBALL_MATCH} sportId={5} />, { '/api/match/analysis': () => [] });
    expect(await screen.findByText('No analysis for this match.')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let fail = true;
    const { http } = await renderPanel(<AnalysisPanel matchId={FOOTBALL_MATCH} sportId={1} />, {
      '/api/match/analysis': () => {
        if (fail) throw new Error('down');
        return ['Back again.'];
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The data could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again.')).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledTimes(2);
  });
});

describe('<IntelligencePanel>', () => {
  it('asks the football route for football and renders markup literally', async () => {
    const { http } = await renderPanel(<IntelligencePanel matchId={FOOTBALL_MATCH} sportId={1} />, {
      '/api/match/zq/intelligence': () => ['Striker <b>doubtful</b> with a knock.'],
    });
    expect(await screen.findByText('Striker <b>doubtful</b> with a knock.')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(http.match.get).toHaveBeenCalledWith('/api/match/zq/intelligence', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH, plat: 'pc' }) }));
  });

  it("asks the basketball route for e-basketball, as sport-basketball declares", async () => {
    const { http } = await renderPanel(<IntelligencePanel matchId={BASKETBALL_MATCH} sportId={178} />, { '/api/match/lq/intelligence': () => ['Same squad as last week.'] });
    expect(await screen.findByText('Same squad as last week.')).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/match/lq/intelligence', expect.anything());
  });

  it('asks the basketball route for basketball', async () => {
    const { http } = await renderPanel(<IntelligencePanel matchId={BASKETBALL_MATCH} sportId={3} />, { '/api/match/lq/intelligence': () => ['Back-to-back games.'] });
    expect(await screen.findByText('Back-to-back games.')).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/match/lq/intelligence', expect.anything());
  });

  it('has nothing to ask for other sports', async () => {
    const { http } = await renderPanel(<IntelligencePanel matchId={5} sportId={5} />, {});
    expect(await screen.findByText('No intelligence for this match.')).toBeInTheDocument();
    expect(http.match.get).not.toHaveBeenCalled();
  });
});
