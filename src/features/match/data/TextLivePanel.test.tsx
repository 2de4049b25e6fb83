import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { envOf } from '../../../core/store/env';
import { renderWithStore } from '../../../testing/renderWithStore';
import { answerGets, AWAY_NAME, FOOTBALL_MATCH, footballTextAnswer, HOME_NAME, installFakePush, type Routes } from '../../../testing/matchDataFixtures';
import { TextLivePanel } from './TextLivePanel';

async function renderPanel(routes: Routes, props: { matchId?: number; sportId?: number } = {}) {
  let push!: ReturnType<typeof installFakePush>;
  const result = await renderWithStore(<TextLivePanel matchId={props.matchId ?? FOOTBALL_MATCH} sportId={props.sportId ?? 1} homeName={HOME_NAME} awayName={AWAY_NAME} />, {
    before: async ({ store, http }) => {
      await envOf(store).i18n.loadNamespaces('matchDetail');
      push = installFakePush(envOf(store));
      answerGets(http.match.get, routes);
    },
  });
  return { ...result, push };
}

describe('<TextLivePanel> sport plugins', () => {
  it("draws e-football's commentary with football's plugin, from the football route", async () => {
    const { http } = await renderPanel({ '/api/score/zq/TextLive': () => footballTextAnswer([{ type: 10, second: 0, minute: "1'", team: null, text: 'Kick-off' }]) }, { sportId: 177 });
    const list = await screen.findByRole('list', { name: 'Text live' });
    expect(within(list).getByRole('img', { name: 'Kick-off' })).toBeInTheDocument();
    expect(http.match.get).toHaveBeenCalledWith('/api/score/zq/TextLive', expect.objectContaining({ params: expect.objectContaining({ id: FOOTBALL_MATCH }) }));
  });
});

describe('<TextLivePanel> other sports', () => {
  it('says there is no commentary when no plugin draws play-by-play for the sport, and asks nothing', async () => {
    const { http } = await renderPanel({}, { matchId: 9, sportId: 5 });
    expect(screen.getByText('No commentary yet.')).toBeInTheDocument();
    expect(http.match.get).not.toHaveBeenCalled();
  });
});
