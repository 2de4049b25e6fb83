import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { ExpertMessagePage, ExpertPage, ExpertPerson } from '../../contract/experts';
import { EXPERTS_PATHS } from '../../contract/paths';
import { E2E_WORLD } from '../../tests/world';
import { createFakeClock } from '../src/clock';
import { loadPlatformConfig } from '../src/config/platformConfig';
import { SPORT_ORDER } from '../src/feed';
import { buildTestApp, REPO_ROOT, type TestApp } from './helpers';
import path from 'node:path';

/**
 * The world contract (issue 27): the world the end-to-end suite starts (FEED_SEED and FEED_EPOCH of tests/world.ts, a
 * frozen feed, six hours of results) holds what its tests take for granted. A feed change that breaks one of these fails
 * here in seconds instead of as a browser test waiting for something that never comes.
 */
describe(`the e2e world (seed ${E2E_WORLD.seed} at ${E2E_WORLD.epoch})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const realStart = createFakeClock().now();
    t = await buildTestApp({ feed: { seed: E2E_WORLD.seed, origin: { realStart, simStart: Date.parse(E2E_WORLD.epoch) }, historyHours: 6 } });
    await t.app.expertsIdle();
  });
  afterAll(async () => t?.app.close());

  it('starts at the epoch', () => {
    expect(t.feed.now()).toBe(Date.parse(E2E_WORLD.epoch));
  });

  it('has every sport in play with prices on sale, and in the today and early lists', () => {
    const short: string[] = [];
    for (const sportId of SPORT_ORDER) {
      const open = (type: 'inplay' | 'today' | 'early') => t.feed.matches({ type, sportId }).filter((m) => t.feed.markets(m.matchId).some((k) => k.status === 1)).length;
      for (const type of ['inplay', 'today', 'early'] as const) if (open(type) === 0) short.push(`${type} ${sportId}`);
    }
    expect(short).toEqual([]);
  });

  it('has football in the first half with at least two video lines, and early football matches', () => {
    const firstHalf = t.feed.matches({ type: 'inplay', sportId: 1 }).filter((m) => m.matchInfo.period === 1 && m.media.videos.length >= 2);
    expect(firstHalf.length).toBeGreaterThanOrEqual(3);
    expect(t.feed.matches({ type: 'early', sportId: 1 }).length).toBeGreaterThanOrEqual(10);
  });

  it('has finished matches for the results screens', () => {
    const now = t.feed.now();
    expect(t.feed.results({ from: now - 6 * 3_600_000, to: now }).length).toBeGreaterThan(20);
  });

  it('has an exclusive room and a room without scheduled events on the air', () => {
    const scheduled = new Set(loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json')).economy.schedules.flatMap((s) => s.rooms));
    const living = t.app.anchors.rooms('inplay', 'CMN').filter((r) => r.liveStatus === LiveStatus.Living);
    expect(living.some((r) => r.anchorType === AnchorType.Exclusive)).toBe(true);
    expect(living.some((r) => r.anchorType === AnchorType.Normal && !scheduled.has(r.liveRoomId))).toBe(true);
  });

  it("has experts with a record (a settled past and a top list) and a program on every football and basketball room's match", async () => {
    const god = await t.inject({ method: 'POST', url: EXPERTS_PATHS.godList, payload: { page: 1, size: 10, language: 'ENG' } });
    const top = god.json<{ data: ExpertPage<ExpertPerson> }>().data.list;
    expect(top.length).toBeGreaterThan(0);
    expect(Number(top[0]!.hitPercents)).toBeGreaterThan(0);
    const rooms = t.app.anchors.rooms('inplay', 'CMN').filter((r) => [1, 3].includes(t.feed.fixture(r.matchId)?.sportId ?? 0));
    expect(rooms.length).toBeGreaterThan(0);
    for (const room of rooms) {
      const answer = await t.inject({ url: `${EXPERTS_PATHS.messageList}?page=1&size=10&sportsIds=${room.matchId}` });
      expect(answer.json<{ data: ExpertMessagePage }>().data.total).toBeGreaterThan(0);
    }
  });

  it('has a paid expert program not settled yet', async () => {
    const answer = await t.inject({ url: `${EXPERTS_PATHS.messageList}?page=1&size=50&language=ENG` });
    const { list } = answer.json<{ data: ExpertMessagePage }>().data;
    expect(list.some((m) => m.result === 0 && Number(m.goldPrice) > 0)).toBe(true);
  });
});
