import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { anchorProxySchema, type AnchorProxy } from '../../../../contract/liveRoom';
import { AnchorType, LiveStatus } from '../../../../domain/anchors';
import type { Anchor } from '../../../../contract/live';
import { anchorRoom } from '../../../testing/anchorFixtures';
import { memberState } from '../../../testing/bettingFixtures';
import { fakeEnv } from '../../../testing/fakeEnv';
import { ANCHOR_PROXY_PATH, ANCHOR_SEARCH_TIMEOUT_MS, anchorsOf } from './anchors';
import { createRootStore } from '../../../core/store/RootStore';

const room = anchorRoom;

const EXCLUSIVE = room(8010, 100, { anchorType: AnchorType.Exclusive, sort: 0 });

type Search = { params: { matchSource: string } };

/** The switch as the platform answers it, built through the contract's schema so a mock of another shape fails here. */
const proxyAnswer = (anchorProxyEnable: 0 | 1): AnchorProxy => anchorProxySchema.parse({ anchorProxyEnable });

/** A platform answering the rooms asked for (in play: live rooms only), the special rooms and the proxy switch. */
function setup({ login = false, rooms = [room(8001, 100), EXCLUSIVE, room(8002, 200)] as Anchor[], special = '8010', proxy = 1 as 0 | 1 } = {}) {
  const { env, http } = fakeEnv();
  const answer = { rooms, proxy };
  http.media.get.mockImplementation(async (_url: string, config?: unknown) =>
    (config as Search).params.matchSource === 'inplay' ? answer.rooms.filter((a) => a.liveStatus === LiveStatus.Living) : answer.rooms,
  );
  http.forehead.post.mockImplementation(async (url: string) => {
    if (url === ANCHOR_PROXY_PATH) return proxyAnswer(answer.proxy);
    if (url !== '/api/forehead/live/liveRoom/getSpecialRoomIds') throw new Error(`unexpected call ${url}`);
    return special;
  });
  const root = createRootStore({}, env);
  if (login) root.applyHostProps(memberState());
  const calls = (source: string) => http.media.get.mock.calls.filter(([url, config]) => url === '/ssapi/anchor/search' && (config as Search).params.matchSource === source).length;
  const searches = () => http.media.get.mock.calls.filter(([url]) => url === '/ssapi/anchor/search').length;
  const proxyChecks = () => http.forehead.post.mock.calls.filter(([url]) => url === ANCHOR_PROXY_PATH).length;
  return { env, http, root, searches, calls, proxyChecks, answer };
}

