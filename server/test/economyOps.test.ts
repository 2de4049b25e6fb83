import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ECONOMY_PATHS, RewardType } from '../../contract/economy';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import type { FeedRole, Leadership } from '../src/cluster/leadership';
import { loadPlatformConfig } from '../src/config/platformConfig';
import { periodTable } from '../src/feed';
import { ANCHOR_ROSTER } from '../src/live/roster';
import { REPO_ROOT, type TestApp } from './helpers';
import { buildEconomyApp, livingRoom, newMember, OPERATOR_TOKEN, poster } from './economy.support';

/** A room on the air whose match is in its first half (a football match: a half-time is next). */
function roomInFirstHalf(t: TestApp) {
  const room = t.app.anchors.rooms('inplay', 'CMN').find((r) => t.scenario.state(r.matchId)?.periodKey === 'firstHalf');
  if (!room) throw new Error('no room on a match in its first half in the test feed');
  return room;
}

/** Plays one match to its half-time with the feed's test controls, the rest of the world standing still. */
function toHalfTime(t: TestApp, matchId: number) {
  for (let steps = 0; t.scenario.state(matchId)?.periodKey !== 'halfTime'; steps++) {
    if (steps > 1_000 || !t.scenario.stepMatch(matchId)) throw new Error(`match ${matchId} did not reach half-time`);
  }
}

/**
 * The economy's operations: its config section, scheduled and half-time events, and the verify command. The half-time
 * tests play one room's match to its half-time with the feed's test controls, the rest of the world standing still.
 */
