import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../../contract';
import { wireMatch } from '../../../testing/matchFixtures';
import { renderWithStore } from '../../../testing/renderWithStore';
import { RightColumn } from './RightColumn';
import { MATCH_PATHS } from '../../../../contract/paths';

const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });
const info = (homeName: string, awayName: string) => ({ ...wireMatch().matchInfo, homeName, awayName });
const WITH_VIDEO = wireMatch({ matchId: 7, matchInfo: info('Lions', 'Tigers'), media: { videos: [{ line: 1, pc: '/v/7.flv', h5: '/v/7.m3u8' }], animation: null } });
const ANIMATION_ONLY = wireMatch({ matchId: 8, matchInfo: info('Bears', 'Wolves'), media: { videos: [], animation: '/a/8' } });

/** The same matches as the platform names them in Chinese (the request's language decides). */
const CHINESE = { 7: info('狮子', '老虎'), 8: info('熊', '狼') } as Record<number, WireMatch['matchInfo']>;

async function mount() {
  const result = await renderWithStore(<RightColumn />, {
    before: ({ http, store }) => {
      const named = (match: WireMatch) => (store.settings.apiLanguage === 'CMN' ? { ...match, matchInfo: CHINESE[match.matchId]! } : match);
      http.match.post.mockImplementation(async (url, body) => {
        if (url === MATCH_PATHS.detail) return { ...named(WITH_VIDEO), betGroups: [] };
        return (body as { type: number }).type === ListType.InPlay ? pageOf([WITH_VIDEO, ANIMATION_ONLY].map(named)) : pageOf([]);
      });
      // The media stage's call: an answer it can read is not needed to show which match it plays.
      http.media.get.mockImplementation(() => new Promise(() => undefined));
    },
  });
  // Found by its heading's id, which stays the same in every language.
  const panel = () => screen.getAllByRole('region').find((region) => region.getAttribute('aria-labelledby') === 'sp-live-title')!;
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
      store.ui.watchLive({ matchId: 7, sportId: 1, title: 'Lions – Tigers', language: 'ENG' });
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

  it("names the live matches in the new language after a switch made on another view, with nothing left of the old one", async () => {
    const { panel, store } = await mount();
    const list = await within(panel()).findByRole('list', { name: 'Live matches with video' });
    expect(list).toHaveTextContent('Lions – Tigers');
    await act(async () => {
      store.ui.showView('list');
      await store.settings.setLocale('zh-CN');
    });
    await waitFor(() => expect(within(panel()).getByRole('list', { name: '有视频直播的比赛' })).toHaveTextContent('狮子 – 老虎'));
    expect(panel()).not.toHaveTextContent(/Lions|Tigers/);
  });

  it("renames the playing match in the new language: its names are asked for again, the old ones never stay", async () => {
    const { panel, http, store } = await mount();
    await act(async () => store.ui.watchLive({ matchId: 7, sportId: 1, title: 'Lions – Tigers', language: 'ENG' }));
    expect(await within(panel()).findByText('Lions – Tigers')).toBeInTheDocument();
    await act(async () => {
      store.ui.showView('list');
      await store.settings.setLocale('zh-CN');
    });
    expect(await within(panel()).findByText('狮子 – 老虎')).toBeInTheDocument();
    expect(http.match.post).toHaveBeenCalledWith(MATCH_PATHS.detail, { matchId: 7 }, { noAuth: true });
    expect(panel()).not.toHaveTextContent(/Lions|Tigers/);
    expect(store.ui.liveVideo).toEqual({ matchId: 7, sportId: 1, title: '狮子 – 老虎', language: 'CMN' });
  });

  it('plays nothing while a live room shows (the room plays its own stage: one video on the page), and plays again after leaving it', async () => {
    const { panel, http, store } = await mount();
    await act(async () => {
      store.ui.watchLive({ matchId: 7, sportId: 1, title: 'Lions – Tigers', language: 'ENG' });
      store.ui.showOne('room', 8001);
    });
    expect(await within(panel()).findByText('Paused while a live room plays: one stream at a time.')).toBeInTheDocument();
    expect(http.media.get).not.toHaveBeenCalled();
    expect(panel().querySelector('section[data-media-mode]')).toBeNull();

    await act(async () => store.ui.leaveMatch());
    await waitFor(() => expect(stageMatch(http.media.get)).toBe(7));
  });
});
