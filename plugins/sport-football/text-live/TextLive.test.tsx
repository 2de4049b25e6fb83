import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerGets, AWAY_NAME, FOOTBALL_MATCH, footballEventPush, footballTextAnswer, HOME_NAME, installFakePush, renderWithStore, type Routes } from '../../../src/sdk/testing';
import textLiveSections from '.';

const TextLive = textLiveSections.Body!;

async function renderPanel(routes: Routes) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<TextLive matchId={FOOTBALL_MATCH} names={{ home: HOME_NAME, away: AWAY_NAME }} />, {
    before: async ({ env, http }) => {
      await env.i18n.loadNamespaces('matchDetail');
      push = installFakePush(env);
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

describe('football commentary in the Text live tab', () => {
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
