import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anchorMediaSchema } from '../../../contract/media';
import { HostLanguage, LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import type { Plugin } from '../../kernel/definePlugin';
import { registry } from '../../kernel/registry';
import { anchorsOf } from './anchors/anchors';
import { chatOf } from '../chat/chat';
import { type MatchDetail } from '../match/matchDetailWire';
import { anchorRoom } from '../../testing/anchorFixtures';
import { chatMessage, helloAndJoin } from '../../testing/chatFixtures';
import { memberState } from '../../testing/bettingFixtures';
import { fakeAnswer } from '../../testing/contractFakes';
import { wireMatch } from '../../testing/matchFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { testPlugin } from '../../testing/testPlugin';
import { liveRoomHeaderPoint, liveRoomOverlayPoint, liveRoomTabPoint, type LiveRoomProps } from './points';
import { LiveRoomScreen } from './LiveRoomScreen';
import { MATCH_PATHS } from '../../../contract/paths';
import { LIVE_ROOM_NS } from './i18n';
import { CHAT_NS } from '../chat/chatText';
import { MATCH_DETAIL_NS } from '../match/Scoreboard';

const detail = (matchId: number, homeName: string, awayName: string): MatchDetail => {
  const base = wireMatch({
    matchId,
    matchInfo: { homeName, awayName, homeIcon: '', awayIcon: '', homeId: 1, awayId: 2, matchPeriod: '2H', period: 3, homeScore: 2, awayScore: 1, matchTime: 3000 },
  });
  const [group] = base.betGroup;
  return { ...base, betGroups: [{ ...group!, name: 'Asian Handicap', moneyHandicap: [{ ...group!.moneyHandicap[0]!, matchId, options: [
    { type: 'home', name: homeName, line: '-0.5', odd: '1.950', showOdd: '1.95', isLock: false },
    { type: 'away', name: awayName, line: '0.5', odd: '1.900', showOdd: '1.90', isLock: false },
  ] }] }] };
};

const MATCHES: Record<number, MatchDetail> = { 7: detail(7, 'Arsenal', 'Chelsea'), 8: detail(8, 'Everton', 'Fulham') };
const ROOMS: Anchor[] = [
  anchorRoom(8001, 7, { hostName: '小雅', hostId: 9001, popularity: 48_200 }),
  anchorRoom(8003, 7, { hostName: '波叔', hostId: 9003, hostLanguage: HostLanguage.Cantonese, sort: 2, liveStatus: LiveStatus.Waiting }),
  anchorRoom(8004, 8, { hostName: '篮球小王', hostId: 9004 }),
];

/** The panel a fake extension draws, with the room it was given. */
const drawn: LiveRoomProps[] = [];
const panel = (text: string) =>
  function FakePanel(props: LiveRoomProps) {
    drawn.push(props);
    return <p>{text}</p>;
  };
const PROGRAM = testPlugin({ id: 'test-program', point: liveRoomTabPoint, match: { tab: 'program' }, loader: async () => ({ default: { Panel: panel('program messages') } }) });
const FOLLOW = testPlugin({ id: 'test-follow', point: liveRoomTabPoint, match: { tab: 'anchor' }, loader: async () => ({ default: { Panel: panel('follow this anchor') } }) });
const COINS = testPlugin({
  id: 'test-coins',
  point: liveRoomHeaderPoint,
  match: undefined,
  loader: async () => ({
    default: {
      Header: (props: LiveRoomProps) => (
        <>
          <button type="button" onClick={props.moneyMoved}>
            coins moved
          </button>
          <button type="button" onClick={props.signIn}>
            sign in for coins
          </button>
        </>
      ),
    },
  }),
});
const BARRAGE = testPlugin({ id: 'test-barrage', point: liveRoomOverlayPoint, match: undefined, loader: async () => ({ default: { Overlay: panel('barrage') } }) });

async function mount({ roomId = 8001, rooms = ROOMS, plugins = [] as Plugin[], locale = 'en', member = false } = {}) {
  const answer = { rooms };
  const rendered = await renderWithStore(<LiveRoomScreen />, {
    namespaces: [LIVE_ROOM_NS, CHAT_NS, MATCH_DETAIL_NS],
    // The room's own tabs are under test: shipped plugins that fill its points (the experts' program) stay off, the test's own on.
    plugins: { extra: plugins, enabled: (id) => plugins.some((p) => p.manifest.id === id) || !registry.get(id)?.manifest.extensions.some((e) => e.point.startsWith('liveRoom.')) },
    before: async ({ store, http }) => {
      http.media.get.mockImplementation(async (url: string, config?: unknown) => {
        const params = (config as { params: Record<string, unknown> }).params;
        if (url === '/ssapi/anchor/search') return params.matchSource === 'inplay' ? answer.rooms.filter((a) => a.liveStatus === LiveStatus.Living) : answer.rooms;
        if (url === '/media/anchor/web') {
          const room = answer.rooms.find((a) => a.liveRoomId === params.liveRoomId)!;
          const live = room.liveStatus === LiveStatus.Living;
          return fakeAnswer(anchorMediaSchema, { liveRoomId: room.liveRoomId, matchId: room.matchId, liveStatus: room.liveStatus, sources: live ? [{ line: 1, pc: `/a/${room.liveRoomId}.flv`, h5: `/a/${room.liveRoomId}.m3u8` }] : [] });
        }
        return { matchId: params.matchId, videos: [], animations: [] };
      });
      http.match.post.mockImplementation(async (url, body) => {
        if (url === MATCH_PATHS.detail) return MATCHES[(body as { matchId: number }).matchId];
        return { current: 1, pageTotal: 0, size: 50, total: 0, records: [] };
      });
      if (member) store.applyHostProps(memberState());
      if (locale !== 'en') await store.settings.setLocale(locale);
      store.ui.showOne('room', roomId);
    },
  });
  return { ...rendered, answer };
}

const title = () => screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
const roomTabs = () => within(screen.getByRole('tablist', { name: 'Room' })).getAllByRole('tab').map((tab) => tab.textContent);

describe('<LiveRoomScreen>', () => {
  it('shows the anchor, their language and popularity, the match with its live score, and plays the anchor first', async () => {
    const { http } = await mount();
    expect(await title()).toHaveTextContent('小雅');
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Mandarin');
    expect(header).toHaveTextContent('48,200 watching');
    expect(header).toHaveTextContent('Live');
    const match = await screen.findByRole('region', { name: 'Match' }, { timeout: 20_000 });
    expect(match).toHaveTextContent('Arsenal 2 - 1 Chelsea');
    expect(await screen.findByRole('button', { name: 'Live host' }, { timeout: 20_000 })).toHaveAttribute('aria-pressed', 'true');
    expect(http.media.get).toHaveBeenCalledWith('/media/anchor/web', expect.objectContaining({ params: { liveRoomId: 8001 } }));
    expect(screen.getByRole('group', { name: 'Line' })).toBeInTheDocument();
    // The stream's picture has no words: the room draws the anchor, the teams and the live score over it (issue 31).
    const caption = await screen.findByTestId('stream-caption');
    expect(caption).toHaveTextContent('小雅');
    expect(caption).toHaveTextContent('Arsenal2 - 1Chelsea');
  });

  it("offers bet, first-bet cover, chat, data and (CMN only) anchor; program only once something fills it; opens on the chat", async () => {
    await mount();
    await title();
    expect(roomTabs()).toEqual(['Bet', 'First-bet cover', 'Chat', 'Data']);
    expect(screen.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each(['zh-CN', 'zh-TW'])('has the anchor tab in Chinese (%s)', async (locale) => {
    await mount({ locale });
    await title();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('id'))).toContain('sp-room-tab-anchor'));
  });

  it('draws the tab an extension fills and gives it the room', async () => {
    drawn.length = 0;
    await mount({ plugins: [PROGRAM] });
    await title();
    expect(roomTabs()).toEqual(['Bet', 'First-bet cover', 'Chat', 'Program', 'Data']);
    await userEvent.click(screen.getByRole('tab', { name: 'Program' }));
    expect(await screen.findByText('program messages', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(drawn.at(-1)).toMatchObject({ liveRoomId: 8001, matchId: 7, sportId: 1, hostId: 9001 });
  });

  it("draws the header extensions in the room's header; they can ask for the balances again and for a sign-in", async () => {
    const visitor = await mount({ plugins: [COINS] });
    await title();
    await userEvent.click(await screen.findByRole('button', { name: 'sign in for coins' }, { timeout: 20_000 }));
    expect(visitor.store.ui.loginDialogOpen).toBe(true);
    visitor.unmount();

    const member = await mount({ plugins: [COINS], member: true });
    await title();
    const moved = await within(screen.getByRole('heading', { level: 1 }).closest('header')!).findByRole('button', { name: 'coins moved' }, { timeout: 20_000 });
    member.http.forehead.post.mockClear();
    await userEvent.click(moved);
    // The app fetches the login state again (and hands the balances to the host's onBalanceChange).
    await waitFor(() => expect(member.http.forehead.post).toHaveBeenCalledWith('/api/forehead/user/loginState', {}));
  });

  it("draws the overlay extensions over the stage", async () => {
    await mount({ plugins: [BARRAGE] });
    await title();
    const stage = await screen.findByRole('region', { name: 'Live video and animation' }, { timeout: 20_000 });
    expect(await within(stage).findByText('barrage', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("puts the room's match markets in the bet tab, each price into the slip", async () => {
    const { store } = await mount({ member: true });
    await title();
    await userEvent.click(screen.getByRole('tab', { name: 'Bet' }));
    const price = await screen.findByRole('button', { name: /Arsenal -0.5 1\.95/ }, { timeout: 20_000 });
    await userEvent.click(price);
    expect(store.betSlip.entries.map((e) => [e.matchId, e.optionType])).toEqual([[7, 'home']]);
  });

  it("shows the match's data panels in the data tab", async () => {
    await mount();
    await title();
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    const views = screen.getByRole('group', { name: 'Data' });
    expect(within(views).getAllByRole('button').map((b) => b.textContent)).toEqual(['Statistics', 'Line-ups', 'Text live']);
  });

  it('hides and shows only the chat with the chat-room toggle: the other tabs stay beside the stage', async () => {
    await mount();
    await title();
    const toggle = screen.getByRole('button', { name: 'Chat room' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(roomTabs()).toEqual(['Bet', 'First-bet cover', 'Data']);
    expect(screen.getByRole('tab', { name: 'Bet' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await userEvent.click(toggle);
    expect(roomTabs()).toEqual(['Bet', 'First-bet cover', 'Chat', 'Data']);
  });

  it('counts unread messages on the chat toggle while the chat is hidden and on the chat tab while another tab shows; showing the chat clears it', async () => {
    const { chatSockets } = await mount();
    await title();
    const socket = chatSockets.last();
    await act(async () => {
      await socket.open();
      helloAndJoin(socket, { uid: 0 });
    });
    const toggle = screen.getByRole('button', { name: 'Chat room' });
    await act(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '1', uid: 9, text: 'seen at once' }) }]));
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    await userEvent.click(toggle);
    await act(() => socket.roomEvents(8001, [1, 2].map((n) => ({ kind: 'message', message: chatMessage({ id: `1${n}`, uid: 9 }) }))));
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('2');
    expect(toggle).toHaveAccessibleName('Chat room 2 unread messages');

    // Showing the chat again opens it: read.
    await userEvent.click(toggle);
    expect(screen.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Bet' }));
    await act(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '13', uid: 9 }) }]));
    expect(screen.getByRole('tab', { name: 'Chat (1)' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('tab', { name: 'Chat (1)' }));
    expect(screen.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });

  it("switches the barrage over the stage, keeps the choice in the merchant's storage and starts from it", async () => {
    const { env, chatSockets, unmount } = await mount();
    await title();
    const toggle = screen.getByRole('button', { name: 'Barrage' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // The room joined its chat when it opened, whichever tab shows.
    await act(() => chatSockets.last().open());
    expect(chatSockets.last().sent).toEqual([{ cmd: 'join', roomId: 8001 }]);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(env.storage.get('barrageVisible')).toBe(false);
    unmount();
    expect(chatSockets.last().sent.at(-1)).toEqual({ cmd: 'leave', roomId: 8001 });

    const again = await renderWithStore(<LiveRoomScreen />, {
      namespaces: [LIVE_ROOM_NS, CHAT_NS, MATCH_DETAIL_NS],
      before: ({ env: next }) => void next.storage.set('barrageVisible', false),
    });
    expect(chatOf(again.store).barrageVisible).toBe(false);
  });

  it('hides the slip with the bet-slip toggle, for the room only', async () => {
    const { store, unmount } = await mount();
    await title();
    const toggle = screen.getByRole('button', { name: 'Bet slip' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(store.ui.slipHidden).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.ui.view).toBe('home');
    // The app's route swaps the room's screen for home's.
    unmount();
    expect(store.ui.slipHidden).toBe(false);
  });

  it('falls back to the first live room when the room asked for is not in the list, and says so', async () => {
    await mount({ roomId: 9999 });
    expect(await title()).toHaveTextContent('小雅');
    expect(screen.getByText("That room is not live any more: showing 小雅's room instead.")).toHaveAttribute('role', 'status');
  });

  it('says no anchor is live when there is no room to fall back to', async () => {
    await mount({ roomId: 9999, rooms: [ROOMS[1]!] });
    expect(await screen.findByText('No anchor is live right now.', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('follows the anchor to another match: the header, markets and stage move with them', async () => {
    const { answer, http, store } = await mount();
    expect(await screen.findByRole('region', { name: 'Match' }, { timeout: 20_000 })).toHaveTextContent('Arsenal 2 - 1 Chelsea');
    answer.rooms = [{ ...ROOMS[0]!, matchId: 8 }, ...ROOMS.slice(1)];
    // What the 20 s anchor loop does (its timing is the store's test).
    await act(() => anchorsOf(store).load('inplay'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Match' })).toHaveTextContent('Everton 2 - 1 Fulham'));
    expect(http.match.post).toHaveBeenCalledWith(MATCH_PATHS.detail, { matchId: 8 }, expect.anything());
    await waitFor(() => expect(http.media.get).toHaveBeenCalledWith('/media/video/web', expect.objectContaining({ params: { matchId: 8 } })), { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('小雅');
  });

  it('follows the anchor to a new room when their room goes, rather than falling back', async () => {
    const { answer, store } = await mount({ roomId: 8004 });
    expect(await title()).toHaveTextContent('篮球小王');
    answer.rooms = [ROOMS[0]!, anchorRoom(8104, 7, { hostName: '篮球小王', hostId: 9004 })];
    await act(() => anchorsOf(store).load('all'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('篮球小王');
    expect(document.querySelector('[data-room-id]')).toHaveAttribute('data-room-id', '8104');
    expect(screen.queryByText(/not live any more/)).toBeNull();
  });

  it("lists the anchor's other rooms in the anchor tab, opens one, and draws the tab's extensions under the profile", async () => {
    const rooms = [...ROOMS, anchorRoom(8011, 8, { hostName: '小雅', hostId: 9001, liveStatus: LiveStatus.Waiting })];
    const { store } = await mount({ rooms, plugins: [FOLLOW], locale: 'zh-CN' });
    await title();
    await userEvent.click(await screen.findByRole('tab', { name: '主播' }, { timeout: 20_000 }));
    expect(await screen.findByText('follow this anchor', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '直播间 8011（即将开播）' }));
    expect(store.ui.roomId).toBe(8011);
  });
});
