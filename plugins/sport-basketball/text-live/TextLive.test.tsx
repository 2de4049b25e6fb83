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

  it('refetches the shown section on a score push of its match', async () => {
    const { http, push } = await renderPlays(routes);
    await screen.findByRole('table', { name: 'Text live' });
    act(() => push.deliver(`match:${BASKETBALL_MATCH}:score`, { kind: 'event', matchId: BASKETBALL_MATCH }));
    await waitFor(() => expect(http.match.get).toHaveBeenCalledTimes(2));
  });
});
