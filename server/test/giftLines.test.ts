import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ECONOMY_PATHS } from '../../contract/economy';
import type { Anchor } from '../../contract/live';
import { buildTestApp, loadRealPlatformConfig, type TestApp } from './helpers';
import { DEFAULT_ECONOMY_CONFIG } from '../src/economy/config';
import { livingRoom, newMember, OPERATOR_TOKEN, poster, type TestMember } from './economy.support';

// Issue 29, item 8: a muted member's gift still posted a chat line, and gift lines were never limited (17,000 of them
// flushed the 50-message history). The gift itself still goes through (it pays the anchor); only its line obeys the room.
let t: TestApp;
let room: Anchor;
let data: ReturnType<typeof poster>['data'];

beforeAll(async () => {
  const chat = { ...loadRealPlatformConfig().chat, giftLines: { perMember: 2, perRoom: 3, perSeconds: 10 } };
  t = await buildTestApp({ operatorToken: OPERATOR_TOKEN, config: { economy: DEFAULT_ECONOMY_CONFIG, chat } });
  ({ data } = poster(t));
  room = livingRoom(t);
}, 60_000);
afterAll(async () => t?.app.close());

const give = (m: TestMember) => data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 1, count: 1 }, m.token);
const lines = async () => (await t.db.selectFrom('chat_messages').select('notice_json').where('room_id', '=', room.liveRoomId).where('kind', '=', 'act').execute()).map((r) => JSON.parse(r.notice_json!).uid as number);
const presents = async (m: TestMember) => (await t.db.selectFrom('gift_presents').select('id').where('member_id', '=', m.id).execute()).length;

describe('gift lines obey the room', () => {
  it('posts no line for a muted member or in a blocked chat, while the gift itself goes through', async () => {
    const muted = await newMember(t, '100.00');
    await t.db.insertInto('chat_bans').values({ member_id: muted.id, room_id: room.liveRoomId, until: t.clock.now() + 60_000, reason: 'spam', created_by: 0, created_at: t.clock.now() } as never).execute();
    await give(muted);
    expect(await presents(muted)).toBe(1);
    expect(await lines()).not.toContain(muted.id);

    const other = await newMember(t, '100.00');
    await t.db.insertInto('chat_rooms').values({ room_id: room.liveRoomId, blocked: 1, modified_by: 0, modified_at: t.clock.now() } as never).execute();
    await give(other);
    expect(await presents(other)).toBe(1);
    expect(await lines()).not.toContain(other.id);
    await t.db.deleteFrom('chat_rooms').where('room_id', '=', room.liveRoomId).execute();
  });

  it('folds a burst of gifts to at most chat.giftLines per member and per room in a window, and lines come back after it', async () => {
    const [a, b] = [await newMember(t, '100.00'), await newMember(t, '100.00')];
    for (let i = 0; i < 5; i++) await give(a);
    expect((await lines()).filter((uid) => uid === a.id)).toHaveLength(2);
    for (let i = 0; i < 5; i++) await give(b);
    // The room's three lines in the window: a's two and one of b's.
    expect((await lines()).filter((uid) => uid === b.id)).toHaveLength(1);
    expect(await presents(a)).toBe(5);
    expect(await presents(b)).toBe(5);

    t.clock.advance(10_001);
    await give(b);
    expect((await lines()).filter((uid) => uid === b.id)).toHaveLength(2);
  });
});
