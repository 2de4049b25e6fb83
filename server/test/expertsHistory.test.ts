import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BetResult, MatchStatus } from '../../contract/enums';
import { MessageResult, type ExpertMessage, type ExpertPerson, type ExpertPage } from '../../contract/experts';
import { EXPERTS_PATHS } from '../../contract/paths';
import type { FeedRole, Leadership } from '../src/cluster/leadership';
import { HISTORY_FLAG, writeHistory } from '../src/experts/history';
import { MAX_OPEN, MAX_OPEN_IN_PLAY } from '../src/experts/tips';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Experts with a record from the first start (issue 31): a new platform whose feed played out six hours of matches
 * before it started (as `npm start` does) has the experts' past programs on those matches, settled on their results,
 * so the records, the god list and the fans are there at once; experts tip matches in play, and every live room's
 * match has a program; a restart writes nothing twice.
 */

let t: TestApp;
let folder: string;
let startedAt: number;

const build = () => buildTestApp({ feed: { historyHours: 6 }, databaseFile: path.join(folder, 'platform.db') });

async function post<T>(url: string, payload: unknown): Promise<T> {
  const res = await t.inject({ method: 'POST', url, payload });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T }>().data;
}

async function messagesOn(matchId: number): Promise<ExpertMessage[]> {
  const res = await t.inject({ url: `${EXPERTS_PATHS.messageList}?size=50&sportsIds=${matchId}&language=ENG` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ExpertPage<ExpertMessage> }>().data.list;
}

const settledRows = () =>
  t.db
    .selectFrom('expert_messages')
    .innerJoin('expert_picks', 'expert_picks.message_id', 'expert_messages.id')
    .selectAll()
    .where('expert_messages.result', '!=', MessageResult.Pending)
    .execute();

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'sport-pc-experts-'));
  t = await build();
  startedAt = t.feed.now();
  await t.app.expertsIdle();
}, 60_000);
afterAll(async () => {
  await t?.app.close();
});

