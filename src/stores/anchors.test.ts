import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AnchorType, LiveStatus, type Anchor } from '../domain/anchors';
import { anchorRoom } from '../testing/anchorFixtures';
import { memberState } from '../testing/bettingFixtures';
import { fakeEnv } from '../testing/fakeEnv';
import { ANCHOR_SEARCH_TIMEOUT_MS, anchorsOf } from './anchors';
import { createRootStore } from './RootStore';

const room = anchorRoom;

const EXCLUSIVE = room(8010, 100, { anchorType: AnchorType.Exclusive, sort: 0 });

function setup({ login = false, rooms = [room(8001, 100), EXCLUSIVE, room(8002, 200)], special = '8010' } = {}) {
  const { env, http } = fakeEnv();
  http.media.get.mockImplementation(async () => rooms);
  http.forehead.post.mockImplementation(async (url: string) => {
    if (url !== '/api/forehead/live/liveRoom/getSpecialRoomIds') throw new Error(`unexpected call ${url}`);
    return special;
  });
  const root = createRootStore({}, env);
  if (login) root.applyHostProps(memberState());
  const searches = () => http.media.get.mock.calls.filter(([url]) => url === '/ssapi/anchor/search').length;
  return { env, http, root, searches };
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

  it('searches at once with the 10 s timeout, then every 20 s, and pauses while the page is hidden', async () => {
    const { env, http, root, searches } = setup();
    const anchors = anchorsOf(root);
    await jest.advanceTimersByTimeAsync(0);
    expect(http.media.get).toHaveBeenCalledWith('/ssapi/anchor/search', expect.objectContaining({ timeout: ANCHOR_SEARCH_TIMEOUT_MS, params: expect.objectContaining({ matchSource: 'all' }) }));
    expect(anchors.of(100).map((a) => a.liveRoomId)).toEqual([8001]);
    await jest.advanceTimersByTimeAsync(19_999);
    expect(searches()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(searches()).toBe(2);
    env.scheduler.setVisible(false);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(searches()).toBe(2);
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
    await jest.advanceTimersByTimeAsync(60_000);
    expect(searches()).toBe(2);
  });

  it('is made once per app root', () => {
    const { root } = setup();
    expect(anchorsOf(root)).toBe(anchorsOf(root));
    root.dispose();
  });
});
