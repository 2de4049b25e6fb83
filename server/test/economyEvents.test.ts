import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { ECONOMY_PATHS, EconomyChannel, EconomyError, RewardType } from '../../contract/economy';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import { drawWinners, splitRain } from '../../domain/fair';
import type { Anchor } from '../../contract/live';
import { COIN, toMinor } from '../src/money';
import type { TestApp } from './helpers';
import { buildEconomyApp, expectCoinBooksBalance, livingRoom, newMember, OPERATOR_TOKEN, poster, pushListener, type TestMember } from './economy.support';

/**
 * Room events over real HTTP: red-envelope rains under racing receives, live and answer lotteries drawn on the event
 * clock (the feed's, on the fake clock) with nobody watching, rewards of every type, provably fair recomputation and
 * the operator route (docs/api.md "Coins, gifts and room events").
 */
describe('economy: rains, lotteries, votes, answers, rewards, fairness', () => {
  let t: TestApp;
  let room: Anchor;
  let post: ReturnType<typeof poster>['post'];
  let data: ReturnType<typeof poster>['data'];

  beforeAll(async () => {
    t = await buildEconomyApp({ dailyLimit: { spend: '1000.00', receive: '200.00' } });
    ({ post, data } = poster(t));
    room = livingRoom(t);
  }, 60_000);
  afterAll(async () => t?.app.close());

  const operator = (body: Record<string, unknown>, token: string | null = OPERATOR_TOKEN) =>
    post(ECONOMY_PATHS.operatorStartEvent, { roomId: room.liveRoomId, ...body }, undefined, token === null ? {} : { [OPERATOR_TOKEN_HEADER]: token });
  const start = async (body: Record<string, unknown>) => {
    const res = await operator(body);
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { code: 0 } });
    return res.json().data as { recordId: number; status: number; startTime: number; endTime: number; seedHash: string };
  };
  /** Moves the fake clock (so the feed's event clock) and runs the economy's clock once, as its loop would. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await t.app.economy.tick();
  };
  const receive = (m: TestMember, recordId: number) => post(ECONOMY_PATHS.redEnvelopeReceive, { recordId, roomId: room.liveRoomId }, m.token);
  const lottery = { winners: 2, reward: { type: RewardType.Coin, amount: '5.00' }, question: 'Who scores next?', options: ['Home', 'Away', 'Nobody'] };

  it('guards the operator route: 401 without the token, 403 with another, 400 naming a missing field, 409 for a room off the air', async () => {
    const none = await operator({ kind: 3, budget: '10.00', envelopes: 5 }, null);
    expect({ status: none.statusCode, code: none.json().code }).toEqual({ status: 401, code: 403 });
    const wrong = await operator({ kind: 3, budget: '10.00', envelopes: 5 }, 'not-the-operator-token-000000');
    expect({ status: wrong.statusCode, code: wrong.json().code }).toEqual({ status: 403, code: 403 });
    const missing = await operator({ kind: 3, budget: '10.00' });
    expect({ status: missing.statusCode, msg: missing.json().msg }).toEqual({ status: 400, msg: 'envelopes: missing, expected how many envelopes a rain has' });
    const tooSmall = await operator({ kind: 3, budget: '0.04', envelopes: 5 });
    expect(tooSmall.json().msg).toBe('budget: expected at least 0.01 coins per envelope (5 envelopes), got 0.04');
    const noAnswer = await operator({ kind: 4, ...lottery });
    expect(noAnswer.json().msg).toContain('answer: expected');
    const badTitle = await operator({ kind: 1, ...lottery, reward: { type: RewardType.Title, titleId: 999 } });
    expect(badTitle.json().msg).toContain('reward.titleId');
    const offAir = t.app.anchors.rooms('all', 'CMN').map((r) => r.liveRoomId);
    const roster = [8001, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009].find((id) => !offAir.includes(id));
    if (roster !== undefined) {
      const res = await post(ECONOMY_PATHS.operatorStartEvent, { roomId: roster, kind: 3, budget: '10.00', envelopes: 5 }, undefined, { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN });
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 409, code: EconomyError.RoomNotLive });
    }
    expect(await t.db.selectFrom('live_events').select('id').execute()).toEqual([]);
  });

  it('runs a rain: countdown, then racing receives give at most one envelope per member and exactly the budget in all', async () => {
    const viewer = await pushListener(t, [EconomyChannel.room(room.liveRoomId)]);
    const rain = await start({ kind: 3, budget: '100.00', envelopes: 20, countdownSeconds: 5, durationSeconds: 60 });
    expect(rain.status).toBe(0);
    expect((await viewer.waitFor((m) => m.data.kind === 'rainStarted', 'the announcement')).data).toMatchObject({ recordId: rain.recordId, status: 0, envelopeCount: 20, seedHash: rain.seedHash });
    // A second rain in the room waits for this one.
    const busy = await operator({ kind: 3, budget: '10.00', envelopes: 2 });
    expect({ status: busy.statusCode, code: busy.json().code }).toEqual({ status: 409, code: EconomyError.EventBusy });

    const members = await Promise.all(Array.from({ length: 30 }, () => newMember(t)));
    const early = await receive(members[0]!, rain.recordId);
    expect(early.json()).toEqual({ code: 0, msg: 'the rain has not started', data: 'failure' });
    const ball = await data(ECONOMY_PATHS.redEnvelope, { roomId: room.liveRoomId }, members[0]!.token);
    expect(ball).toMatchObject({ sendRecordId: rain.recordId, status: 0, isShowFloatingBall: true, hasReceived: false, remaining: 20, envelopeCount: 20, obtainPrize: null, seedHash: rain.seedHash });
    expect(ball.startTime - ball.now).toBe(5000);

    await advance(5000);
    expect((await data(ECONOMY_PATHS.redEnvelope, { roomId: room.liveRoomId }, members[0]!.token)).status).toBe(1);
    // Every member asks three times at once.
    const answers = await Promise.all(members.flatMap((m) => [receive(m, rain.recordId), receive(m, rain.recordId), receive(m, rain.recordId)]));
    const got = answers.map((a) => a.json().data).filter((d) => d !== 'failure');
    expect(got).toHaveLength(20);
    const rows = await t.db.selectFrom('red_envelopes').selectAll().where('event_id', '=', rain.recordId).execute();
    const receivers = rows.map((r) => Number(r.member_id));
    expect(new Set(receivers).size).toBe(20);
    expect(rows.reduce((sum, r) => sum + Number(r.amount_minor), 0)).toBe(10_000);
    let credited = 0;
    for (const m of members) credited += await t.app.wallet.getBalance(m.id, COIN);
    expect(credited).toBe(10_000);
    const ledger = await t.db.selectFrom('ledger').select(['amount_minor']).where('kind', '=', 'red_envelope').where('ref_id', 'like', `${rain.recordId}:%`).execute();
    expect(ledger).toHaveLength(20);

    // The last envelope ended the rain; the seed is revealed and recomputes the split.
    await t.app.economy.events.idle();
    const ended = await viewer.waitFor((m) => m.data.kind === 'rainEnded', 'the end of the rain');
    expect(ended.data).toMatchObject({ recordId: rain.recordId, envelopeCount: 20, received: 20 });
    const proof = await data(ECONOMY_PATHS.fairProof, { recordId: rain.recordId }, undefined);
    expect(createHash('sha256').update(proof.seed).digest('hex')).toBe(rain.seedHash);
    const recomputed = await splitRain(proof.seed, rain.recordId, 10_000, 20);
    expect(proof.envelopes).toEqual(recomputed.map((a) => (a / 100).toFixed(2)));
    expect(proof.entries).toEqual(rows.sort((a, b) => a.idx - b.idx).map((r) => Number(r.member_id)));
    const late = await newMember(t);
    expect((await receive(late, rain.recordId)).json().data).toBe('failure');
    const winner = members.find((m) => receivers.includes(m.id))!;
    expect(await data(ECONOMY_PATHS.redEnvelope, { roomId: room.liveRoomId }, winner.token)).toMatchObject({ status: 2, hasReceived: true, isShowFloatingBall: false, remaining: 0 });
    viewer.close();
    await expectCoinBooksBalance(t);
  });

  it('refuses to start a rain with an envelope above the daily receive limit, which no member could take', async () => {
    // One envelope holds the whole budget: 500.00 against a receive limit of 200.00 (issue 29: it refused everyone).
    const res = await operator({ kind: 3, budget: '500.00', envelopes: 1, countdownSeconds: 0, durationSeconds: 30 });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 422, code: EconomyError.DailyLimit });
    expect(res.json().msg).toBe('budget: split into 1 envelopes, 500.00 coins make one of more than the daily receive limit of 200.00, which no member could take; give more envelopes or a smaller budget');
    expect(await t.db.selectFrom('live_events').select('id').where('budget_minor', '=', 50_000).execute()).toEqual([]);
  });

  it('skips envelopes larger than what the member\'s limit leaves, takes the first that fits, and refuses without naming an amount', async () => {
    const rain = await start({ kind: 3, budget: '30.00', envelopes: 6, countdownSeconds: 0, durationSeconds: 30 });
    const envelopes = await t.db.selectFrom('red_envelopes').select(['idx', 'amount_minor']).where('event_id', '=', rain.recordId).orderBy('idx').execute();
    const smallest = Math.min(...envelopes.map((e) => Number(e.amount_minor)));
    // Room for the smallest envelope only: the lower envelopes above it are left for others.
    const near = await newMember(t);
    const full = await newMember(t);
    await t.db.transaction().execute(async (trx) => {
      await t.app.economy.coins.countAgainstLimit(trx, near.id, 'receive', toMinor('200.00') - smallest);
      await t.app.economy.coins.countAgainstLimit(trx, full.id, 'receive', toMinor('200.00'));
    });
    const got = (await receive(near, rain.recordId)).json();
    expect(got).toMatchObject({ code: 0, data: { amount: (smallest / 100).toFixed(2) } });
    expect(Number(envelopes.find((e) => e.idx === got.data.envelopeIndex)?.amount_minor)).toBe(smallest);
    const refused = (await receive(full, rain.recordId)).json();
    expect(refused).toEqual({ code: 0, msg: "today's receive limit leaves no room for the envelopes left in this rain", data: 'failure' });
    expect(await t.app.wallet.getBalance(full.id, COIN)).toBe(0);
    // Everyone else still takes the rest: the rain pays out whole.
    for (const m of await Promise.all(Array.from({ length: 5 }, () => newMember(t)))) expect((await receive(m, rain.recordId)).json().data).not.toBe('failure');
    const taken = await t.db.selectFrom('red_envelopes').select('idx').where('event_id', '=', rain.recordId).where('member_id', 'is not', null).execute();
    expect(taken).toHaveLength(6);
    await advance(30_000);
    await expectCoinBooksBalance(t);
  });

  it('gives an envelope back when its receive is refused, so a member racing behind takes it; a second ask is answered without a write', async () => {
    // Two envelopes; five members have received their whole 200.00 today, so any envelope is refused to them.
    const rain = await start({ kind: 3, budget: '20.00', envelopes: 2, countdownSeconds: 0, durationSeconds: 30 });
    const limited = await Promise.all(Array.from({ length: 5 }, () => newMember(t)));
    await t.db.transaction().execute(async (trx) => {
      for (const m of limited) await t.app.economy.coins.countAgainstLimit(trx, m.id, 'receive', toMinor('200.00'));
    });
    const behind = await newMember(t);
    // The limited members ask first: each holds an envelope in turn and gives it back when its limit refuses it.
    const answers = await Promise.all([...limited.map((m) => receive(m, rain.recordId)), receive(behind, rain.recordId), receive(behind, rain.recordId)]);
    for (const a of answers.slice(0, 5)) expect(a.json()).toMatchObject({ data: 'failure', msg: "today's receive limit leaves no room for the envelopes left in this rain" });
    const mine = answers.slice(5).map((a) => a.json());
    expect(mine.filter((a) => a.data !== 'failure')).toEqual([{ code: 0, msg: 'success', data: expect.objectContaining({ sendRecordId: rain.recordId, envelopeIndex: expect.any(Number) }) }]);
    expect(mine.filter((a) => a.data === 'failure')).toEqual([{ code: 0, msg: 'you already received an envelope of this rain', data: 'failure' }]);
    expect((await receive(behind, rain.recordId)).json()).toEqual({ code: 0, msg: 'you already received an envelope of this rain', data: 'failure' });
    const ledger = await t.db.selectFrom('ledger').select(['member_id', 'amount_minor']).where('kind', '=', 'red_envelope').where('ref_id', 'like', `${rain.recordId}:%`).execute();
    expect(ledger.map((l) => Number(l.member_id))).toEqual([behind.id]);
    expect(await t.app.wallet.getBalance(behind.id, COIN)).toBe(Number(ledger[0]!.amount_minor));
    await advance(30_000);
    await expectCoinBooksBalance(t);
  });

  it('refuses bad receive input with 400 and an unknown or foreign rain with 404', async () => {
    const m = await newMember(t);
    expect((await post(ECONOMY_PATHS.redEnvelopeReceive, { recordId: 'x', roomId: room.liveRoomId }, m.token)).statusCode).toBe(400);
    expect((await post(ECONOMY_PATHS.redEnvelopeReceive, { roomId: room.liveRoomId }, m.token)).statusCode).toBe(400);
    const unknown = await post(ECONOMY_PATHS.redEnvelopeReceive, { recordId: 999_999, roomId: room.liveRoomId }, m.token);
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: EconomyError.EventNotFound });
  });

  it('draws a live lottery on the event clock at its end, with nobody watching, and pays coin rewards with their ledger rows', async () => {
    const draw = await start({ kind: 1, ...lottery, countdownSeconds: 10, durationSeconds: 60 });
    const voters = await Promise.all(Array.from({ length: 5 }, () => newMember(t)));
    const vote = (m: TestMember, voteResult: unknown) => post(ECONOMY_PATHS.voteSubmit, { recordId: draw.recordId, roomId: room.liveRoomId, voteResult }, m.token);
    const early = await vote(voters[0]!, 0);
    expect({ status: early.statusCode, code: early.json().code }).toEqual({ status: 409, code: EconomyError.EventNotOpen });

    await advance(10_000);
    for (const [i, m] of voters.entries()) expect((await vote(m, i % 2)).statusCode).toBe(200);
    const twice = await vote(voters[0]!, 1);
    expect({ status: twice.statusCode, code: twice.json().code }).toEqual({ status: 409, code: EconomyError.AlreadyEntered });
    const badOption = await vote(await newMember(t), 3);
    expect({ status: badOption.statusCode, code: badOption.json().code }).toEqual({ status: 422, code: EconomyError.BadOption });
    expect((await vote(voters[0]!, 'home')).statusCode).toBe(400);
    const info = await data(ECONOMY_PATHS.voteInfo, { roomId: room.liveRoomId }, voters[1]!.token);
    expect(info).toMatchObject({ recordId: draw.recordId, status: 1, total: 5, myVote: 1 });
    expect(info.options.map((o: { votes: number }) => o.votes)).toEqual([3, 2, 0]);

    // Just before the end nothing is drawn; at the end it is, by the loop's tick alone.
    await advance(59_999);
    expect(await t.db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', draw.recordId).execute()).toEqual([]);
    await advance(1);
    const winners = await t.db.selectFrom('live_event_winners').selectAll().where('event_id', '=', draw.recordId).orderBy('draw_index').execute();
    expect(winners).toHaveLength(2);
    const proof = await data(ECONOMY_PATHS.fairProof, { recordId: draw.recordId }, undefined);
    expect(proof.entries).toEqual(voters.map((v) => v.id).sort((a, b) => a - b));
    expect(await drawWinners('hmac-sha256-v2', proof.seed, draw.recordId, proof.entries, 2)).toEqual(winners.map((w) => Number(w.member_id)));
    expect(proof.winners).toEqual(winners.map((w) => Number(w.member_id)));
    expect(createHash('sha256').update(proof.seed).digest('hex')).toBe(draw.seedHash);

    for (const v of voters) {
      const won = winners.some((w) => Number(w.member_id) === v.id);
      expect(await t.app.wallet.getBalance(v.id, COIN)).toBe(won ? 500 : 0);
      expect(await data(ECONOMY_PATHS.lotteryWin, { recordId: draw.recordId, roomId: room.liveRoomId }, v.token)).toMatchObject({
        joined: true,
        won,
        status: 2,
        reward: won ? { type: RewardType.Coin, amount: '5.00', currency: null, titleId: null } : null,
      });
    }
    const list = await data(ECONOMY_PATHS.lotteryWinList, { roomId: room.liveRoomId }, undefined);
    expect(list.map((w: { uid: number }) => w.uid)).toEqual(winners.map((w) => Number(w.member_id)));
    const info2 = await data(ECONOMY_PATHS.lotteryStartInfo, { roomId: room.liveRoomId }, undefined);
    expect(info2).toMatchObject({ recordId: draw.recordId, status: 2, seed: proof.seed, joined: false, entries: 5 });
    // A second draw of the same lottery pays nothing more.
    await advance(1000);
    expect(await t.db.selectFrom('ledger').select('id').where('kind', '=', 'lottery_prize').where('ref_id', 'like', `${draw.recordId}:%`).execute()).toHaveLength(2);
    await expectCoinBooksBalance(t);
  });

  it('runs an answer lottery: the question in the chat, answers tied to it, only right answers drawn, coupons granted', async () => {
    const quiz = await start({ kind: 4, winners: 10, reward: { type: RewardType.CashCoupon, amount: '10.00' }, question: '2 + 2?', options: ['3', '4'], answer: 1, countdownSeconds: 0, durationSeconds: 30 });
    const players = await Promise.all([newMember(t), newMember(t), newMember(t, '0.00', 'USD')]);
    const info = await data(ECONOMY_PATHS.approvalInfo, { roomId: room.liveRoomId }, players[0]!.token);
    expect(info).toMatchObject({ recordId: quiz.recordId, status: 1, question: '2 + 2?', myAnswer: null, answer: null });
    expect(info.options).toEqual([
      { option: 0, text: '3', votes: 0 },
      { option: 1, text: '4', votes: 0 },
    ]);
    // The question is a notice (issue 28): the operator's words as written, the event's title in every language.
    const question = await t.db.selectFrom('chat_messages').select(['id', 'kind', 'text', 'notice_json']).where('id', '=', Number(info.messageId)).executeTakeFirst();
    expect(question).toMatchObject({ kind: 'act', text: '' });
    const notice = JSON.parse(question!.notice_json!);
    expect(notice).toEqual({ type: 'answerLottery', recordId: quiz.recordId, title: expect.any(Object), question: '2 + 2?', options: ['3', '4'] });
    expect(Object.keys(notice.title).sort()).toEqual(['CMN', 'ENG', 'THA', 'VIE', 'zh-TW']);
    expect((await t.app.chat.history(room.liveRoomId)).find((m) => m.id === info.messageId)?.notice).toEqual(notice);

    const answer = (m: TestMember, body: Record<string, unknown>) => post(ECONOMY_PATHS.approvalSubmit, { roomId: room.liveRoomId, matchId: room.matchId, messageId: info.messageId, ...body }, m.token);
    const wrongMatch = await answer(players[0]!, { approvalResult: 1, matchId: room.matchId + 1 });
    expect({ status: wrongMatch.statusCode, code: wrongMatch.json().code }).toEqual({ status: 422, code: EconomyError.NotEligible });
    const wrongMessage = await answer(players[0]!, { approvalResult: 1, messageId: String(Number(info.messageId) + 1000) });
    expect({ status: wrongMessage.statusCode, code: wrongMessage.json().code }).toEqual({ status: 404, code: EconomyError.EventNotFound });
    expect((await answer(players[0]!, { approvalResult: 1 })).statusCode).toBe(200);
    expect((await answer(players[1]!, { approvalResult: 0 })).statusCode).toBe(200);
    expect((await answer(players[2]!, { approvalResult: 1 })).statusCode).toBe(200);
    // While it is open the counts would give the answer away.
    expect((await data(ECONOMY_PATHS.approvalInfo, { roomId: room.liveRoomId }, players[0]!.token)).options.map((o: { votes: number }) => o.votes)).toEqual([0, 0]);

    await advance(30_000);
    const done = await data(ECONOMY_PATHS.approvalInfo, { roomId: room.liveRoomId }, players[0]!.token);
    expect(done).toMatchObject({ status: 2, answer: 1, myAnswer: 1 });
    const winners = (await t.db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', quiz.recordId).execute()).map((w) => Number(w.member_id)).sort();
    expect(winners).toEqual([players[0]!.id, players[2]!.id].sort());
    const cny = await data(ECONOMY_PATHS.coupons, {}, players[0]!.token);
    expect(cny).toEqual([expect.objectContaining({ type: RewardType.CashCoupon, amount: '10.00', currency: 'CNY', status: 0, recordId: quiz.recordId })]);
    // 10 CNY / 7.12 CNY per USD = 1.40 USD.
    expect(await data(ECONOMY_PATHS.coupons, {}, players[2]!.token)).toEqual([expect.objectContaining({ amount: '1.40', currency: 'USD' })]);
    expect(await data(ECONOMY_PATHS.coupons, {}, players[1]!.token)).toEqual([]);
  });

  it('grants deposit and flow coupons, titles and coins to winners, each once, in the draw transaction', async () => {
    const rewards = [
      { type: RewardType.DepositCoupon, amount: '20.00' },
      { type: RewardType.FlowCoupon, amount: '30.00' },
      { type: RewardType.Title, titleId: 9 },
      { type: RewardType.Coin, amount: '0.50' },
    ];
    const m = await newMember(t);
    for (const reward of rewards) {
      const ev = await start({ kind: 1, winners: 1, reward, question: 'Pick one', options: ['A', 'B'], countdownSeconds: 0, durationSeconds: 10 });
      expect((await post(ECONOMY_PATHS.voteSubmit, { recordId: ev.recordId, roomId: room.liveRoomId, voteResult: 0 }, m.token)).statusCode).toBe(200);
      await advance(10_000);
      expect((await data(ECONOMY_PATHS.lotteryWin, { recordId: ev.recordId, roomId: room.liveRoomId }, m.token)).won).toBe(true);
    }
    const coupons = await data(ECONOMY_PATHS.coupons, {}, m.token);
    expect(coupons.map((c: { type: number; amount: string }) => [c.type, c.amount])).toEqual([
      [RewardType.FlowCoupon, '30.00'],
      [RewardType.DepositCoupon, '20.00'],
    ]);
    const titles = await data('/api/forehead/user/title/list/all', {}, m.token);
    expect(titles.find((x: { id: number }) => x.id === 9)).toMatchObject({ obtained: true });
    expect(await t.app.wallet.getBalance(m.id, COIN)).toBe(toMinor('0.50'));
    await expectCoinBooksBalance(t);
  });

  it("keeps a member's lottery results their own, and shows visitors no entry", async () => {
    const ev = await start({ kind: 1, ...lottery, countdownSeconds: 0, durationSeconds: 10 });
    const a = await newMember(t);
    const b = await newMember(t);
    await data(ECONOMY_PATHS.voteSubmit, { recordId: ev.recordId, roomId: room.liveRoomId, voteResult: 2 }, a.token);
    expect(await data(ECONOMY_PATHS.lotteryWin, { recordId: ev.recordId, roomId: room.liveRoomId }, b.token)).toMatchObject({ joined: false, won: false });
    expect(await data(ECONOMY_PATHS.lotteryStartInfo, { roomId: room.liveRoomId }, undefined)).toMatchObject({ recordId: ev.recordId, joined: false, myChoice: null, seed: null });
    expect(await data(ECONOMY_PATHS.lotteryStartInfo, { roomId: room.liveRoomId }, a.token)).toMatchObject({ joined: true, myChoice: 2 });
    const other = livingRoom(t, [room.liveRoomId]);
    const foreign = await post(ECONOMY_PATHS.lotteryWin, { recordId: ev.recordId, roomId: other.liveRoomId }, a.token);
    expect({ status: foreign.statusCode, code: foreign.json().code }).toEqual({ status: 404, code: EconomyError.EventNotFound });
    await advance(10_000);
  });

  it("lists the room's events in live/match/activity/select", async () => {
    const list = await data('/api/forehead/live/match/activity/select', { roomId: room.liveRoomId, language: 'ENG' }, undefined);
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[list.length - 1]).toMatchObject({ kind: 3, status: 2, title: 'Red envelope rain', roomId: room.liveRoomId, matchId: room.matchId });
  });
});
