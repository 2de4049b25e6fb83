import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ChatError } from '../../../contract/errors';
import { SETTINGS_PATHS } from '../../../contract/paths';
import { LiveStatus } from '../../../domain/anchors';
import type { Selection } from '../../test/betting.support';
import { placeSingle } from '../../test/betting.support';
import { openChat, type ChatTestClient } from '../../test/chatClient';
import { buildTestApp, loadRealPlatformConfig, login, type TestApp } from '../../test/helpers';

// The test builds a platform with its own feed and places eight bets: with both cores busy a build alone took 20 s here.
jest.setTimeout(180_000);

let t: TestApp | undefined;
const open: ChatTestClient[] = [];

afterEach(async () => {
  for (const c of open.splice(0)) c.ws.terminate();
  await t?.app.close();
  t = undefined;
});

function selectionsOn(app: TestApp, matchId: number): Selection[] {
  const match = app.feed.match(matchId, 'CMN');
  if (!match) return [];
  return app.feed
    .markets(matchId)
    .filter((m) => m.status === 1)
    .flatMap((market) => market.options.filter((o) => !o.isLock).map((option) => ({ match, market, option })));
}

async function place(app: TestApp, token: string, s: Selection, stake: string): Promise<string> {
  const res = await placeSingle(app, token, s, stake);
  expect(res.statusCode).toBe(200);
  return res.json().data.orders[0].orderId;
}

async function join(app: TestApp, username: string, roomId: number) {
  const res = await app.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: await login(app, username) } });
  const c = openChat(app.port, `?token=${res.json().data.token}`);
  open.push(c);
  c.send({ cmd: 'join', roomId });
  await c.next((m) => m.cmd === 'joined');
  return c;
}

