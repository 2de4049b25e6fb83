import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ECONOMY_PATHS, EconomyError, EconomyChannel } from '../../contract/economy';
import type { Anchor } from '../../contract/live';
import { COIN } from '../src/money';
import type { TestApp } from './helpers';
import { openChat } from './chatClient';
import { chatMessageSchema } from '../../contract/chat';
import { buildEconomyApp, expectCoinBooksBalance, livingRoom, newMember, poster, pushListener, type TestMember } from './economy.support';

/** Coins and gifts over real HTTP and the real /push socket (docs/api.md "Coins, gifts and room events"). */
describe('economy: coin balance, daily limits, transfers, gifts', () => {
  let t: TestApp;
  let room: Anchor;
  let alice: TestMember;
  let bob: TestMember;
  let post: ReturnType<typeof poster>['post'];
  let data: ReturnType<typeof poster>['data'];

  beforeAll(async () => {
    t = await buildEconomyApp({ dailyLimit: { spend: '300.00', receive: '100.00' } });
    ({ post, data } = poster(t));
    room = livingRoom(t);
    alice = await newMember(t, '500.00');
    bob = await newMember(t, '100.00');
  }, 60_000);
  afterAll(async () => t?.app.close());

  const present = (member: TestMember, body: Record<string, unknown>) => post(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, ...body }, member.token);
  const coinsOf = (member: TestMember) => t.app.wallet.getBalance(member.id, COIN);
  /** A transfer of bob's left pending since `at`, as a stop between its row and its money leaves one. */
  const pendingTransfer = (at: number) =>
    t.db
      .insertInto('coin_transfers')
      .values({ member_id: bob.id, currency: 'CNY', amount_minor: 100, coins_minor: 100, rate: '1', status: 'pending', fail_reason: null, created_at: at, modified_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
  const snapshot = async (member: TestMember) => ({
    coins: await coinsOf(member),
    cny: await t.app.wallet.getBalance(member.id, 'CNY'),
    presents: (await t.db.selectFrom('gift_presents').select('id').where('member_id', '=', member.id).execute()).length,
    usage: await t.db.selectFrom('coin_daily_usage').selectAll().where('member_id', '=', member.id).execute(),
    tally: await t.db.selectFrom('anchor_gift_tallies').selectAll().execute(),
    ledger: (await t.db.selectFrom('ledger').select('id').where('member_id', '=', member.id).execute()).length,
  });

  it('turns visitors away from member calls with 401', async () => {
    for (const url of [ECONOMY_PATHS.coinBalance, ECONOMY_PATHS.dailyLimit, ECONOMY_PATHS.transfer, ECONOMY_PATHS.giftPresent, ECONOMY_PATHS.coupons, ECONOMY_PATHS.redEnvelopeReceive]) {
      const res = await post(url, {});
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 401, code: 400 });
    }
  });

  it('answers the coin balance and the daily limits with what is left today', async () => {
    // With the main balance and the rate a conversion would use now, for the dialog to show before confirming (issue 31).
    expect(await data(ECONOMY_PATHS.coinBalance, {}, alice.token)).toEqual({ coinBalance: '500.00', balance: '1000.00', currency: 'CNY', rate: '1' });
    const limits = await data(ECONOMY_PATHS.dailyLimit, { language: 'ENG' }, alice.token);
    const day = Math.floor(t.clock.now() / 86_400_000);
    expect(limits.configs).toEqual([
      { type: 'spend', limit: '300.00', used: '0.00', remaining: '300.00', resetAt: (day + 1) * 86_400_000 },
      { type: 'receive', limit: '100.00', used: '0.00', remaining: '100.00', resetAt: (day + 1) * 86_400_000 },
    ]);
  });

  it('converts main balance to coins in one transaction with ledger rows on both assets', async () => {
    const pushes = await pushListener(t, [EconomyChannel.memberCoins(alice.id)], alice.token);
    const transfer = await data(ECONOMY_PATHS.transfer, { amount: '12.34' }, alice.token);
    expect(transfer).toMatchObject({ status: 'succeeded', amount: '12.34', currency: 'CNY', coins: '12.34', rate: '1', failReason: null, coinBalance: '512.34', balance: '987.66' });
    const rows = await t.db.selectFrom('ledger').select(['asset', 'amount_minor', 'kind', 'ref_id']).where('ref_type', '=', 'coin_transfer').where('ref_id', '=', String(transfer.transferId)).orderBy('asset').execute();
    expect(rows.map((r) => [r.asset, Number(r.amount_minor), r.kind])).toEqual([
      ['CNY', -1234, 'coin_purchase'],
      ['COIN', 1234, 'coin_purchase'],
    ]);
    expect((await pushes.waitFor((m) => m.data.kind === 'coins', 'the coin push')).data).toEqual({ kind: 'coins', coinBalance: '512.34', reason: 'transfer', change: '12.34' });
    pushes.close();
    expect(await data(ECONOMY_PATHS.transferStatus, { transferId: transfer.transferId }, alice.token)).toMatchObject({ transferId: transfer.transferId, status: 'succeeded' });
  });

  it('records a transfer beyond the main balance as failed and moves nothing', async () => {
    const before = await snapshot(bob);
    const transfer = await data(ECONOMY_PATHS.transfer, { amount: '5000.00' }, bob.token);
    expect(transfer).toMatchObject({ status: 'failed', failReason: 'insufficientBalance', coinBalance: '100.00', balance: '1000.00' });
    expect(await snapshot(bob)).toEqual(before);
  });

  it('converts other currencies through the exchange rate, rounding the coins down', async () => {
    const usd = await newMember(t, '0.00', 'USD', '10.00');
    // 1.01 USD x 7.12 CNY/USD x 1 coin/CNY = 7.1912 -> 7.19 coins.
    expect(await data(ECONOMY_PATHS.coinBalance, {}, usd.token)).toEqual({ coinBalance: '0.00', balance: '10.00', currency: 'USD', rate: '7.12' });
    expect(await data(ECONOMY_PATHS.transfer, { amount: '1.01' }, usd.token)).toMatchObject({ status: 'succeeded', currency: 'USD', coins: '7.19', rate: '7.12', balance: '8.99' });
  });

  it('marks a transfer a crash left pending as failed while the platform runs: the event loop sweeps once a minute', async () => {
    const now = t.clock.now();
    const stale = await pendingTransfer(now - 120_000);
    // A minute of the platform's clock later, the loop's next pass sweeps it (before issue 29 only a restart did).
    t.clock.advance(61_000);
    await t.app.economy.tick();
    const row = await t.db.selectFrom('coin_transfers').select(['status', 'fail_reason']).where('id', '=', Number(stale.id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', fail_reason: 'interrupted' });
  });

  it('marks a transfer left pending by a stop as failed (interrupted) at the next start, with nothing moved', async () => {
    const before = await t.app.wallet.getBalance(bob.id, COIN);
    const now = t.clock.now();
    const stale = await pendingTransfer(now - 120_000);
    const fresh = await pendingTransfer(now);
    expect(await t.app.economy.coins.failInterrupted()).toBe(1);
    expect(await data(ECONOMY_PATHS.transferStatus, { transferId: Number(stale.id) }, bob.token)).toMatchObject({ status: 'failed', failReason: 'interrupted', coinBalance: (before / 100).toFixed(2) });
    // One in flight on another instance is left alone.
    expect(await data(ECONOMY_PATHS.transferStatus, { transferId: Number(fresh.id) }, bob.token)).toMatchObject({ status: 'pending' });
    await t.db.deleteFrom('coin_transfers').where('id', '=', Number(fresh.id)).execute();
  });

  it("keeps transfers private: another member's transfer id is unknown", async () => {
    const mine = await data(ECONOMY_PATHS.transfer, { amount: '1.00' }, alice.token);
    const res = await post(ECONOMY_PATHS.transferStatus, { transferId: mine.transferId }, bob.token);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: EconomyError.TransferNotFound });
  });

  it('refuses bad transfer input with 400 naming the field, nothing written', async () => {
    const before = await t.db.selectFrom('coin_transfers').select('id').execute();
    for (const [body, field] of [
      [{}, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ amount: '1.00', extra: 1 }, 'extra'],
    ] as const) {
      const res = await post(ECONOMY_PATHS.transfer, body, alice.token);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().msg).toContain(field);
    }
    expect(await t.db.selectFrom('coin_transfers').select('id').execute()).toEqual(before);
  });

  it('lists the gift catalogue with icons, prices and animations in the request language, and serves the icons', async () => {
    const gifts = await data(ECONOMY_PATHS.gifts, { language: 'ENG' }, undefined);
    expect(gifts[0]).toEqual({ giftId: 1, name: 'Rose', icon: `${ECONOMY_PATHS.giftIcon}/1.svg`, price: '1.00', animation: 'float', sort: 1 });
    expect(gifts.map((g: { giftId: number }) => g.giftId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await data(ECONOMY_PATHS.gifts, {}, undefined))[0].name).toBe('玫瑰');
    const icon = await t.inject({ url: gifts[0].icon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<svg');
    // Every gift of the catalogue is drawn, not an emoji glyph (a box where no emoji font is installed; issue 31).
    for (const gift of gifts as { icon: string }[]) {
      const svg = (await t.inject({ url: gift.icon })).body;
      expect(svg).toMatch(/<(path|polygon|rect)\b/);
      expect(svg).not.toContain('<text');
    }
    expect((await t.inject({ url: `${ECONOMY_PATHS.giftIcon}/99.svg` })).statusCode).toBe(404);
    expect((await t.inject({ url: `${ECONOMY_PATHS.giftIcon}/x.png` })).statusCode).toBe(400);
  });

  it("presents a gift: debits the coins, credits the anchor's tally, counts the daily spend, and the room sees it", async () => {
    const viewer = await pushListener(t, [EconomyChannel.room(room.liveRoomId)]);
    // A visitor in the room's chat: what /chat sends them is what every viewer's app words.
    const reader = openChat(t.port);
    reader.send({ cmd: 'join', roomId: room.liveRoomId });
    await reader.next((m) => m.cmd === 'joined');
    const before = await snapshot(alice);
    const res = await data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 3, count: '2' }, alice.token);
    expect(res).toMatchObject({ giftId: 3, count: 2, hostId: room.hostId, roomId: room.liveRoomId, total: '20.00', spentToday: '20.00' });
    expect(await coinsOf(alice)).toBe(before.coins - 2000);
    expect(res.coinBalance).toBe(((before.coins - 2000) / 100).toFixed(2));
    expect(await t.app.economy.gifts.tally(room.hostId)).toEqual({ coins: '20.00', gifts: 2 });
    const ledger = await t.db.selectFrom('ledger').select(['amount_minor', 'kind']).where('ref_type', '=', 'gift_present').where('ref_id', '=', String(res.presentId)).execute();
    expect(ledger.map((r) => [Number(r.amount_minor), r.kind])).toEqual([[-2000, 'gift']]);

    const shown = await viewer.waitFor((m) => m.data.kind === 'gift', 'the gift on the room channel');
    expect(shown.data).toMatchObject({ kind: 'gift', roomId: room.liveRoomId, presentId: res.presentId, giftId: 3, count: 2, uid: alice.id, nickname: alice.nickname, hostId: room.hostId, animation: 'burst', total: '20.00' });
    viewer.close();
    // The chat's record of it: an act message of the platform, stored and sent as a notice (the gift, its names in every
    // language, the sender, the count), never as a sentence in one language (issue 28): each viewer's app words it.
    let chat: Array<{ kind: string; text: string; member_id: number; notice_json: string | null }> = [];
    for (let i = 0; i < 50 && chat.length === 0; i += 1) {
      await t.app.chat.flushAll();
      chat = await t.db.selectFrom('chat_messages').select(['kind', 'text', 'member_id', 'notice_json']).where('room_id', '=', room.liveRoomId).where('kind', '=', 'act').execute();
      if (chat.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    const notice = { type: 'gift', uid: alice.id, nickname: alice.nickname, giftId: 3, giftName: { CMN: expect.any(String), 'zh-TW': expect.any(String), ENG: expect.any(String), VIE: expect.any(String), THA: expect.any(String) }, count: 2 };
    expect(chat[0]).toMatchObject({ kind: 'act', member_id: 0, text: '' });
    expect(JSON.parse(chat[0]!.notice_json!)).toEqual(notice);
    const gifts = await data(ECONOMY_PATHS.gifts, { language: 'ENG' }, undefined);
    expect(JSON.parse(chat[0]!.notice_json!).giftName.ENG).toBe(gifts.find((g: { giftId: number }) => g.giftId === 3).name);
    const sent = await reader.next((m) => m.data?.kind === 'message');
    expect(sent.data.message).toMatchObject({ kind: 'act', uid: 0, text: '', notice });
    expect(chatMessageSchema.safeParse(sent.data.message).success).toBe(true);
    reader.ws.close();
  });

  it('refuses a present beyond the coins with 422 17001, and nothing moves', async () => {
    const before = await snapshot(bob);
    const res = await present(bob, { giftId: 4, count: 3 });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 422, code: EconomyError.InsufficientBalance });
    expect(res.json().msg).toBe('count: 3 x Trophy costs 150.00 coins, you have 100.00');
    expect(await snapshot(bob)).toEqual(before);
  });

  it('refuses a present past the daily spend limit with 422 17002, and nothing moves', async () => {
    // 20 spent above; 5 trophies (250) reach 270; one more trophy (50) would make 320 > 300.
    await data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 4, count: 5 }, alice.token);
    const before = await snapshot(alice);
    const res = await present(alice, { giftId: 4, count: 1 });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 422, code: EconomyError.DailyLimit });
    expect(res.json().msg).toContain("today's spend limit of 300.00 (270.00 used)");
    expect(await snapshot(alice)).toEqual(before);
  });

  it('refuses bad present input with 4xx naming the field, and nothing moves', async () => {
    const before = await snapshot(alice);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ giftId: 'x', count: 1 }, 400, 'giftId'],
      [{ giftId: 1, count: 0 }, 400, 'count'],
      [{ giftId: 1, count: 1000 }, 400, 'count'],
      [{ giftId: 1, count: 1.5 }, 400, 'count'],
      [{ giftId: 1 }, 400, 'count'],
      [{ giftId: 1, count: 1, extra: true }, 400, 'extra'],
      [{ giftId: 77, count: 1 }, 404, 'giftId'],
      [{ giftId: 1, count: 1, hostId: room.hostId + 1 }, 409, 'hostId'],
      [{ giftId: 1, count: 1, roomId: 99 }, 404, 'roomId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await present(alice, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect({ body, msg: res.json().msg.includes(field) }).toEqual({ body, msg: true });
    }
    expect(await snapshot(alice)).toEqual(before);
  });

  it("ranks the room's senders by coins given in top10", async () => {
    await data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 1, count: 3 }, bob.token);
    const top = await data(ECONOMY_PATHS.giftTop10, { roomId: room.liveRoomId }, undefined);
    expect(top.map((r: { rank: number; uid: number; total: string; gifts: number }) => [r.rank, r.uid, r.total, r.gifts])).toEqual([
      [1, alice.id, '270.00', 7],
      [2, bob.id, '3.00', 3],
    ]);
    const other = livingRoom(t, [room.liveRoomId]);
    expect(await data(ECONOMY_PATHS.giftTop10, { roomId: other.liveRoomId }, undefined)).toEqual([]);
    expect((await post(ECONOMY_PATHS.giftTop10, { roomId: 99 })).statusCode).toBe(404);
  });

  it('keeps every coin wallet equal to its ledger after a concurrent workload of presents and transfers', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(t, '60.00')));
    await Promise.all(
      members.flatMap((m) => [
        present(m, { giftId: 3, count: 2 }),
        present(m, { giftId: 3, count: 2 }),
        present(m, { giftId: 3, count: 2 }),
        post(ECONOMY_PATHS.transfer, { amount: '5.00' }, m.token),
      ]),
    );
    for (const m of members) {
      const spent = Number((await t.db.selectFrom('gift_presents').select((eb) => eb.fn.sum<number>('total_minor').as('s')).where('member_id', '=', m.id).executeTakeFirst())?.s ?? 0);
      expect(await coinsOf(m)).toBe(6000 + 500 - spent);
    }
    await expectCoinBooksBalance(t);
  });

  it('starts each UTC day from zero spent', async () => {
    t.clock.advance(86_400_000);
    // The session outlived the day; sign in again.
    const fresh = (await t.app.auth.signIn((await t.app.auth.getMember(alice.id))!.username, 'password123'))!.token;
    expect((await data(ECONOMY_PATHS.dailyLimit, {}, fresh)).configs[0]).toMatchObject({ used: '0.00', remaining: '300.00' });
    expect(await data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 1, count: 1 }, fresh)).toMatchObject({ spentToday: '1.00' });
  });
});
