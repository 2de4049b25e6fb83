import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import { wireMatch } from '../../testing/matchFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { RightColumn } from './RightColumn';

const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });
const info = (homeName: string, awayName: string) => ({ ...wireMatch().matchInfo, homeName, awayName });
const WITH_VIDEO = wireMatch({ matchId: 7, matchInfo: info('Lions', 'Tigers'), media: { videos: [{ line: 1, pc: '/v/7.flv', h5: '/v/7.m3u8' }], animation: null } });
const ANIMATION_ONLY = wireMatch({ matchId: 8, matchInfo: info('Bears', 'Wolves'), media: { videos: [], animation: '/a/8' } });

async function mount() {
  const result = await renderWithStore(<RightColumn />, {
    before: ({ http }) => {
      http.match.post.mockImplementation(async (_url, body) => ((body as { type: number }).type === ListType.InPlay ? pageOf([WITH_VIDEO, ANIMATION_ONLY]) : pageOf([])));
      // The media stage's call: an answer it can read is not needed to show which match it plays.
      http.media.get.mockImplementation(() => new Promise(() => undefined));
    },
  });
  const panel = () => screen.getByRole('region', { name: 'Live video' });
  return { ...result, panel };
}

/** The match the panel's media stage asked the media call for, if any. */
const stageMatch = (get: { mock: { calls: unknown[][] } }) => (get.mock.calls.at(-1)?.[1] as { params?: { matchId?: number } } | undefined)?.params?.matchId;

describe('<RightColumn> live video', () => {
  it('offers the live matches that have video when nothing plays, and plays the one picked (by keyboard) in the match stage', async () => {
    const { panel, http, store } = await mount();
    const list = await within(panel()).findByRole('list', { name: 'Live matches with video' });
    // An animation-only match is not a video to watch.
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Lions – TigersL']);
    within(list).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(store.ui.liveVideo?.matchId).toBe(7);
    await waitFor(() => expect(stageMatch(http.media.get)).toBe(7));
    expect(panel().querySelector('[data-live-video="7"] section[data-media-mode]')).not.toBeNull();
    expect(within(panel()).queryByText(/Choose a match/)).toBeNull();
  });

  it('follows the match shown with video: names it while its screen plays it, plays it after Back, and Close returns to the choice', async () => {
    const { panel, http, store } = await mount();
    await act(async () => {
      store.ui.showMatch(7);
      store.ui.watchLive({ matchId: 7, sportId: 1, title: 'Lions – Tigers' });
    });
    expect(await within(panel()).findByText('Lions – Tigers is playing on the match screen')).toBeInTheDocument();
    // One stream: the match screen's stage plays it, the panel does not start a second.
    expect(http.media.get).not.toHaveBeenCalled();

    await act(async () => store.ui.leaveMatch());
    await waitFor(() => expect(stageMatch(http.media.get)).toBe(7));
    expect(within(panel()).getByText('Lions – Tigers')).toBeInTheDocument();

    await userEvent.click(within(panel()).getByRole('button', { name: 'Close video' }));
    expect(store.ui.liveVideo).toBeUndefined();
    expect(await within(panel()).findByRole('list', { name: 'Live matches with video' })).toBeInTheDocument();
  });
});