describe('a new platform', () => {
  it("has the experts' settled programs on the matches the feed finished before it started, published before kick-off", async () => {
    const rows = await settledRows();
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const result = t.feed.resultOf(Number(row.match_id));
      expect(result?.matchStatus).toBe(MatchStatus.Ended);
      expect(Number(row.publish_time)).toBeLessThan(Number(row.begin_time));
      expect(Number(row.settled_at)).toBeLessThanOrEqual(startedAt);
      expect(Number(row.settled_at)).toBeGreaterThanOrEqual(result!.endTime);
      expect([row.home_score, row.away_score]).toEqual([result!.totalScore.home, result!.totalScore.away]);
    }
  });

  it('settles them on the results the feed shows (checked here from the final score itself)', async () => {
    let checked = 0;
    for (const row of await settledRows()) {
      // Full-time markets settle on the full-time score: football's 90 minutes (a cup tie's extra time aside), basketball's with overtime.
      const ft = t.feed.resultOf(Number(row.match_id))!.final.periods.ft!;
      const { home, away } = (ft.goals ?? ft.points)!;
      const line = row.line === null ? null : Number(row.line);
      let expected: number | undefined;
      if (row.market_kind === '1x2' || row.market_kind === 'ml') {
        const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
        expected = row.option_type === winner ? BetResult.Won : BetResult.Lost;
      } else if (line !== null && Math.abs(line % 1) === 0.5) {
        // Half lines only: no push, no half result, one comparison. The stored line is the market's: the total, or
        // the home side's handicap (the away side's is its negation).
        const margin = row.market_kind === 'ou' ? (row.option_type === 'over' ? home + away - line : line - home - away) : row.option_type === 'home' ? home - away + line : away - home - line;
        expected = margin > 0 ? BetResult.Won : BetResult.Lost;
      }
      if (expected === undefined) continue;
      expect({ match: row.match_id, kind: row.market_kind, line: row.line, option: row.option_type, outcome: row.outcome }).toEqual({ match: row.match_id, kind: row.market_kind, line: row.line, option: row.option_type, outcome: expected });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('never had more than MAX_OPEN programs open at once per expert in that past', async () => {
    const messages = await t.db.selectFrom('expert_messages').select(['professor_id', 'publish_time', 'settled_at']).where('result', '!=', MessageResult.Pending).execute();
    for (const m of messages) {
      const open = messages.filter((o) => o.professor_id === m.professor_id && Number(o.publish_time) <= Number(m.publish_time) && Number(o.settled_at) > Number(m.publish_time));
      expect(open.length).toBeLessThanOrEqual(MAX_OPEN);
    }
  });

  it('shows experts with records, fans and a non-empty top list at once, consistent with the settled programs', async () => {
    const persons = (await post<ExpertPage<ExpertPerson>>(EXPERTS_PATHS.personList, { page: 1, size: 50, language: 'ENG' })).list;
    const counted = await t.db
      .selectFrom('expert_messages')
      .select(['professor_id', 'result'])
      .where('result', 'in', [MessageResult.Hit, MessageResult.Miss])
      .execute();
    for (const p of persons) {
      const mine = counted.filter((m) => m.professor_id === p.id);
      expect(p.sportsSession).toBe(mine.length);
      expect(p.hitSession).toBe(mine.filter((m) => m.result === MessageResult.Hit).length);
      expect(p.subscribed).toBeGreaterThan(0);
    }
    expect(persons.filter((p) => Number(p.hitPercents) > 0).length).toBeGreaterThan(persons.length / 2);
    expect(persons.some((p) => p.tag !== 'New expert')).toBe(true);
    const god = (await post<ExpertPage<ExpertPerson>>(EXPERTS_PATHS.godList, { page: 1, size: 10, language: 'ENG' })).list;
    expect(god.length).toBeGreaterThan(0);
    expect(Number(god[0]!.hitPercents)).toBeGreaterThan(0);
    expect(god[0]!.tenWin).toBeGreaterThan(0);
  });

  it('has in-play programs (singles on the handicap or total, published after kick-off), within the cap', async () => {
    const rows = await t.db
      .selectFrom('expert_messages')
      .innerJoin('expert_picks', 'expert_picks.message_id', 'expert_messages.id')
      .select(['expert_messages.professor_id', 'expert_messages.betting_type', 'expert_messages.publish_time', 'expert_picks.begin_time', 'expert_picks.market_kind', 'expert_picks.match_id'])
      .where('expert_messages.result', '=', MessageResult.Pending)
      .execute();
    const inPlay = rows.filter((r) => Number(r.publish_time) >= Number(r.begin_time));
    expect(inPlay.length).toBeGreaterThan(0);
    for (const r of inPlay) {
      expect(r.betting_type).toBe(1);
      expect(['ah', 'ou']).toContain(r.market_kind);
      expect(t.feed.fixture(Number(r.match_id))?.inPlay).toBe(true);
      expect(t.app.experts.roster.find((e) => e.id === r.professor_id)?.inPlay).toBe(true);
    }
    // The cap binds the experts' own choices; only a room's assignment may go past it.
    const onAir = new Set(t.app.anchors.rooms('inplay', 'CMN').map((r) => r.matchId));
    const own = new Map<number, number>();
    for (const r of inPlay) if (!onAir.has(Number(r.match_id))) own.set(r.professor_id, (own.get(r.professor_id) ?? 0) + 1);
    for (const n of own.values()) expect(n).toBeLessThanOrEqual(MAX_OPEN_IN_PLAY);
  });

  it("gives every live room's football or basketball match a program", async () => {
    const rooms = t.app.anchors.rooms('inplay', 'CMN').filter((r) => [1, 3].includes(t.feed.fixture(r.matchId)?.sportId ?? 0));
    expect(rooms.length).toBeGreaterThan(0);
    for (const room of rooms) expect((await messagesOn(room.matchId)).length).toBeGreaterThan(0);
  });

  it('gives a room that goes on a match in play a program at once', async () => {
    const onAir = new Set(t.app.anchors.rooms('all', 'CMN').map((r) => r.matchId));
    const tipped = new Set((await t.db.selectFrom('expert_picks').select('match_id').execute()).map((r) => Number(r.match_id)));
    const fixture = t.feed
      .fixtures('inplay')
      .find((f) => f.sportId === 1 && !onAir.has(f.matchId) && !tipped.has(f.matchId) && t.feed.markets(f.matchId).some((m) => m.key === 'ah' && m.status === 1));
    if (!fixture) throw new Error('the test world has no untipped football match in play');
    const host = t.app.anchors.roster.all().find((p) => p.sports.includes(1))!;
    t.app.anchors.book(host.hostId, fixture.matchId);
    await t.app.expertsIdle();
    const programs = await messagesOn(fixture.matchId);
    expect(programs.length).toBe(1);
    expect(programs[0]!.publishTime).toBe(t.feed.now());
  });
});

/** A lease this test hands over by hand: a follower until promote(). */
function manualLeadership(): Leadership & { promote(): void } {
  let role: FeedRole = 'follower';
  const listeners = new Set<(role: FeedRole) => void>();
  return {
    get role() {
      return role;
    },
    isLeader: () => role === 'leader',
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attempt: async () => role === 'leader',
    start: async () => undefined,
    stop: async () => undefined,
    promote() {
      role = 'leader';
      for (const listener of listeners) listener(role);
    },
  };
}

describe('several instances', () => {
  const settledKeys = (app: TestApp) =>
    app.db
      .selectFrom('expert_messages')
      .select(['professor_id', 'lead_match_id', 'publish_time', 'gold_price_minor', 'result', 'yield_rate', 'settled_at', 'content_json', 'tag_json'])
      .where('result', '!=', MessageResult.Pending)
      .orderBy('publish_time')
      .orderBy('professor_id')
      .execute();

  it('writes the past only on the leader, the same from the same seed, and a second writer after one that died half-way adds only what is missing', async () => {
    const leadership = manualLeadership();
    const other = await buildTestApp({ feed: { historyHours: 6 }, leadership });
    try {
      await other.app.expertsIdle();
      expect(await other.db.selectFrom('expert_messages').select('id').execute()).toEqual([]);
      expect(await other.db.selectFrom('platform_flags').select('value').where('name', '=', HISTORY_FLAG).executeTakeFirst()).toBeUndefined();

      leadership.promote();
      await other.app.expertsIdle();
      const written = await settledKeys(other);
      expect(written).toEqual(await settledKeys(t));

      // A leader that died half-way: the flag still 0, half the past missing. The next leader writes that half again.
      await other.db.updateTable('platform_flags').set({ value: 0 }).where('name', '=', HISTORY_FLAG).execute();
      const half = (await other.db.selectFrom('expert_messages').select('id').where('result', '!=', MessageResult.Pending).orderBy('id').execute()).filter((_, i) => i % 2 === 0).map((r) => Number(r.id));
      await other.db.deleteFrom('expert_picks').where('message_id', 'in', half).execute();
      await other.db.deleteFrom('expert_messages').where('id', 'in', half).execute();
      await writeHistory({ db: other.db, feed: other.feed, roster: other.app.experts.roster });
      expect(await settledKeys(other)).toEqual(written);
      expect(await other.db.selectFrom('platform_flags').select('value').where('name', '=', HISTORY_FLAG).executeTakeFirst()).toEqual({ value: 1 });
    } finally {
      await other.app.close();
    }
  }, 60_000);
});

describe('a restart', () => {
  it('writes nothing twice: the same programs, the history flag complete', async () => {
    const before = await t.db.selectFrom('expert_messages').select(['id', 'professor_id', 'lead_match_id', 'result']).orderBy('id').execute();
    await t.app.close();
    t = await build();
    await t.app.expertsIdle();
    const after = await t.db.selectFrom('expert_messages').select(['id', 'professor_id', 'lead_match_id', 'result']).orderBy('id').execute();
    // Publishing resumes (a room may be booked afresh), but no message of before is written again.
    expect(after.slice(0, before.length)).toEqual(before);
    const keys = after.map((m) => `${m.professor_id}:${m.lead_match_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await t.db.selectFrom('platform_flags').select('value').where('name', '=', HISTORY_FLAG).executeTakeFirst()).toEqual({ value: 1 });
    // The history is the one written at the first start: what settled before it is what settled then.
    const history = await t.db.selectFrom('expert_messages').select('id').where('settled_at', '<=', startedAt).execute();
    expect(history.length).toBe(before.filter((m) => m.result !== MessageResult.Pending).length);
  }, 60_000);
});