describe('economy operations', () => {
  let t: TestApp | undefined;
  afterAll(async () => t?.app.close());

  it('stops start-up on a bad economy section, naming the file and the field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-economy-'));
    const real = JSON.parse(readFileSync(path.join(REPO_ROOT, 'config', 'platform.json'), 'utf8'));
    const write = (economy: unknown) => {
      const file = path.join(dir, 'platform.json');
      writeFileSync(file, JSON.stringify({ ...real, economy }));
      return file;
    };
    expect(() => loadPlatformConfig(write({ schedules: [{ kind: 3, rooms: [1234], everyMinutes: 5, budget: '10.00', envelopes: 5 }] }))).toThrow(/economy\.schedules\[0\]\.rooms\[0\]: expected a live room id of the roster/);
    expect(() => loadPlatformConfig(write({ schedules: [{ kind: 3, rooms: [8001], everyMinutes: 5, budget: '10.00' }] }))).toThrow(/economy\.schedules\[0\]\.envelopes: missing/);
    expect(() => loadPlatformConfig(write({ dailyLimit: { spend: '-1', receive: '10.00' } }))).toThrow(/economy\.dailyLimit\.spend/);
    expect(() => loadPlatformConfig(write({ gifts: [{ giftId: 1, name: { CMN: 'a', 'zh-TW': 'a', ENG: 'a', VIE: 'a', THA: 'a' }, price: '1.00', animation: 'spin', glyph: '*', color: '#000000', sort: 1 }] }))).toThrow(
      /economy\.gifts\[0\]\.animation/,
    );
    expect(loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json')).economy.schedules.length).toBeGreaterThan(0);
  });

  it('starts scheduled events when the event clock enters a new slot, once per slot and room, not at start-up', async () => {
    const rooms = ANCHOR_ROSTER.map((a) => a.liveRoomId).filter((id) => id !== 8010);
    t = await buildEconomyApp({
      schedules: [{ kind: 3, rooms, everyMinutes: 10, offsetMinutes: 0, countdownSeconds: 5, durationSeconds: 30, budget: '10.00', envelopes: 5 }],
    });
    await t.app.economy.tick();
    expect(await t.db.selectFrom('live_events').select('id').execute()).toEqual([]);
    const next = Math.ceil((t.clock.now() + 1) / 600_000) * 600_000;
    t.clock.set(next);
    await t.app.economy.tick();
    await t.app.economy.tick();
    const events = await t.db.selectFrom('live_events').select(['room_id', 'source_key', 'status', 'kind']).execute();
    const living = t.app.anchors.rooms('all', 'CMN').filter((r) => r.liveStatus === 1).map((r) => r.liveRoomId);
    expect(events.map((e) => Number(e.room_id)).sort()).toEqual(rooms.filter((id) => living.includes(id)).sort());
    expect(events.every((e) => e.source_key === `schedule:0:${e.room_id}:${next / 600_000}` && e.status === 0 && e.kind === 3)).toBe(true);
  });

  it('gives a tick called during a pass a pass of its own after it, one shared by every call meanwhile', async () => {
    // The running pass may have read the event clock before the caller moved it (a test, a promotion): answering the
    // caller with that pass left a lottery undrawn at its end in a PostgreSQL run.
    // The loop ticks too: it runs every 10 s here, and the test starts once a tick has left the clock idle (a loop pass
    // running at the first call made all three calls share the pass queued behind it in a CI run on PostgreSQL).
    await t?.app.close();
    t = await buildEconomyApp({ tickMs: 10_000 });
    const app = t.app;
    await app.economy.tick();
    const passes = jest.spyOn(app.economy.events, 'tick');
    try {
      const first = app.economy.tick();
      const second = app.economy.tick();
      const third = app.economy.tick();
      expect(second).not.toBe(first);
      expect(third).toBe(second);
      await Promise.all([first, second, third]);
      expect(passes).toHaveBeenCalledTimes(2);
      await app.economy.tick();
      expect(passes).toHaveBeenCalledTimes(3);
    } finally {
      passes.mockRestore();
    }
  });

  it('starts a rain in the rooms of a match that reaches half-time', async () => {
    await t?.app.close();
    t = await buildEconomyApp({ halfTimeRain: { kind: 3, countdownSeconds: 0, durationSeconds: 60, budget: '20.00', envelopes: 10 } });
    const app = t;
    const room = roomInFirstHalf(app);
    const onMatch = app.app.anchors.rooms('inplay', 'CMN').filter((r) => r.matchId === room.matchId);
    toHalfTime(app, room.matchId);
    await app.app.economy.events.idle();
    const halfTimes = await app.db.selectFrom('live_events').select('source_key').where('source_key', 'like', 'halftime:%').execute();
    expect(halfTimes.map((e) => e.source_key).sort()).toEqual(onMatch.map((r) => `halftime:${room.matchId}:${r.liveRoomId}`).sort());
    expect(ANCHOR_ROSTER.some((a) => a.liveRoomId === room.liveRoomId)).toBe(true);
  });

  it('starts the rains of matches still at half-time when an instance is promoted, the leader having died at the whistle', async () => {
    await t?.app.close();
    let role: FeedRole = 'follower';
    const listeners = new Set<(role: FeedRole) => void>();
    const leadership: Leadership = {
      get role() {
        return role;
      },
      isLeader: () => role === 'leader',
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      attempt: async () => role === 'leader',
      start: async () => undefined,
      stop: async () => undefined,
    };
    t = await buildEconomyApp({ halfTimeRain: { kind: 3, countdownSeconds: 0, durationSeconds: 60, budget: '20.00', envelopes: 10 } }, { leadership });
    const app = t;
    const atHalfTime = () =>
      app.app.anchors.rooms('inplay', 'CMN').filter((room) => {
        const view = app.feed.match(room.matchId);
        return view !== undefined && periodTable(view.sportId).list.find((p) => p.id === view.matchInfo.period)?.key === 'halfTime';
      });
    // Nobody leads: a match reaches half-time and no rain starts.
    toHalfTime(app, roomInFirstHalf(app).matchId);
    const rooms = atHalfTime();
    expect(rooms.length).toBeGreaterThan(0);
    // What the promotion reads (the fixture's period, no markets built) agrees with the match view.
    for (const room of rooms) expect(app.feed.fixture(room.matchId)?.period).toBe(app.feed.match(room.matchId)?.matchInfo.period);
    await app.app.economy.events.idle();
    expect(await app.db.selectFrom('live_events').select('id').execute()).toEqual([]);

    role = 'leader';
    for (const listener of listeners) listener('leader');
    await app.app.economy.events.idle();
    const started = (await app.db.selectFrom('live_events').select('source_key').execute()).map((e) => e.source_key).sort();
    expect(started).toEqual(rooms.map((room) => `halftime:${room.matchId}:${room.liveRoomId}`).sort());
  });

  it('verifies a finished lottery with node scripts/verify-fair.mjs against the running platform', async () => {
    await t?.app.close();
    t = await buildEconomyApp();
    const app = t;
    const { post } = poster(app);
    const room = livingRoom(app);
    const started = await post(
      ECONOMY_PATHS.operatorStartEvent,
      { roomId: room.liveRoomId, kind: 1, winners: 2, reward: { type: RewardType.Coin, amount: '1.00' }, question: 'Q', options: ['A', 'B'], countdownSeconds: 0, durationSeconds: 10 },
      undefined,
      { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
    );
    const recordId = started.json().data.recordId as number;
    for (let i = 0; i < 4; i += 1) {
      const m = await newMember(app);
      await post(ECONOMY_PATHS.voteSubmit, { recordId, roomId: room.liveRoomId, voteResult: i % 2 }, m.token);
    }
    app.clock.advance(10_000);
    await app.app.economy.tick();
    const run = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [path.join(REPO_ROOT, 'scripts', 'verify-fair.mjs'), String(recordId), `http://127.0.0.1:${app.port}`], { cwd: REPO_ROOT }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });
    expect(run.out).toContain('ok   SHA-256 of the revealed seed is the published hash');
    expect(run.out).toContain('ok   the winners drawn from the 4 entries are the published ones');
    expect(run.code).toBe(0);
  }, 60_000);
});
