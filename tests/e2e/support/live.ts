import type { APIRequestContext } from '@playwright/test';
import { expect } from './cspGuard';
import { AnchorType, LiveStatus, type Anchor } from '../../../src/domain/anchors';
import { loadPlatformConfig } from '../../../server/src/config/platformConfig';

/** The rooms config/platform.json schedules rains and lotteries in (the e2e server runs on the repo's config). */
const scheduledRooms = () => new Set(loadPlatformConfig().economy.schedules.flatMap((schedule) => schedule.rooms));

/**
 * A normal room on air (a visitor sees it), preferring the earliest period so the match outlasts the test.
 * `unscheduled`: only a room without scheduled events, for a test that runs its own event and reads the room's one
 * overlay: a scheduled lottery every 90 real seconds (30 simulated minutes at FEED_SPEED 20) would replace it.
 */
export async function liveRoom(request: APIRequestContext, { unscheduled = false } = {}): Promise<Anchor> {
  const excluded = unscheduled ? scheduledRooms() : new Set<number>();
  let found: Anchor | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/ssapi/anchor/search?matchSource=inplay');
        const rooms = ((await response.json()) as { data: Anchor[] }).data;
        found = rooms.filter((a) => a.anchorType === AnchorType.Normal && a.liveStatus === LiveStatus.Living && !excluded.has(a.liveRoomId)).sort((a, b) => a.match.half - b.match.half)[0];
        return found !== undefined;
      },
      { timeout: 60_000, message: 'an anchor is on air' },
    )
    .toBe(true);
  return found!;
}

/**
 * Whether the room is still on air on the same match. At FEED_SPEED 20 a match lasts a few real minutes and its rooms
 * move to the next match when it ends: a test that finds the match gone picks a room again rather than fail.
 * `token`: a member's, for their special rooms.
 */
export async function stillOnAir(request: APIRequestContext, room: Anchor, token?: string): Promise<boolean> {
  const response = await request.get('/ssapi/anchor/search', { headers: token ? { authorization: token } : {} });
  const rooms = ((await response.json()) as { data: Anchor[] }).data;
  return rooms.some((a) => a.liveRoomId === room.liveRoomId && a.matchId === room.matchId && a.liveStatus === LiveStatus.Living);
}

/** A demo member's session token, from the platform's login. */
export async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/forehead/user/login', { data: { username, password: 'demo1234' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
