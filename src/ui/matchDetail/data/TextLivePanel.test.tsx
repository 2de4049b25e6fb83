import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envOf } from '../../../stores/env';
import { renderWithStore } from '../../../testing/renderWithStore';
import {
  answerGets,
  AWAY_NAME,
  BASKETBALL_MATCH,
  basketballTextAnswer,
  FOOTBALL_MATCH,
  footballEventPush,
  footballTextAnswer,
  HOME_NAME,
  installFakePush,
  type Routes,
} from '../../../testing/matchDataFixtures';
import { TextLivePanel } from './TextLivePanel';

async function renderPanel(routes: Routes, props: { matchId?: number; sportId?: number } = {}) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<TextLivePanel matchId={props.matchId ?? FOOTBALL_MATCH} sportId={props.sportId ?? 1} homeName={HOME_NAME} awayName={AWAY_NAME} />, {
    before: async ({ store, http }) => {
      await envOf(store).i18n.loadNamespaces('matchData');
      push = installFakePush(envOf(store));
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

const COMMENTARY = [
  { type: 3, second: 1300, minute: "22'", team: 'away' as const, text: "22' Yellow card for a late tackle" },
  { type: 2, second: 600, minute: "11'", team: 'home' as const, text: 'Corner to the home side' },
  { type: 10, second: 0, minute: "1'", team: null, text: 'Kick-off' },
];

const lines = () => within(screen.getByRole('list', { name: 'Text live' })).getAllByRole('listitem');

describe('<TextLivePanel> football', () => {
  it('lists the commentary newest first with the minute, an event icon and the text without its time prefix', async () => {
    const { http } = await renderPanel({ '/api/score/zq/TextLive': () => footballTextAnswer(COMMENTARY) });
    await screen.findByRole('list', { name: 'Text live' });
    const items = lines();
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("22'");
    expect(within(items[0]!).getByRole('img', { name: 'Yellow card' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Yellow card for a late tackle')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Corner' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('img', { name: 'Kick-off' })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/score/zq/TextLive', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH }) }));
  });

  it('adds a football:js1 event of its match at the top without refetching, once', async () => {
    const { http, push } = await renderPanel({ '/api/score/zq/TextLive': () => footballTextAnswer(COMMENTARY) });
    await screen.findByRole('list', { name: 'Text live' });
    act(() => push.deliver('football:js1', { ...footballEventPush({ matchId: FOOTBALL_MATCH + 5 }), matchId: FOOTBALL_MATCH + 5 }));
    expect(lines()).toHaveLength(3);

    const goal = footballEventPush();
    act(() => push.deliver('football:js1', goal));
    act(() => push.deliver('football:js1', goal));
    const items = lines();
    expect(items).toHaveLength(4);
    // 47:10 in the first half is stoppage time; the pushed text's "46' " prefix is removed, in English.
    expect(items[0]).toHaveTextContent("45+3'");
    expect(within(items[0]!).getByRole('img', { name: 'Goal' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('GOAL! Header from six yards')).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledTimes(1);
  });

  it('refetches when a pushed event lacks what a line needs', async () => {
    let answer = COMMENTARY;
    const { http, push } = await renderPanel({ '/api/score/zq/TextLive': () => footballTextAnswer(answer) });
    await screen.findByRole('list', { name: 'Text live' });
    answer = [{ type: 9, second: 3000, minute: "51'", team: 'home', text: 'Substitution for the home side' }, ...COMMENTARY];
    act(() => push.deliver('football:js1', { kind: 'event', matchId: FOOTBALL_MATCH, event: { type: 9 } }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(within(lines()[0]!).getByRole('img', { name: 'Substitution' })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledTimes(2);
  });

  it('removes an event-time prefix the answer still carries', async () => {
    // Straight from the wire, not through the platform helper: an operator's platform may leave the prefix in.
    await renderPanel({ '/api/score/zq/TextLive': () => [{ type: 6, second: 2000, minute: "34'", team: 'away', text: "34' - Free kick on the edge of the box" }] });
    expect(await screen.findByText('Free kick on the edge of the box')).toBeInTheDocument();
    expect(within(lines()[0]!).getByRole('img', { name: 'Free kick' })).toBeInTheDocument();
  });

  it('renders markup in commentary as text', async () => {
    await renderPanel({ '/api/score/zq/TextLive': () => footballTextAnswer([{ type: 1, second: 60, minute: "2'", team: 'home', text: '<b>bold</b> <img src=x onerror=alert(1)>' }]) });
    expect(await screen.findByText('<b>bold</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows the empty state, and a failure with Retry', async () => {
    let fail = true;
    await renderPanel({
      '/api/score/zq/TextLive': () => {
        if (fail) throw new Error('down');
        return [];
      },
    });
    expect(await screen.findByText('The data could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No commentary yet.')).toBeInTheDocument();
  });
});

describe('<TextLivePanel> basketball', () => {
  const routes: Routes = { '/api/score/lq/TextLive': (params) => basketballTextAnswer(Number(params.section ?? 1)) };

  it('shows play-by-play rows with section, time, team, score and play', async () => {
    await renderPanel(routes, { matchId: BASKETBALL_MATCH, sportId: 3 });
    const table = await screen.findByRole('table', { name: 'Text live' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Time', 'Team', 'Score', 'Play']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(`Q209:12${HOME_NAME}30 - 28Dunk in transition`);
    expect(rows[1]).toHaveTextContent(`Q110:05${AWAY_NAME}2 - 3Three-pointer from the corner`);
  });

  it('sends the chosen section to the route; the filter is a keyboard tablist', async () => {
    const { http } = await renderPanel(routes, { matchId: BASKETBALL_MATCH, sportId: 3 });
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
    const { http, push } = await renderPanel(routes, { matchId: BASKETBALL_MATCH, sportId: 3 });
    await screen.findByRole('table', { name: 'Text live' });
    act(() => push.deliver(`match:${BASKETBALL_MATCH}:score`, { kind: 'event', matchId: BASKETBALL_MATCH }));
    await waitFor(() => expect(http.match.get).toHaveBeenCalledTimes(2));
  });
});
