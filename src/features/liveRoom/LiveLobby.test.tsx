import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { followSchema, subscribeInfoSchema } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import { AnchorType, HostLanguage, LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import { anchorRoom } from '../../testing/anchorFixtures';
import { memberState } from '../../testing/bettingFixtures';
import { fakeAnswer } from '../../testing/contractFakes';
import { wireMatch } from '../../testing/matchFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { LiveLobby } from './LiveLobby';
import { LIVE_ROOM_NS } from './i18n';

const names = (matchId: number, homeName: string, awayName: string, sportId = 1) =>
  wireMatch({ matchId, sportId, matchInfo: { ...wireMatch().matchInfo, homeName, awayName, homeScore: 2, awayScore: 1 } });

/** Scheme C sport ids as the anchor list carries them: football 1, basketball 2 (a basketball room first). */
const ROOMS: Anchor[] = [
  anchorRoom(8003, 9, { hostName: 'Hoops Lee', hostId: 9003, popularity: 500, sportId: 2, hostLanguage: HostLanguage.Cantonese }),
  anchorRoom(8001, 7, { hostName: '小雅', hostId: 9001, popularity: 48_200 }),
  anchorRoom(8002, 8, { hostName: 'Waiting Wang', hostId: 9002, popularity: 90_000, liveStatus: LiveStatus.Waiting }),
  anchorRoom(8010, 7, { hostName: 'Secret Su', hostId: 9010, anchorType: AnchorType.Exclusive }),
];
const MATCHES = [names(7, 'Arsenal', 'Chelsea'), names(8, 'Everton', 'Fulham'), names(9, 'Lakers', 'Celtics', 3)];

async function mount({ member = false, followed = [] as number[], specialRooms = '' } = {}) {
  const rendered = await renderWithStore(<LiveLobby />, {
    namespaces: [LIVE_ROOM_NS],
    before: ({ store, http }) => {
      http.media.get.mockImplementation(async (url: string, config?: unknown) => {
        const params = (config as { params: Record<string, unknown> }).params;
        if (url !== '/ssapi/anchor/search') throw new Error(`no answer for ${url}`);
        return params.matchSource === 'inplay' ? ROOMS.filter((room) => room.liveStatus === LiveStatus.Living) : ROOMS;
      });
      http.match.post.mockImplementation(async (url: string, body?: unknown) => {
        if (url !== '/api/match/getList') throw new Error(`no answer for ${url}`);
        const asked = String((body as { matchIds?: string }).matchIds ?? '').split(',').map(Number);
        const records = MATCHES.filter((match) => asked.includes(match.matchId));
        return { current: 1, pageTotal: 1, size: 100, total: records.length, records };
      });
      http.forehead.post.mockImplementation(async (url: string, body?: unknown) => {
        const asked = (body ?? {}) as { hostId?: number };
        if (url === LIVE_ROOM_PATHS.subscribeInfo) return fakeAnswer(subscribeInfoSchema, { subscribeHostId: followed, subscribeMatchId: [] });
        if (url === LIVE_ROOM_PATHS.bookingList) return [];
        if (url === LIVE_ROOM_PATHS.subscribe) return fakeAnswer(followSchema, { hostId: asked.hostId!, followed: true });
        if (url === '/api/forehead/live/liveRoom/getSpecialRoomIds') return specialRooms;
        throw new Error(`no answer for ${url}`);
      });
      if (member) store.applyHostProps(memberState());
      store.showScreen('lobby');
    },
  });
  await screen.findByRole('list', { name: 'Rooms' }, { timeout: 20_000 });
  return rendered;
}

const cards = () => screen.getAllByRole('article');
const anchorsShown = () => cards().map((card) => within(card).getByRole('link').querySelector('span[id]')?.textContent);

describe('<LiveLobby>', () => {
  it("lists the rooms on air and about to start with their anchor, match, sport and popularity; live before waiting, then the most popular", async () => {
    await mount();
    // A visitor never sees the exclusive room.
    expect(anchorsShown()).toEqual(['小雅', 'Hoops Lee', 'Waiting Wang']);
    const first = cards()[0]!;
    await waitFor(() => expect(first).toHaveTextContent('Arsenal – Chelsea'));
    expect(first).toHaveTextContent('Live');
    expect(first).toHaveTextContent('48,200 watching');
    expect(first).toHaveTextContent('2 : 1');
    expect(first).toHaveTextContent('Football');
    expect(cards()[2]).toHaveTextContent('Starting soon');
    expect(cards()[1]).toHaveTextContent('Cantonese');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Live rooms3 rooms');
  });

  it('puts the rooms of anchors the member follows first, and shows special rooms the member is granted', async () => {
    await mount({ member: true, followed: [9003], specialRooms: '8010' });
    await waitFor(() => expect(anchorsShown()[0]).toBe('Hoops Lee'));
    expect(cards()[0]).toHaveTextContent('Followed anchor');
    expect(anchorsShown()).toContain('Secret Su');
    expect(screen.getByRole('article', { name: 'Secret Su' })).toHaveTextContent('Exclusive room');
  });

  it('filters by sport, and shows every sport again', async () => {
    await mount();
    const sports = screen.getByRole('group', { name: 'Sport' });
    expect(within(sports).getAllByRole('button').map((button) => button.textContent)).toEqual(['All sports', 'Football', 'Basketball']);
    await userEvent.click(within(sports).getByRole('button', { name: 'Basketball' }));
    expect(anchorsShown()).toEqual(['Hoops Lee']);
    expect(within(sports).getByRole('button', { name: 'Basketball' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(sports).getByRole('button', { name: 'All sports' }));
    expect(anchorsShown()).toHaveLength(3);
  });

  it('opens a room from its card, with the room in the link for a new tab', async () => {
    const { store } = await mount();
    const link = within(screen.getByRole('article', { name: 'Hoops Lee' })).getByRole('link');
    expect(link.getAttribute('href')).toMatch(/roomId=8003/);
    await userEvent.click(link);
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8003);
  });

  it('follows an anchor from the card in English (the anchor tab is CMN only); a visitor is asked to sign in', async () => {
    const { http } = await mount({ member: true });
    const card = screen.getByRole('article', { name: '小雅' });
    const follow = within(card).getByRole('button', { name: 'Follow 小雅' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.subscribe, { hostId: 9001 });
    expect(await within(card).findByRole('button', { name: 'Following 小雅: unfollow' })).toHaveAttribute('aria-pressed', 'true');
    // Only the waiting room offers a booking.
    expect(within(card).queryByRole('button', { name: /Book/ })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Waiting Wang' })).getByRole('button', { name: "Book Waiting Wang's broadcast" })).toBeInTheDocument();
  });

  it("asks a visitor to sign in to follow, and calls nothing", async () => {
    const { store, http } = await mount();
    await userEvent.click(within(screen.getByRole('article', { name: '小雅' })).getByRole('button', { name: 'Follow 小雅' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(http.forehead.post).not.toHaveBeenCalledWith(LIVE_ROOM_PATHS.subscribe, expect.anything());
  });
});