describe('order sharing (spec 001 section 5)', () => {
  it("lists and shares only the member's own qualifying orders on the room's match", async () => {
    const base = loadRealPlatformConfig().chat;
    t = await buildTestApp({ config: { chat: { ...base, orderShow: { showCount: 3, minAmount: '20.00' } } } });
    const app = t;
    const rooms = app.app.anchors.rooms('all', 'CMN').filter((r) => r.anchorType === 0 && r.liveStatus !== LiveStatus.Ended);
    const room = rooms.find((r) => selectionsOn(app, r.matchId).length >= 5 && rooms.some((o) => o.matchId !== r.matchId && selectionsOn(app, o.matchId).length > 0));
    expect(room).toBeDefined();
    const other = rooms.find((r) => r.matchId !== room!.matchId && selectionsOn(app, r.matchId).length > 0)!;
    const on = selectionsOn(app, room!.matchId);
    const demo = await login(app, 'demo');
    const demo2 = await login(app, 'demo2');

    const oldest = await place(app, demo, on[0]!, '50');
    const settled = await place(app, demo, on[1]!, '30');
    const small = await place(app, demo, on[2]!, '10');
    const armed = await place(app, demo, on[3]!, '40');
    const rejected = await place(app, demo, on[4]!, '40');
    const otherMatch = await place(app, demo, selectionsOn(app, other.matchId)[0]!, '60');
    const newest = await place(app, demo, on[0]!, '25');
    const theirs = await place(app, demo2, on[0]!, '70');
    // In-play orders wait for the acceptance delay; pre-match ones are confirmed at once.
    app.clock.advance(10_000);
    await app.app.betting.tick();
    await app.app.betting.idle();
    await app.db.updateTable('orders').set({ status: 5, result: 4, payout_minor: 5700, settled_at: app.clock.now() }).where('id', '=', settled).execute();
    await app.db.updateTable('orders').set({ status: 2 }).where('id', '=', rejected).execute();
    await app.db
      .insertInto('auto_cash_outs')
      .values({ order_id: armed, member_id: 1, stake_minor: 4000, threshold_minor: 9000, status: 0, cash_out_id: null, created_at: app.clock.now(), modified_at: app.clock.now() })
      .execute();

    const history = async (token: string, roomId = room!.liveRoomId) =>
      app.inject({ method: 'POST', url: '/api/forehead/live/chat/order/history', headers: { authorization: token }, payload: { roomId, language: 'ENG' } });
    const mine = (await history(demo)).json().data;
    expect(mine.matchId).toBe(room!.matchId);
    expect(mine.rule.showCount).toBe(3);
    expect(mine.rule.coins).toContainEqual({ thirdCoin: 'CNY', minAmount: '20.00' });
    expect(mine.rule.coins).toContainEqual({ thirdCoin: 'USD', minAmount: '2.81' });
    // The live showorder config advertises the same rule chat enforces below (issue 31: it said 100.00 while chat took 10.00).
    const advertised = await app.inject({ method: 'POST', url: SETTINGS_PATHS.showOrderConfig, payload: {} });
    expect(advertised.json().data).toEqual({ isGlobal: true, amount: '20.00' });
    // Newest first, at most showCount: not the small stake, the armed auto cash out, the rejected one, the other match.
    expect(mine.records.map((r: { orderId: string }) => r.orderId)).toEqual([newest, settled, oldest]);
    const settledItem = mine.records[1];
    const english = app.feed.match(room!.matchId, 'ENG');
    expect(settledItem).toEqual({
      assetSymbol: 'CNY',
      betTitle: `${english!.matchInfo.homeName} vs ${english!.matchInfo.awayName}`,
      betAmount: '30.00',
      odd: expect.stringMatching(/^\d+\.\d+$/),
      // The viewer's app shows the odds in their format only on a two-way market (domain/odds displayOddsFormat).
      outcomeCount: on[1]!.market.options.length,
      betSection: expect.stringContaining(': '),
      wonAmount: '57.00',
      orderStatus: 5,
      betId: settled.slice(0, 15),
      isEarlySettlement: false,
      orderId: settled,
      legs: [{ matchId: room!.matchId, home: expect.any(Object), away: expect.any(Object), market: expect.any(Object), option: expect.any(Object) }],
      betType: 1,
    });
    // The legs carry every language, so each viewer's card shows theirs (issue 28), whoever shared it.
    const chinese = app.feed.match(room!.matchId, 'CMN');
    const [leg] = settledItem.legs;
    expect(Object.keys(leg.market).sort()).toEqual(['CMN', 'ENG', 'THA', 'VIE', 'zh-TW']);
    expect([leg.home.ENG, leg.away.ENG, leg.home.CMN, leg.away.CMN]).toEqual([english!.matchInfo.homeName, english!.matchInfo.awayName, chinese!.matchInfo.homeName, chinese!.matchInfo.awayName]);
    expect(leg.market.ENG).not.toBe(leg.market.CMN);
    expect(settledItem.betSection).toBe(`${leg.market.ENG}: ${leg.option.ENG}`);
    expect((await history(demo2)).json().data.records.map((r: { orderId: string }) => r.orderId)).toEqual([theirs]);
    expect((await app.inject({ method: 'POST', url: '/api/forehead/live/chat/order/history', payload: { roomId: room!.liveRoomId } })).statusCode).toBe(401);

    // Sharing re-checks the rule: the member's qualifying order goes out with the item's fields ...
    const c = await join(app, 'demo', room!.liveRoomId);
    c.send({ cmd: 'send', ref: 'o1', roomId: room!.liveRoomId, kind: 'order', orderId: settled, text: 'my win' });
    expect(await c.next((m) => m.ref === 'o1')).toMatchObject({ cmd: 'ack' });
    const shared = (await c.next((m) => m.data?.kind === 'message')).data.message;
    expect(shared).toMatchObject({ kind: 'order', text: 'my win', order: { ...settledItem, betTitle: expect.any(String), betSection: expect.any(String) } });
    // ... and nothing else: another member's order, the ones the rule leaves out, one on another match.
    for (const [ref, orderId] of [['theirs', theirs], ['small', small], ['armed', armed], ['rejected', rejected], ['other', otherMatch], ['none', '1234567890123456789']] as const) {
      app.clock.advance(10_000);
      c.send({ cmd: 'send', ref, roomId: room!.liveRoomId, kind: 'order', orderId });
      expect(await c.next((m) => m.ref === ref)).toMatchObject({ cmd: 'error', code: ChatError.OrderNotShareable });
    }
    const c2 = await join(app, 'demo2', room!.liveRoomId);
    c2.send({ cmd: 'send', ref: 'steal', roomId: room!.liveRoomId, kind: 'order', orderId: newest });
    expect(await c2.next((m) => m.ref === 'steal')).toMatchObject({ cmd: 'error', code: ChatError.OrderNotShareable });
    expect(await app.db.selectFrom('chat_messages').select('kind').execute()).toEqual([{ kind: 'order' }]);
  });
});