describe('anchors', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("sends the merchant as the spec's pid, with matchSource all and a time stamp", async () => {
    const { http, root } = setup();
    root.ui.setMerchantId('acme');
    anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(http.media.get).toHaveBeenCalledWith('/ssapi/anchor/search', expect.objectContaining({ params: { pid: 'acme', matchSource: 'all', t: expect.any(Number) } }));
    root.dispose();
  });

  it('lists every room at once with the 10 s timeout, then every 60 s; the rooms on air every 20 s; both pause while hidden', async () => {
    const { env, http, root, searches, calls } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(http.media.get).toHaveBeenCalledWith('/ssapi/anchor/search', expect.objectContaining({ timeout: ANCHOR_SEARCH_TIMEOUT_MS, params: expect.objectContaining({ matchSource: 'all' }) }));
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8001]);
    await jest.advanceTimersByTimeAsync(19_999);
    expect(searches()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect([calls('all'), calls('inplay')]).toEqual([1, 1]);
    await jest.advanceTimersByTimeAsync(40_000);
    expect([calls('all'), calls('inplay')]).toEqual([2, 3]);
    env.scheduler.setVisible(false);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(searches()).toBe(5);
    root.dispose();
  });

  it('merges the 20 s answers by liveRoomId: live rooms update, waiting rooms stay until the 60 s list drops them', async () => {
    const waiting = room(8005, 100, { liveStatus: LiveStatus.Waiting, sort: 3 });
    const { root, answer } = setup({ rooms: [room(8001, 100), waiting, room(8002, 200)] });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8001, 8005]);

    // On air: 8001's popularity moves, 8002 ends (no longer on air), 8003 goes live; the waiting room is not in the answer.
    answer.rooms = [room(8001, 100, { popularity: 900 }), waiting, room(8003, 300)];
    await jest.advanceTimersByTimeAsync(20_000);
    expect(anchors.visible.map((a) => [a.liveRoomId, a.popularity])).toEqual([
      [8001, 900],
      [8005, 100],
      [8003, 100],
    ]);

    // The full list no longer has the waiting room: gone at the next 60 s poll.
    answer.rooms = [room(8001, 100, { popularity: 900 }), room(8003, 300)];
    await jest.advanceTimersByTimeAsync(40_000);
    expect(anchors.visible.map((a) => a.liveRoomId)).toEqual([8001, 8003]);
    root.dispose();
  });

  it("reads rooms with the spec's fields alone: an anchor without a name is still shown", async () => {
    const { hostName: _name, ...unnamed } = room(8001, 100);
    const { root } = setup({ rooms: [unnamed as Anchor, { ...room(8002, 100), hostName: 42 } as unknown as Anchor] });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.of(100).map((a) => [a.liveRoomId, a.hostName])).toEqual([[8001, undefined]]);
    root.dispose();
  });

  it("re-checks a member's anchor-proxy switch every 60 s, starting from the login state, and turns it off on failure", async () => {
    const { http, root, proxyChecks, answer } = setup({ login: true, proxy: 0 });
    root.applyHostProps({ ...memberState(), anchorProxyEnable: 1 });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.proxyEnabled).toBe(1);
    expect(proxyChecks()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(proxyChecks()).toBe(1);
    expect(anchors.proxyEnabled).toBe(0);

    answer.proxy = 1;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(anchors.proxyEnabled).toBe(1);

    http.forehead.post.mockRejectedValue(new Error('502'));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(proxyChecks()).toBe(3);
    expect(anchors.proxyEnabled).toBe(0);
    root.dispose();
  });

  it('reads a bare flag, which is not what the platform answers, as off', async () => {
    const { http, root } = setup({ login: true });
    root.applyHostProps({ ...memberState(), anchorProxyEnable: 1 });
    const anchors = anchorsOf(root);
    http.forehead.post.mockImplementation(async (url: string) => (url === ANCHOR_PROXY_PATH ? 1 : '8010'));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(anchors.proxyEnabled).toBe(0);
    root.dispose();
  });

  it('reloads special rooms and the list at once when the switch flips, not when it stays', async () => {
    const { root, answer, searches, http } = setup({ login: true, proxy: 0 });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    const specialLoads = () => http.forehead.post.mock.calls.filter(([url]) => url === '/api/forehead/live/liveRoom/getSpecialRoomIds').length;
    const [before, specialBefore] = [searches(), specialLoads()];
    // 60 s: the switch stays off (the list poll is due too: one search, no extra).
    await jest.advanceTimersByTimeAsync(60_000);
    expect([searches() - before, specialLoads() - specialBefore]).toEqual([1 + 3, 0]);
    // The member joined a user live group: their special rooms and the list come again with the re-check.
    answer.proxy = 1;
    const [mid, specialMid] = [searches(), specialLoads()];
    await jest.advanceTimersByTimeAsync(60_000);
    expect(anchors.proxyEnabled).toBe(1);
    expect([searches() - mid, specialLoads() - specialMid]).toEqual([1 + 3 + 1, 1]);
    root.dispose();
  });

  it('checks no proxy switch for a visitor, starts on sign-in and stops at sign-out', async () => {
    const { root, proxyChecks } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(proxyChecks()).toBe(0);
    root.applyHostProps(memberState());
    await jest.advanceTimersByTimeAsync(60_000);
    expect(proxyChecks()).toBe(1);
    expect(anchors.proxyEnabled).toBe(1);
    root.applyHostProps({ isLogin: false });
    expect(anchors.proxyEnabled).toBe(0);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(proxyChecks()).toBe(1);
    root.dispose();
  });

  it('shows a visitor normal rooms only, without asking for special rooms', async () => {
    const { http, root } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(http.forehead.post).not.toHaveBeenCalled();
    expect(anchors.visible.map((a) => a.liveRoomId)).toEqual([8001, 8002]);
    root.dispose();
  });

  it('loads special rooms for a member and shows the exclusive rooms among them', async () => {
    const { root } = setup({ login: true });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.specialRoomIds).toEqual([8010]);
    // Sorted by sort within the match: the exclusive room has sort 0.
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8010, 8001]);
    root.dispose();
  });

  it('hides exclusive rooms outside the special rooms even when the platform answers them', async () => {
    const { root } = setup({ login: true, special: '8099' });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8001]);
    root.dispose();
  });

  it('loads special rooms on sign-in and searches again; sign-out drops them at once', async () => {
    const { root, searches } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.of(100)).toHaveLength(1);
    root.applyHostProps(memberState());
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.specialRoomIds).toEqual([8010]);
    expect(searches()).toBe(2);
    expect(anchors.of(100)).toHaveLength(2);
    root.applyHostProps({ isLogin: false });
    expect(anchors.specialRoomIds).toEqual([]);
    expect(anchors.of(100)).toHaveLength(1);
    root.dispose();
  });

  it('keeps no special rooms when their call fails', async () => {
    const { http, root } = setup({ login: true });
    http.forehead.post.mockRejectedValue(new Error('502'));
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.specialRoomIds).toEqual([]);
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8001]);
    root.dispose();
  });

  it('drops ended rooms, repeated rooms and malformed entries', async () => {
    const rooms = [room(8001, 100), room(8001, 100, { hostName: 'again' }), room(8003, 100, { liveStatus: LiveStatus.Ended }), { liveRoomId: 'x' } as unknown as Anchor];
    const { root } = setup({ rooms });
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.of(100).map((a) => a.hostName)).toEqual(['Host 8001']);
    root.dispose();
  });

  it('keeps the rooms on screen when a search fails, and stops searching on unmount', async () => {
    const { http, root, searches } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    http.media.get.mockRejectedValueOnce(new Error('timeout'));
    await jest.advanceTimersByTimeAsync(20_000);
    expect(searches()).toBe(2);
    expect(anchors.status).toBe('ready');
    expect(anchors.of(100)).toHaveLength(1);
    root.dispose();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(searches()).toBe(2);
  });

  it('is made once per app root', () => {
    const { root } = setup();
    expect(anchorsOf(root)).toBe(anchorsOf(root));
    root.dispose();
  });
});
