import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerGets, AWAY_NAME, BASKETBALL_MATCH, basketballTextAnswer, HOME_NAME, installFakePush, renderWithStore, type Routes } from '../../../src/sdk/testing';
import textLiveSections from '.';

const TextLive = textLiveSections.Body!;

async function renderPlays(routes: Routes) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<TextLive matchId={BASKETBALL_MATCH} names={{ home: HOME_NAME, away: AWAY_NAME }} />, {
    before: async ({ env, http }) => {
      await env.i18n.loadNamespaces('matchDetail');
      push = installFakePush(env);
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

describe('basketball play-by-play in the Text live tab', () => {
  const routes: Routes = { '/api/score/lq/TextLive': (params) => basketballTextAnswer(Number(params.section ?? 1)) };

  it('shows play-by-play rows with section, time, team, score and play', async () => {
    await renderPlays(routes);
    const table = await screen.findByRole('table', { name: 'Text live' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Time', 'Team', 'Score', 'Play']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(`Q209:12${HOME_NAME}30 - 28Dunk in transition`);
    expect(rows[1]).toHaveTextContent(`Q110:05${AWAY_NAME}2 - 3Three-pointer from the corner`);
  });

  it('sends the chosen section to the route; the filter is a keyboard tablist', async () => {
    const { http } = await renderPlays(routes);
    await screen.findByRole('table', { name: 'Text live' });
    const tabs = screen.getByRole('tablist', { name: 'Period' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Full game', '1st half', '2nd half', 'Q1', 'Q2', 'Q3', 'Q4', 'Overtime']);
    expect(within(tabs).getByRole('tab', { name: 'Full game' })).toHaveAttribute('aria-selected', 'true');
    expect(http.match.get).toHaveBeenLastCalledWith('/api/score/lq/TextLive', expect.objectContaining({ params: expect.objectContaining({ id: BASKETBALL_MATCH, section: 1 }) }));

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Q2' }));
    expect(http.match.get).toHaveBeenLastCalledWith('/api/score/lq/TextLive', expect.objectContaining({ params: expect.objectContaining({ section: 5 }) }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Text live' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Dunk in transition');

    // Arrow keys move the selection and focus along the tabs.
    await userEvent.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Q3' })).toHaveFocus();
    expect(http.match.get).toHaveBeenLastCalledWith('/api/score/lq/TextLive', expect.objectContaining({ params: expect.objectContaining({ section: 6 }) }));
    expect(await screen.findByText('No commentary yet.')).toBeInTheDocument();

    // A section already loaded is shown from the store.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Full game' }));
    expect(within(screen.getByRole('table', { name: 'Text live' })).getAllByRole('row')).toHaveLength(4);
  });

  /** `total` plays, newest first, as the route answers them: play n scores n - 1. */
  const manyPlays = (total: number) =>
    Array.from({ length: total }, (_, i) => ({ section: 4, time: '00:10', sign: 'home' as const, homeScore: total - i, awayScore: 0, event: `Play ${total - i}` }));

  it('names the final whistle "Full time", not a quarter 0', async () => {
    const finalWhistle = { section: 0, time: '00:00', sign: null, homeScore: 101, awayScore: 99, event: 'End of game' };
    await renderPlays({ '/api/score/lq/TextLive': () => [finalWhistle, ...manyPlays(2)] });
    const rows = within(await screen.findByRole('table', { name: 'Text live' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Full time00:00—101 - 99End of game');
    expect(rows[0]).not.toHaveTextContent('Q0');
  });

  it('shows the newest 50 plays of a full game and earlier ones a page at a time', async () => {
    await renderPlays({ '/api/score/lq/TextLive': (params) => manyPlays(Number(params.section ?? 1) === 1 ? 120 : 60) });
    const table = await screen.findByRole('table', { name: 'Text live' });
    const plays = () => within(table).getAllByRole('row').slice(1);
    expect(plays()).toHaveLength(50);
    expect(plays()[0]).toHaveTextContent('Play 120');
    expect(screen.getByText('50 of 120 plays')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show 50 earlier plays' }));
    expect(plays()).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 earlier plays' }));
    expect(plays()).toHaveLength(120);
    expect(plays()[119]).toHaveTextContent('Play 1');
    expect(screen.queryByRole('button', { name: /earlier plays/ })).toBeNull();

    // Another section starts again from its newest page.
    await userEvent.click(screen.getByRole('tab', { name: 'Q1' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Text live' })).getAllByRole('row')).toHaveLength(51));
    expect(screen.getByRole('button', { name: 'Show 10 earlier plays' })).toBeInTheDocument();
  });

  it('refetches the shown section on a score push of its match', async () => {
    const { http, push } = await renderPlays(routes);
    await screen.findByRole('table', { name: 'Text live' });
    act(() => push.deliver(`match:${BASKETBALL_MATCH}:score`, { kind: 'event', matchId: BASKETBALL_MATCH }));
    await waitFor(() => expect(http.match.get).toHaveBeenCalledTimes(2));
  });
});
