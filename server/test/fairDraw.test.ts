import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ECONOMY_PATHS, FairAlgorithm, RewardType } from '../../contract/economy';
import { checkRainReceipts, deriveSeed, drawWinners, entriesHashOf, rainTicket, seedHashOf, splitRain } from '../../domain/fair';
import type { Anchor } from '../../contract/live';
import { requireRevealable } from '../src/economy/fair';
import { REPO_ROOT, TEST_FAIR_SECRET, type TestApp } from './helpers';
import { economyRoom, newMember, type EconomyRoom, type TestMember } from './economy.support';

/**
 * Issue 29, item 5: an insider who read `live_events.server_seed` computed which entries to append to win a lottery,
 * and could time a rain receive for a large envelope. Now the seed is derived from a secret the database does not
 * hold and written only at the reveal, the draw is keyed with the closed entry list, and a rain's envelope follows the
 * receiver's ticket. Each test fails on the algorithm before (v1, seed stored at the announcement).
 */
describe('fair draws nobody can steer, insiders included', () => {
  let t: TestApp;
  let room: Anchor;
  let post: EconomyRoom['post'];
  let data: EconomyRoom['data'];
  let start: EconomyRoom['start'];

  beforeAll(async () => ({ t, room, post, data, start } = await economyRoom({ dailyLimit: { spend: '1000.00', receive: '1000.00' } })), 60_000);
  afterAll(async () => t?.app.close());

  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await t.app.economy.tick();
  };
  const vote = (m: TestMember, recordId: number) => data(ECONOMY_PATHS.voteSubmit, { recordId, roomId: room.liveRoomId, voteResult: 0 }, m.token);
  const eventRow = (id: number) => t.db.selectFrom('live_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** `node scripts/verify-fair.mjs`, as anyone runs it, against `url`. */
  const verify = (recordId: number, url: string, ...more: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [path.join(REPO_ROOT, 'scripts', 'verify-fair.mjs'), String(recordId), url, ...more], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
      );
    });
  const platform = () => `http://127.0.0.1:${t.port}`;
  const lottery = { kind: 1, winners: 1, reward: { type: RewardType.Coin, amount: '1.00' }, question: 'Who?', options: ['A', 'B'], countdownSeconds: 0, durationSeconds: 60 };

  it('keeps the seed out of the database until the reveal, and draws with the closed entry list', async () => {
    const draw = await start(lottery);
    const early = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    for (const m of early) await vote(m, draw.recordId);

    // The insider's view before the close: the row and its entries. No column is the seed (none hashes to seedHash).
    const before = await eventRow(draw.recordId);
    expect(before).toMatchObject({ server_seed: '', seed_hash: draw.seedHash, algorithm: FairAlgorithm.V2, entries_hash: null });
    for (const value of Object.values(before)) expect(await seedHashOf(String(value))).not.toBe(draw.seedHash);
    // The seed exists only through the fair secret, which the platform holds outside the database.
    const seed = await deriveSeed(TEST_FAIR_SECRET, draw.recordId);
    expect(await seedHashOf(seed)).toBe(draw.seedHash);
    expect((await data(ECONOMY_PATHS.fairProof, { recordId: draw.recordId })).seed).toBeNull();

    // Even with the seed in hand, appended entries cannot be aimed: the list they make keys the draw. The tester's
    // v1 attack found the place that wins for 6 entrants and put its own entries there; under v2 that place moves with
    // every different list.
    const appended = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    for (const m of appended) await vote(m, draw.recordId);
    const entrants = [...early, ...appended].map((m) => m.id).sort((a, b) => a - b);
    await advance(60_000);

    const after = await eventRow(draw.recordId);
    expect(after.server_seed).toBe(seed);
    expect(after.entries_hash).toBe(await entriesHashOf(entrants));
    const proof = await data(ECONOMY_PATHS.fairProof, { recordId: draw.recordId });
    expect(proof).toMatchObject({ algorithm: FairAlgorithm.V2, seed, entries: entrants, entriesHash: after.entries_hash });
    expect(proof.winners).toEqual(await drawWinners(FairAlgorithm.V2, seed, draw.recordId, entrants, 1));
    expect(await data(ECONOMY_PATHS.lotteryStartInfo, { roomId: room.liveRoomId })).toMatchObject({ recordId: draw.recordId, seed, entriesHash: after.entries_hash });
    // One entrant fewer (same seed) would have been another draw: the winner is a function of the whole closed list.
    const places = await Promise.all(entrants.map(async (_, i) => {
      const list = entrants.filter((__, j) => j !== i);
      return (await drawWinners(FairAlgorithm.V2, seed, draw.recordId, list, 1)).map((w) => list.indexOf(w))[0];
    }));
    expect(new Set(places).size).toBeGreaterThan(1);
  });

  it("gives a rain's receiver the envelope its ticket says, not the next in receive order", async () => {
    const rain = await start({ kind: 3, budget: '100.00', envelopes: 10, countdownSeconds: 0, durationSeconds: 60 });
    const before = await eventRow(rain.recordId);
    expect(before.server_seed).toBe('');
    const members = await Promise.all(Array.from({ length: 10 }, () => newMember(t)));
    const seed = await deriveSeed(TEST_FAIR_SECRET, rain.recordId);
    const taken = new Set<number>();
    const order: number[] = [];
    for (const m of members) {
      const got = await data(ECONOMY_PATHS.redEnvelopeReceive, { recordId: rain.recordId, roomId: room.liveRoomId }, m.token);
      let expected = await rainTicket(seed, rain.recordId, m.id, 10);
      while (taken.has(expected)) expected = (expected + 1) % 10;
      expect(got.envelopeIndex).toBe(expected);
      taken.add(expected);
      order.push(got.envelopeIndex);
    }
    // v1 handed envelope j to the j-th receiver: whoever knew the split knew when to ask.
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await t.app.economy.events.idle();
    const proof = await data(ECONOMY_PATHS.fairProof, { recordId: rain.recordId });
    expect(proof.seed).toBe(seed);
    expect(proof.receipts).toEqual(members.map((m, i) => ({ uid: m.id, envelopeIndex: order[i], seq: i })));
    const amounts = await splitRain(seed, rain.recordId, 10_000, 10);
    expect(await checkRainReceipts(seed, rain.recordId, amounts, proof.receipts)).toEqual([]);
  });

  it('refuses to start on a fair secret that cannot reveal the open events, and reveals them with the one before a rotation', async () => {
    const draw = await start(lottery);
    const other = 'another-fair-secret-0123456789abcdef';
    await expect(requireRevealable(t.db, { current: TEST_FAIR_SECRET })).resolves.toBeUndefined();
    await expect(requireRevealable(t.db, { current: other })).rejects.toThrow(new RegExp(`FAIR_SECRET: the room events ${draw.recordId} were announced under another fair secret`));
    await expect(requireRevealable(t.db, { current: other, previous: TEST_FAIR_SECRET })).resolves.toBeUndefined();
    await advance(60_000);
    await expect(requireRevealable(t.db, { current: other })).resolves.toBeUndefined();
  });

  it('finishes an event announced under v1 (its seed stored from the start) the old way, and its proof still verifies', async () => {
    const draw = await start(lottery);
    // What migration 0022 leaves of an event announced before it: algorithm v1, the seed in the row.
    const seed = 'c3'.repeat(32);
    await t.db.updateTable('live_events').set({ algorithm: FairAlgorithm.V1, server_seed: seed, seed_hash: await seedHashOf(seed) }).where('id', '=', draw.recordId).execute();
    const members = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    for (const m of members) await vote(m, draw.recordId);
    await advance(60_000);
    const entrants = members.map((m) => m.id).sort((a, b) => a - b);
    const proof = await data(ECONOMY_PATHS.fairProof, { recordId: draw.recordId });
    expect(proof).toMatchObject({ algorithm: FairAlgorithm.V1, seed, entriesHash: null, entries: entrants });
    expect(proof.winners).toEqual(await drawWinners(FairAlgorithm.V1, seed, draw.recordId, entrants, 1));
    const run = await verify(draw.recordId, platform());
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toContain('algorithm hmac-sha256-v1');
  });

  describe('scripts/verify-fair.mjs', () => {
    let drawId: number;
    let rainId: number;
    let member: TestMember;
    /** Serves the platform's proofs, changed by `tamper` (what a platform lying after the fact would answer). */
    let tamper: (proof: any) => any = (p) => p;
    let liar: http.Server;

    beforeAll(async () => {
      const draw = await start(lottery);
      member = await newMember(t);
      const others = await Promise.all([newMember(t), newMember(t)]);
      for (const m of [member, ...others]) await vote(m, draw.recordId);
      await advance(60_000);
      drawId = draw.recordId;
      const rain = await start({ kind: 3, budget: '30.00', envelopes: 3, countdownSeconds: 0, durationSeconds: 60 });
      for (const m of [member, ...others]) await data(ECONOMY_PATHS.redEnvelopeReceive, { recordId: rain.recordId, roomId: room.liveRoomId }, m.token);
      await t.app.economy.events.idle();
      rainId = rain.recordId;
      liar = http.createServer(async (req, res) => {
        let body = '';
        for await (const chunk of req) body += chunk;
        const answer = await post(req.url!, JSON.parse(body));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ...answer.json(), data: tamper(answer.json().data) }));
      });
      await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => liar.close(() => resolve())));

    const lying = () => `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;

    it('accepts a real lottery and rain, and checks that a member is in the list', async () => {
      const lotteryRun = await verify(drawId, platform(), '--uid', String(member.id));
      expect(lotteryRun).toMatchObject({ code: 0 });
      expect(lotteryRun.out).toContain('entries hash to the entry list hash the draw was keyed with');
      expect(lotteryRun.out).toContain(`member ${member.id} is in the closed entry list`);
      const rainRun = await verify(rainId, platform(), '--uid', String(member.id));
      expect(rainRun).toMatchObject({ code: 0 });
      expect(rainRun.out).toContain("each of the 3 envelopes taken is the one its receiver's ticket gives");
      expect((await verify(drawId, platform(), '--uid', '999999')).code).toBe(1);
    });

    it('rejects a proof with another entry list, another seed, or envelopes handed against the tickets', async () => {
      tamper = (p) => ({ ...p, entries: p.entries.slice(1) });
      const dropped = await verify(drawId, lying());
      expect(dropped.code).toBe(1);
      expect(dropped.out).toMatch(/FAIL the 2 entries hash to the entry list hash/);
      tamper = (p) => ({ ...p, entries: [...p.entries, 999_999] });
      expect((await verify(drawId, lying())).code).toBe(1);
      tamper = (p) => ({ ...p, seed: 'ab'.repeat(32) });
      expect((await verify(drawId, lying())).out).toMatch(/FAIL SHA-256 of the revealed seed/);
      tamper = (p) => ({ ...p, receipts: p.receipts.map((r: { envelopeIndex: number }) => ({ ...r, envelopeIndex: (r.envelopeIndex + 1) % 3 })) });
      const rotated = await verify(rainId, lying());
      expect(rotated.code).toBe(1);
      expect(rotated.out).toMatch(/FAIL each of the 3 envelopes taken is the one its receiver's ticket gives/);
    });
  });
});
