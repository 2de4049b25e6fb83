import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envOf } from '../../../core/store/env';
import { renderWithStore } from '../../../testing/renderWithStore';
import { answerGets, AWAY_NAME, BASKETBALL_MATCH, FOOTBALL_MATCH, HOME_NAME, installFakePush, lineupAnswer, type Routes } from '../../../testing/matchDataFixtures';
import { LineupPanel } from './LineupPanel';

async function renderPanel(routes: Routes, props: { matchId?: number; sportId?: number } = {}) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<LineupPanel matchId={props.matchId ?? FOOTBALL_MATCH} sportId={props.sportId ?? 1} homeName={HOME_NAME} awayName={AWAY_NAME} />, {
    before: async ({ store, http }) => {
      await envOf(store).i18n.loadNamespaces('matchDetail');
      push = installFakePush(envOf(store));
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

describe('<LineupPanel>', () => {
  it("lists starters and substitutes from the route of the sport plugin's data source, with football's pitch and incidents", async () => {
    const { http } = await renderPanel({ '/api/score/zq/lineup': () => lineupAnswer() });
    const starters = await screen.findByRole('list', { name: `${HOME_NAME} starters` });
    expect(within(starters).getAllByRole('listitem')).toHaveLength(11);
    expect(within(starters).getAllByRole('listitem')[0]).toHaveTextContent('No. 1Home 1G');
    const subs = screen.getByRole('list', { name: `${AWAY_NAME} substitutes` });
    expect(within(subs).getAllByRole('listitem')).toHaveLength(2);
    // Football's lineup extension draws around the team lists.
    expect(await screen.findByRole('img', { name: `${HOME_NAME} 4-3-3 against ${AWAY_NAME} 4-3-3` })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Incidents' })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/score/zq/lineup', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH }) }));
  });

  it("reads e-football's line-ups from football's route, as sport-football declares", async () => {
    const { http } = await renderPanel({ '/api/score/zq/lineup': () => lineupAnswer() }, { sportId: 177 });
    expect(await screen.findByRole('list', { name: `${HOME_NAME} starters` })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/score/zq/lineup', expect.anything());
  });

  it('says there are no line-ups for a sport no plugin declares a source for, and asks nothing', async () => {
    const { http } = await renderPanel({}, { matchId: 9, sportId: 5 });
    expect(screen.getByText('The line-ups have not been announced yet.')).toBeInTheDocument();
    expect(http.match.get).not.toHaveBeenCalled();
  });

  it('says the line-ups are not announced, then shows them when lineup:status names the match', async () => {
    let published = false;
    const { http, push } = await renderPanel({ '/api/score/zq/lineup': () => lineupAnswer({ published }) });
    expect(await screen.findByText('The line-ups have not been announced yet.')).toBeInTheDocument();
    published = true;
    act(() => push.deliver('lineup:status', { kind: 'lineup', matchId: FOOTBALL_MATCH + 1 }));
    expect(http.match.get).toHaveBeenCalledTimes(1);
    act(() => push.deliver('lineup:status', { kind: 'lineup', matchId: FOOTBALL_MATCH }));
    expect(await screen.findByRole('list', { name: `${HOME_NAME} starters` })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledTimes(2);
  });

  it('shows basketball line-ups as two lists without a pitch', async () => {
    const { http } = await renderPanel({ '/api/score/lq/lineup': () => lineupAnswer({ basketball: true }) }, { matchId: BASKETBALL_MATCH, sportId: 3 });
    const home = await screen.findByRole('list', { name: `${HOME_NAME} starters` });
    expect(within(home).getAllByRole('listitem')).toHaveLength(5);
    expect(within(home).getAllByRole('listitem')[0]).toHaveTextContent('No. 4Home PGPG');
    expect(screen.getByRole('list', { name: `${AWAY_NAME} starters` })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /against/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Incidents' })).toBeNull();
    expect(http.match.get).toHaveBeenCalledWith('/api/score/lq/lineup', expect.anything());
  });

  it('fails with a Retry that loads again', async () => {
    let fail = true;
    await renderPanel({
      '/api/score/zq/lineup': () => {
        if (fail) throw new Error('down');
        return lineupAnswer();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('list', { name: `${HOME_NAME} starters` })).toBeNull();
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('list', { name: `${HOME_NAME} starters` })).toBeInTheDocument());
  });
});
