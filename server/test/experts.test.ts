import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { BetResult } from '../../contract/enums';
import { ExpertError, MessageResult, type ExpertMessage, type ExpertPerson, type ServiceNews } from '../../contract/experts';
import { BANKER_PATHS, EXPERTS_PATHS, LIVE_ROOM_PATHS, SERVICE_NEWS_PATHS } from '../../contract/paths';
import { createExpertComments } from '../src/experts/comments';
import { MAX_OPEN } from '../src/experts/tips';
import { COIN, fromMinor, toMinor } from '../src/money';
import { buildTestApp, login, type TestApp } from './helpers';

/**
 * The experts' platform over real HTTP (docs/api.md "Experts, banker, banners, customer service"): experts publish on
 * the test feed's real matches as the fake clock moves, their messages settle on the feed's outcomes, and members buy,
 * comment, like, report and follow through the routes.
 */

let t: TestApp;
let demo: string;
let demo2: string;
let demoId: number;

const STEP_MS = 5 * 60_000;

async function step(times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    t.clock.advance(STEP_MS);
    t.feed.tick();
    await t.app.expertsIdle();
  }
}

async function get(url: string, token?: string) {
  const res = await t.inject({ url, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

async function post(url: string, payload?: unknown, token?: string) {
  const res = await t.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

const coins = async (memberId: number) => t.app.wallet.getBalance(memberId, COIN);
const ledgerRows = (memberId: number, kind: string) =>
  t.db.selectFrom('ledger').selectAll().where('member_id', '=', memberId).where('kind', '=', kind).execute();

async function memberIdOf(username: string): Promise<number> {
  return Number((await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
}

/** A member with no deposits and no coins (the comment rule's recharge limit turns them away). */
async function newMember(username: string): Promise<{ token: string; id: number }> {
  await t.app.auth.createMember({ username, password: 'secret123', nickname: username, currency: 'CNY' });
  return { token: await login(t, username, 'secret123'), id: await memberIdOf(username) };
}

async function giveCoins(memberId: number, amount: string): Promise<void> {
  await t.db.transaction().execute((trx) => t.app.wallet.credit(trx, { memberId, asset: COIN, amountMinor: toMinor(amount), kind: 'adjustment' }));
}

async function messages(query = '', token?: string): Promise<ExpertMessage[]> {
  const res = await get(`${EXPERTS_PATHS.messageList}?size=50${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data.list;
}

/** Paid messages still pending, as the database holds them (content included). */
const pendingPaid = () => t.db.selectFrom('expert_messages').selectAll().where('result', '=', MessageResult.Pending).where('gold_price_minor', '>', 0).orderBy('id').execute();

beforeAll(async () => {
  t = await buildTestApp();
  demo = await login(t);
  demo2 = await login(t, 'demo2');
  demoId = await memberIdOf('demo');
});
afterAll(async () => {
  await t?.app.close();
});

describe('publishing', () => {
  it("publishes tips on the feed's upcoming football and basketball matches, at most MAX_OPEN open per expert, and on matches in play", async () => {
    const list = await messages('&language=ENG');
    expect(list.length).toBeGreaterThan(5);
    const preMatch = list.filter((m) => m.publishTime < m.messageMatchList[0]!.beginTime);
    const inPlay = list.filter((m) => m.publishTime >= m.messageMatchList[0]!.beginTime);
    expect(preMatch.length).toBeGreaterThan(5);
    expect(inPlay.length).toBeGreaterThan(0);
    for (const m of list) {
      expect([1, 3]).toContain(m.messageMatchList[0]!.sportsId);
      for (const match of m.messageMatchList) expect(t.feed.fixture(match.matchId)?.beginTime).toBe(match.beginTime);
      expect(m.bettingType).toBe(m.messageMatchList.length);
    }
    for (const m of preMatch) expect(t.feed.fixture(m.messageMatchList[0]!.matchId)?.inPlay).toBe(false);
    for (const m of inPlay) {
      expect(m.bettingType).toBe(1);
      expect(t.feed.fixture(m.messageMatchList[0]!.matchId)?.inPlay).toBe(true);
    }
    const byExpert = new Map<number, number>();
    for (const m of preMatch) byExpert.set(m.professorId, (byExpert.get(m.professorId) ?? 0) + 1);
    for (const n of byExpert.values()) expect(n).toBeLessThanOrEqual(MAX_OPEN);
  });

  it('publishes the same tips again from the same seed (the unique index refuses a second copy)', async () => {
    const before = await t.db.selectFrom('expert_messages').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await t.app.experts.tips.publish();
    const after = await t.db.selectFrom('expert_messages').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('filters by sport, match and source, and pages (page 2 continues page 1)', async () => {
    const all = await messages();
    const basketball = (await get(`${EXPERTS_PATHS.messageList}?size=50&sportsType=3`)).body.data;
    for (const m of basketball.list as ExpertMessage[]) expect(m.messageMatchList[0]!.sportsId).toBe(3);
    const stored = await t.db.selectFrom('expert_messages').select(t.db.fn.countAll<number>().as('n')).where('sport_id', '=', 3).executeTakeFirstOrThrow();
    expect(basketball.total).toBe(Number(stored.n));
    const matchId = all[0]!.messageMatchList[0]!.matchId;
    const onMatch = await messages(`&sportsIds=${matchId}`);
    expect(onMatch.length).toBeGreaterThan(0);
    for (const m of onMatch) expect(m.messageMatchList.map((x) => x.matchId)).toContain(matchId);
    const third = await messages('&sportsSource=2');
    for (const m of third) expect(m.isTripartite).toBe(1);
    const page1 = (await get(`${EXPERTS_PATHS.messageList}?page=1&size=3`)).body.data;
    const page2 = (await get(`${EXPERTS_PATHS.messageList}?page=2&size=3`)).body.data;
    expect(page1.list.map((m: ExpertMessage) => m.id)).toEqual(all.slice(0, 3).map((m) => m.id));
    expect(page2.list.map((m: ExpertMessage) => m.id)).toEqual(all.slice(3, 6).map((m) => m.id));
    const count = await t.db.selectFrom('expert_messages').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 3, total: Number(count.n), isLastPage: false });
  });

  it("fills the live room's program tab (live/match/message/select) with the match's messages, without content", async () => {
    const all = await messages();
    const matchId = all[0]!.messageMatchList[0]!.matchId;
    const res = await post(LIVE_ROOM_PATHS.messageSelect, { matchId, language: 'ENG' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: number }) => m.id)).toEqual(all.filter((m) => m.messageMatchList.some((x) => x.matchId === matchId)).map((m) => m.id));
    expect(res.body.data[0]).not.toHaveProperty('content');
  });

  it('refuses bad list queries naming the field', async () => {
    expect((await get(`${EXPERTS_PATHS.messageList}?size=500`)).body.msg).toMatch(/size/);
    expect((await get(`${EXPERTS_PATHS.messageList}?sportsIds=1,x`)).status).toBe(400);
    expect((await get(`${EXPERTS_PATHS.messageList}?sportsSource=7`)).status).toBe(400);
    expect((await get(`${EXPERTS_PATHS.messageDetail}?id=abc`)).status).toBe(400);
    expect((await get(`${EXPERTS_PATHS.messageDetail}?id=999999`)).body).toEqual({ code: 4004, msg: 'messageId: no message 999999', data: null });
  });
});

describe('paid unlock', () => {
  let target: Awaited<ReturnType<typeof pendingPaid>>[number];

  beforeAll(async () => {
    target = (await pendingPaid())[0]!;
    if (!target) throw new Error('the test feed gave no paid message');
  });

  it('never lets the content of a paid message reach a visitor or a member who did not buy it (list and detail)', async () => {
    const secret = (JSON.parse(target.content_json) as Record<string, string>).ENG!;
    for (const token of [undefined, demo2]) {
      const list = await get(`${EXPERTS_PATHS.messageList}?size=50&language=ENG`, token);
      expect(list.raw).not.toContain(secret);
      const row = (list.body.data.list as ExpertMessage[]).find((m) => m.id === Number(target.id))!;
      expect(row).toMatchObject({ canRead: false, content: null, picks: null, isBuy: 0, payTime: null });
      const detail = await get(`${EXPERTS_PATHS.messageDetail}?id=${target.id}&language=ENG`, token);
      expect(detail.raw).not.toContain(secret);
      expect(detail.body.data).toMatchObject({ canRead: false, content: null, picks: null });
    }
  });

  it('charges goldPrice once under 20 racing requests, then shows the content to the buyer only', async () => {
    const before = await coins(demoId);
    const price = Number(target.gold_price_minor);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(EXPERTS_PATHS.buy, { messageId: Number(target.id) }, demo)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.charged).length).toBe(1);
    expect(await coins(demoId)).toBe(before - price);
    const charges = (await ledgerRows(demoId, 'expert_message')).filter((r) => r.ref_id !== null);
    expect(charges.map((c) => Number(c.amount_minor))).toEqual([-price]);
    const last = answers.at(-1)!.body.data;
    expect(last.coinBalance).toBe(fromMinor(before - price));
    expect(last.message).toMatchObject({ isBuy: 1, payTime: t.clock.now(), canRead: true });

    const secret = (JSON.parse(target.content_json) as Record<string, string>).ENG!;
    const mine = await get(`${EXPERTS_PATHS.messageDetail}?id=${target.id}&language=ENG`, demo);
    expect(mine.body.data).toMatchObject({ content: secret, isBuy: 1, canRead: true });
    expect(mine.body.data.picks.length).toBe(mine.body.data.messageMatchList.length);
    // Each pick names its market and option, so the app can put it in the slip at the book's price.
    const stored = await t.db.selectFrom('expert_picks').selectAll().where('message_id', '=', target.id).orderBy('seq').execute();
    expect(mine.body.data.picks).toEqual(stored.map((p) => expect.objectContaining({ matchId: Number(p.match_id), sportId: p.sport_id, marketId: Number(p.market_id), optionType: p.option_type, odds: p.odds })));
    const theirs = await get(`${EXPERTS_PATHS.messageDetail}?id=${target.id}&language=ENG`, demo2);
    expect(theirs.raw).not.toContain(secret);
  });

  it('refuses bad input, a visitor and too few coins, and moves nothing', async () => {
    const poor = await newMember('poorbuyer');
    const before = await coins(demoId);
    expect((await post(EXPERTS_PATHS.buy, { messageId: 'x' }, demo)).body.msg).toMatch(/messageId/);
    expect((await post(EXPERTS_PATHS.buy, {}, demo)).status).toBe(400);
    expect((await post(EXPERTS_PATHS.buy, { messageId: 1, extra: 1 }, demo)).status).toBe(400);
    expect((await post(EXPERTS_PATHS.buy, { messageId: 999999 }, demo)).status).toBe(404);
    expect((await post(EXPERTS_PATHS.buy, { messageId: Number(target.id) })).status).toBe(401);
    const refused = await post(EXPERTS_PATHS.buy, { messageId: Number(target.id) }, poor.token);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(ExpertError.NotEnoughCoins);
    expect(refused.body.msg).toMatch(/coins/);
    expect(await coins(demoId)).toBe(before);
    expect(await t.db.selectFrom('expert_purchases').selectAll().where('member_id', '=', poor.id).execute()).toEqual([]);
    expect(await ledgerRows(poor.id, 'expert_message')).toEqual([]);
  });

  it('counts a read once per member', async () => {
    const id = Number(target.id);
    for (let i = 0; i < 3; i++) await get(`${EXPERTS_PATHS.messageDetail}?id=${id}`, demo);
    await get(`${EXPERTS_PATHS.messageDetail}?id=${id}`);
    const after = (await get(`${EXPERTS_PATHS.messageDetail}?id=${id}`, demo2)).body.data;
    expect(after.readCount).toBe(2);
  });
});

describe('settlement', () => {
  /** Purchases of demo's that can refund, by message. */
  let bought: Map<number, { price: number; percent: number }>;

  beforeAll(async () => {
    await giveCoins(demoId, '5000.00');
    bought = new Map();
    for (const m of await pendingPaid()) {
      const res = await post(EXPERTS_PATHS.buy, { messageId: Number(m.id) }, demo);
      expect(res.status).toBe(200);
      bought.set(Number(m.id), { price: Number(m.gold_price_minor), percent: m.return_percent });
    }
    // Play on until some of demo's refundable purchases missed (the seed decides which; 12 hours is plenty).
    for (let i = 0; i < 144; i++) {
      await step();
      const missed = await t.db
        .selectFrom('expert_messages')
        .select('id')
        .where('id', 'in', [...bought.keys()])
        .where('result', '=', MessageResult.Miss)
        .where('open_back_gold', '=', 1)
        .execute();
      const hit = await t.db.selectFrom('expert_messages').select('id').where('result', '=', MessageResult.Hit).execute();
      if (missed.length >= 1 && hit.length >= 3) break;
    }
  }, 240_000);

  it("settles each message on the feed's own outcome of the market it names", async () => {
    const settled = await t.db.selectFrom('expert_messages').selectAll().where('result', '!=', 0).execute();
    expect(settled.length).toBeGreaterThan(3);
    for (const m of settled) {
      const picks = await t.db.selectFrom('expert_picks').selectAll().where('message_id', '=', m.id).execute();
      let factor = new Decimal(1);
      for (const p of picks) {
        const outcome = t.feed.outcomeOf(Number(p.market_id), p.option_type);
        if (outcome !== undefined) expect(p.outcome).toBe(outcome);
        const odds = new Decimal(p.odds);
        factor = factor.times(
          p.outcome === BetResult.Won ? odds : p.outcome === BetResult.WinReturn ? odds.plus(1).div(2) : p.outcome === BetResult.Lost ? 0 : p.outcome === BetResult.LoseReturn ? 0.5 : 1,
        );
        expect(p.home_score === null).toBe(p.outcome === BetResult.Cancel);
      }
      expect(m.yield_rate).toBe(factor.minus(1).toFixed(3));
      expect(m.result).toBe(factor.gt(1) ? MessageResult.Hit : factor.lt(1) ? MessageResult.Miss : MessageResult.Void);
    }
  });

  it('shows result and yieldRate once settled, with the final score', async () => {
    const row = await t.db.selectFrom('expert_messages').selectAll().where('result', '!=', 0).orderBy('id').executeTakeFirstOrThrow();
    const detail = (await get(`${EXPERTS_PATHS.messageDetail}?id=${row.id}`)).body.data as ExpertMessage;
    expect(detail.result).toBe(row.result);
    expect(detail.yieldRate).toBe(row.yield_rate);
    expect(detail.messageMatchList[0]!.homeScore).not.toBeUndefined();
  });

  it('returns returnGoldPercentage of the price of a missed message once, at settlement, with its ledger entry and a news message', async () => {
    const refunds = await ledgerRows(demoId, 'expert_refund');
    const missed = await t.db.selectFrom('expert_messages').selectAll().where('id', 'in', [...bought.keys()]).where('result', '=', MessageResult.Miss).where('open_back_gold', '=', 1).execute();
    expect(missed.length).toBeGreaterThan(0);
    const expected = missed.map((m) => Math.floor((bought.get(Number(m.id))!.price * m.return_percent) / 100)).sort((a, b) => a - b);
    expect(refunds.map((r) => Number(r.amount_minor)).sort((a, b) => a - b)).toEqual(expected);
    // Nothing for hits and voids.
    const purchases = await t.db.selectFrom('expert_purchases').innerJoin('expert_messages', 'expert_messages.id', 'expert_purchases.message_id').select(['result', 'refund_minor']).where('member_id', '=', demoId).execute();
    for (const p of purchases) if (p.result !== MessageResult.Miss) expect(Number(p.refund_minor)).toBe(0);

    // A second settlement of the same matches (a replayed end, a restart's catch-up) pays nothing more.
    const before = await coins(demoId);
    const matchIds = (await t.db.selectFrom('expert_picks').select('match_id').where('message_id', 'in', missed.map((m) => m.id)).execute()).map((r) => Number(r.match_id));
    for (const matchId of matchIds) {
      const result = t.feed.resultOf(matchId);
      if (result) await t.app.experts.tips.settleMatch(result);
    }
    await t.app.experts.tips.settleDue();
    expect(await coins(demoId)).toBe(before);
    expect((await ledgerRows(demoId, 'expert_refund')).length).toBe(refunds.length);

    const news = (await post(SERVICE_NEWS_PATHS.news, { language: 'ENG' }, demo)).body.data as ServiceNews;
    const refundNews = news.list.filter((n) => n.kind === 2);
    expect(refundNews.length).toBe(refunds.length);
    expect(refundNews[0]!.content).toMatch(/coins/);
  });

  it("derives every expert's record from their settled messages", async () => {
    const persons = (await post(EXPERTS_PATHS.personList, { size: 50 })).body.data.list as ExpertPerson[];
    expect(persons.length).toBe(16);
    for (const p of persons) {
      const rows = await t.db
        .selectFrom('expert_messages')
        .select(['result', 'yield_rate', 'settled_at'])
        .where('professor_id', '=', p.id)
        .where('result', 'in', [1, 2])
        .orderBy('settled_at')
        .orderBy('id')
        .execute();
      const results = rows.map((r) => r.result);
      expect(p.sportsSession).toBe(results.length);
      expect(p.hitSession).toBe(results.filter((r) => r === 1).length);
      expect(p.hitPercents).toBe(results.length === 0 ? '0.00' : new Decimal(p.hitSession * 100).div(results.length).toFixed(2));
      expect(p.tenHistory).toEqual(results.slice(-10).reverse());
      expect(p.tenWin).toBe(p.tenHistory.filter((r) => r === 1).length);
      let run = 0;
      let longest = 0;
      for (const r of results) {
        run = r === 1 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      expect(p.winContinuous).toBe(run);
      expect(p.longestWin).toBe(longest);
      const sum = rows.reduce((s, r) => s.plus(r.yield_rate!), new Decimal(0));
      expect(p.weekRateReturn).toBe(rows.length === 0 ? '0.00' : sum.times(100).div(rows.length).toFixed(2));
      const pending = await t.db.selectFrom('expert_messages').select('id').where('professor_id', '=', p.id).where('result', '=', 0).execute();
      expect(p.nowCount).toBe(pending.length);
    }
  });

  it("lists an expert's now and history messages", async () => {
    const expert = (await t.db.selectFrom('expert_messages').select('professor_id').where('result', '!=', 0).executeTakeFirstOrThrow()).professor_id;
    const now = (await post(EXPERTS_PATHS.personMessages, { professorId: expert, state: 1, size: 50 })).body.data.list as ExpertMessage[];
    const history = (await post(EXPERTS_PATHS.personMessages, { professorId: expert, state: 2, size: 50 })).body.data.list as ExpertMessage[];
    expect(history.length).toBeGreaterThan(0);
    for (const m of now) expect(m).toMatchObject({ professorId: expert, result: 0 });
    for (const m of history) expect(m.result).not.toBe(0);
    expect((await post(EXPERTS_PATHS.personMessages, { professorId: 1, state: 1 })).status).toBe(404);
    expect((await post(EXPERTS_PATHS.personMessages, { professorId: expert, state: 3 })).status).toBe(400);
  });

  it('refuses to sell a settled message', async () => {
    const settled = await t.db.selectFrom('expert_messages').select('id').where('result', '!=', 0).where('gold_price_minor', '>', 0).executeTakeFirstOrThrow();
    const before = await coins((await newMember('latebuyer')).id);
    const late = await login(t, 'latebuyer', 'secret123');
    const res = await post(EXPERTS_PATHS.buy, { messageId: Number(settled.id) }, late);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ExpertError.MessageSettled);
    expect(before).toBe(0);
    // Its buyer asking again is a repeat: nothing charged, the content still theirs.
    const owned = await t.db.selectFrom('expert_purchases').innerJoin('expert_messages', 'expert_messages.id', 'expert_purchases.message_id').select('message_id').where('member_id', '=', demoId).where('result', '!=', 0).executeTakeFirstOrThrow();
    const repeat = await post(EXPERTS_PATHS.buy, { messageId: Number(owned.message_id) }, demo);
    expect(repeat.body.data).toMatchObject({ charged: false, message: { isBuy: 1, canRead: true } });
  });
});

describe('experts: lists and follows', () => {
  it('pages the person list by 10 and ranks the god list by the last ten', async () => {
    const page1 = (await post(EXPERTS_PATHS.personList, {})).body.data;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 10, total: 16, isLastPage: false });
    expect(page1.list).toHaveLength(10);
    const page2 = (await post(EXPERTS_PATHS.personList, { page: 2 })).body.data;
    expect(page2).toMatchObject({ isLastPage: true });
    expect(page2.list).toHaveLength(6);
    const god = (await post(EXPERTS_PATHS.godList, { size: 50 })).body.data.list as ExpertPerson[];
    expect(god.length).toBeGreaterThan(0);
    for (let i = 1; i < god.length; i++) expect(god[i - 1]!.tenWin).toBeGreaterThanOrEqual(god[i]!.tenWin);
    for (const p of god) expect(p.sportsSession).toBeGreaterThan(0);
  });

  it('follows and unfollows an expert (idempotent), reflected in the person, the attention list and the messages', async () => {
    const expert = (await t.db.selectFrom('expert_messages').select('professor_id').where('result', '=', 0).executeTakeFirstOrThrow()).professor_id;
    // Fans: the audience the expert brings (the roster's) plus the members following here.
    const audience = t.app.experts.roster.find((e) => e.id === expert)!.audience;
    expect(audience).toBeGreaterThan(0);
    expect(((await post(EXPERTS_PATHS.personDetail, { id: expert })).body.data as ExpertPerson).subscribed).toBe(audience);
    expect((await post(EXPERTS_PATHS.attention, { professorId: expert })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await post(EXPERTS_PATHS.attention, { professorId: expert }, demo)).body.data).toEqual({ professorId: expert, isAttention: 1, subscribed: audience + 1 });
    const person = (await post(EXPERTS_PATHS.personDetail, { id: expert }, demo)).body.data as ExpertPerson;
    expect(person).toMatchObject({ isAttention: 1, subscribed: audience + 1 });
    expect(((await post(EXPERTS_PATHS.attentionList, {}, demo)).body.data.list as ExpertPerson[]).map((p) => p.id)).toEqual([expert]);
    const theirs = (await messages(`&sportsSource=0`, demo)).filter((m) => m.professorId === expert);
    for (const m of theirs) expect(m.isAttention).toBe(1);
    expect((await post(EXPERTS_PATHS.attention, { professorId: expert, isAttention: 0 }, demo)).body.data).toEqual({ professorId: expert, isAttention: 0, subscribed: audience });
    expect((await post(EXPERTS_PATHS.attentionList, {}, demo)).body.data.list).toEqual([]);
    expect((await post(EXPERTS_PATHS.attention, { professorId: 12 }, demo)).status).toBe(404);
    expect((await post(EXPERTS_PATHS.personDetail, { id: 12 })).status).toBe(404);
  });

  it('serves the avatars the profiles name', async () => {
    const person = (await post(EXPERTS_PATHS.personDetail, { id: 9001 })).body.data as ExpertPerson;
    const res = await t.inject({ url: person.profile });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect((await t.inject({ url: '/api/expert/avatar/1.svg' })).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/expert/avatar/..%2Fx.svg' })).statusCode).toBe(400);
  });
});

describe('comments', () => {
  let messageId: number;

  beforeAll(async () => {
    messageId = Number((await t.db.selectFrom('expert_messages').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
  });

  it('publishes comments and replies (one level deep) and lists them with subComments', async () => {
    const top = await post(EXPERTS_PATHS.commentPublish, { messageId, content: '  <b>Nice</b> call  ' }, demo);
    expect(top.status).toBe(200);
    expect(top.body.data).toMatchObject({ parentId: 0, content: '<b>Nice</b> call', nickName: 'Demo', username: 'de**o', likeCount: 0, subComments: [] });
    const reply = (await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'Agreed', parentId: top.body.data.id }, demo2)).body.data;
    expect(reply.parentId).toBe(top.body.data.id);
    const replyToReply = (await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'Thanks', parentId: reply.id }, demo)).body.data;
    expect(replyToReply.parentId).toBe(top.body.data.id);

    const list = (await post(EXPERTS_PATHS.commentList, { messageId }, demo2)).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0].subComments.map((c: { content: string; replyToNickName: string | null }) => [c.content, c.replyToNickName])).toEqual([
      ['Agreed', null],
      ['Thanks', 'Demo 2'],
    ]);
    expect((await get(`${EXPERTS_PATHS.messageDetail}?id=${messageId}`)).body.data.commentCount).toBe(3);
    const mine = (await post(EXPERTS_PATHS.myCommentList, {}, demo)).body.data;
    expect(mine.list.map((c: { content: string }) => c.content)).toEqual(['Thanks', '<b>Nice</b> call']);
    expect(mine.list[0].sportsTitle).not.toBe('');
  });

  it('refuses bad comments and writes nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('expert_comments').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: '   ' }, demo)).body.msg).toMatch(/content/);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'x'.repeat(501) }, demo)).status).toBe(400);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId: 999999, content: 'hi' }, demo)).status).toBe(404);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'hi', parentId: 999999 }, demo)).body.msg).toMatch(/parentId/);
    const other = Number((await t.db.selectFrom('expert_messages').select('id').where('id', '!=', messageId).executeTakeFirstOrThrow()).id);
    const onOther = (await post(EXPERTS_PATHS.commentPublish, { messageId: other, content: 'elsewhere' }, demo)).body.data.id;
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'hi', parentId: onOther }, demo)).status).toBe(404);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'hi' })).status).toBe(401);
    expect(await count()).toBe(before + 1);
  });

  it('counts a like once per member, however many requests race', async () => {
    const comment = (await post(EXPERTS_PATHS.commentList, { messageId })).body.data.list[0];
    const likes = await Promise.all(Array.from({ length: 10 }, () => post(EXPERTS_PATHS.commentLiked, { commentId: comment.id }, demo)));
    expect(likes.filter((l) => l.body.data.counted).length).toBe(1);
    expect((await post(EXPERTS_PATHS.commentLiked, { commentId: comment.id }, demo2)).body.data).toEqual({ commentId: comment.id, likeCount: 2, isLiked: 1, counted: true });
    const listed = (await post(EXPERTS_PATHS.commentList, { messageId }, demo)).body.data.list[0];
    expect(listed).toMatchObject({ likeCount: 2, isLiked: 1 });
    expect((await post(EXPERTS_PATHS.commentList, { messageId })).body.data.list[0].isLiked).toBe(0);
    expect((await post(EXPERTS_PATHS.commentLiked, { commentId: 999999 }, demo)).status).toBe(404);
  });

  it('reports a comment once per member with a category', async () => {
    const cats = (await post(EXPERTS_PATHS.commentReportCate, { language: 'THA' })).body.data;
    expect(cats.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5]);
    const comment = (await post(EXPERTS_PATHS.commentList, { messageId })).body.data.list[0];
    const first = (await post(EXPERTS_PATHS.commentReportAdd, { commentId: comment.id, cateId: 2, remark: 'rude' }, demo2)).body.data;
    const again = (await post(EXPERTS_PATHS.commentReportAdd, { commentId: comment.id, cateId: 3 }, demo2)).body.data;
    expect(again).toEqual(first);
    expect((await post(EXPERTS_PATHS.commentReportAdd, { commentId: comment.id, cateId: 9 }, demo2)).body.msg).toMatch(/cateId/);
    expect((await post(EXPERTS_PATHS.commentReportAdd, { commentId: comment.id, cateId: 1, remark: 'x'.repeat(201) }, demo2)).status).toBe(400);
  });

  it('enforces the recharge limit: a member without deposits may not comment, with the rule text', async () => {
    const poor = await newMember('nodeposit');
    const rule = (await post(EXPERTS_PATHS.commentRule, { language: 'ENG' }, poor.token)).body.data;
    expect(rule).toMatchObject({ isAvailable: false, rechargeLimitRule: { rechargeCurrentVal: '0.00', rechargeLimitIsAccord: false, rechargeLimitVal: '100.00' }, vipLimitIsAccord: true, isBan: false });
    expect(rule.rechargeLimitRule.rechargeLimitText).toMatch(/100\.00/);
    const refused = await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'let me in', language: 'ENG' }, poor.token);
    expect(refused).toMatchObject({ status: 422, body: { code: ExpertError.CommentNotAllowed, msg: rule.rechargeLimitRule.rechargeLimitText } });
    expect((await post(EXPERTS_PATHS.commentRule, {}, demo)).body.data).toMatchObject({ isAvailable: true, rechargeLimitRule: { rechargeCurrentVal: '10000.00', rechargeLimitIsAccord: true, rechargeLimitText: '' } });
    expect((await post(EXPERTS_PATHS.commentRule, {})).body.data.isAvailable).toBe(false);
  });

  it('enforces a ban (the chat platform-wide mute) until it ends', async () => {
    const demo2Id = await memberIdOf('demo2');
    const until = t.clock.now() + 60 * 60_000;
    await t.db.insertInto('chat_bans').values({ member_id: demo2Id, room_id: 0, until, reason: 'spam', created_by: demoId, created_at: t.clock.now() }).execute();
    const rule = (await post(EXPERTS_PATHS.commentRule, { language: 'ENG' }, demo2)).body.data;
    expect(rule).toMatchObject({ isAvailable: false, isBan: true });
    expect(rule.banText).toMatch(/spam/);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'muted?', language: 'ENG' }, demo2)).body).toMatchObject({ code: ExpertError.CommentNotAllowed, msg: rule.banText });
    t.clock.advance(60 * 60_000 + 1);
    expect((await post(EXPERTS_PATHS.commentRule, {}, demo2)).body.data.isAvailable).toBe(true);
    expect((await post(EXPERTS_PATHS.commentPublish, { messageId, content: 'back' }, demo2)).status).toBe(200);
  });

  it('enforces a VIP limit each way', async () => {
    const comments = createExpertComments({
      db: t.db,
      clock: t.clock,
      config: { rechargeLimit: '0.00', vipLimit: 3 },
      banOf: async () => null,
      titleOf: async () => new Map(),
    });
    const low = await comments.rule(demoId, 'ENG');
    expect(low).toMatchObject({ isAvailable: false, vipCurrentVal: 0, vipLimitIsAccord: false, vipLimitVal: 3 });
    expect(low.vipLimitText).toMatch(/VIP 3/);
    await expect(comments.publish(demoId, { messageId, content: 'vip?', parentId: 0 }, 'ENG')).rejects.toThrow(/VIP 3/);
    await t.db.updateTable('members').set({ vip_level: 3 }).where('id', '=', demoId).execute();
    expect((await comments.rule(demoId, 'ENG')).isAvailable).toBe(true);
    await t.db.updateTable('members').set({ vip_level: 0 }).where('id', '=', demoId).execute();
  });
});

describe('banker', () => {
  it('answers the banker detail by default, by id and by invite code', async () => {
    const first = (await post(BANKER_PATHS.detail)).body.data;
    expect(first).toMatchObject({ bankerId: 7001, globalSingleMinBet: t.config.betting.single.min, globalSingleMaxBet: t.config.betting.single.max, currency: 'CNY' });
    expect(first.remainingAmount).toBe(first.pledgeAmount);
    expect(first.plan.deposit).toBe(first.pledgeAmount);
    expect((await post(BANKER_PATHS.detail, { bankerId: 7002 })).body.data.bankerId).toBe(7002);
    expect((await post(BANKER_PATHS.detail, { inviteCode: first.inviteCode })).body.data.bankerId).toBe(7001);
    expect((await post(BANKER_PATHS.detail, { bankerId: 1 })).status).toBe(404);
    expect((await post(BANKER_PATHS.detail, { inviteCode: 'bad code' })).body.msg).toMatch(/inviteCode/);
    expect((await t.inject({ url: first.headUrl })).statusCode).toBe(200);
  });

  it("opens the banker game's page from the jump URL once, greeting the member", async () => {
    const jump = (await post(BANKER_PATHS.jump, {}, demo)).body.data;
    expect(jump.url).toMatch(/^\/game\/2\?token=/);
    const page = await t.inject({ url: `${jump.url}&language=ENG` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('Welcome, demo');
    expect(page.body).toContain((await post(BANKER_PATHS.detail)).body.data.inviteCode);
    expect((await t.inject({ url: jump.url })).statusCode).toBe(403);
    const game = (await post(BANKER_PATHS.gameJump, { gameId: 1 }, demo)).body.data;
    expect((await t.inject({ url: game.url.replace('/game/1', '/game/2') })).statusCode).toBe(403);
    expect((await t.inject({ url: '/game/9' })).statusCode).toBe(404);
  });
});

describe('customer-service news', () => {
  it('gives a visitor the notices (hasNotice) without read state', async () => {
    const news = (await post(SERVICE_NEWS_PATHS.news, { language: 'ENG' })).body.data as ServiceNews;
    expect(news).toMatchObject({ hasNews: false, showMessageBubble: false, hasNotice: true, unreadCount: 0 });
    expect(news.list.some((n) => n.kind === 1 && n.title === 'Expert tips are here')).toBe(true);
  });

  it('keeps read state and the bubble per member', async () => {
    const fresh = await newMember('newsreader');
    const start = (await post(SERVICE_NEWS_PATHS.news, {}, fresh.token)).body.data as ServiceNews;
    expect(start).toMatchObject({ hasNews: true, showMessageBubble: true, hasNotice: true });
    const closed = (await post(SERVICE_NEWS_PATHS.bubbleClose, {}, fresh.token)).body.data as ServiceNews;
    expect(closed).toMatchObject({ hasNews: true, showMessageBubble: false });
    const one = (await post(SERVICE_NEWS_PATHS.read, { id: start.list[0]!.id }, fresh.token)).body.data as ServiceNews;
    expect(one.list[0]!.isRead).toBe(1);
    const all = (await post(SERVICE_NEWS_PATHS.read, { all: 1 }, fresh.token)).body.data as ServiceNews;
    expect(all).toMatchObject({ hasNews: false, hasNotice: false, unreadCount: 0 });
    // Another member's read state is their own.
    expect((await post(SERVICE_NEWS_PATHS.news, {}, demo2)).body.data.hasNotice).toBe(true);
    expect((await post(SERVICE_NEWS_PATHS.read, {}, fresh.token)).status).toBe(400);
    expect((await post(SERVICE_NEWS_PATHS.read, { id: 999999 }, fresh.token)).status).toBe(404);
    const refund = await t.db.selectFrom('service_news').select('id').where('member_id', '=', demoId).executeTakeFirst();
    if (refund) expect((await post(SERVICE_NEWS_PATHS.read, { id: Number(refund.id) }, fresh.token)).status).toBe(404);
    expect((await post(SERVICE_NEWS_PATHS.read, { all: 1 })).status).toBe(401);
  });
});

describe('banner host', () => {
  it('names the platform itself by default and the configured host otherwise (domain list)', async () => {
    expect((await post('/api/forehead/system/domain/list/v2')).body.data.banner).toBe(`http://127.0.0.1:${t.port}`);
    const other = await buildTestApp({ sharedFeed: true, demoUsers: false, config: { experts: { ...t.config.experts, bannerHost: 'https://banners.example' } } });
    try {
      expect((await other.inject({ method: 'POST', url: '/api/forehead/system/domain/list/v2' })).json().data.banner).toBe('https://banners.example');
    } finally {
      await other.app.close();
    }
  });
});
