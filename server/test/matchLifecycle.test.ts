import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { FootballEvent, MatchStatus } from '../src/feed';
import { buildTestApp, type TestApp } from './helpers';

interface Frame {
  chId: string;
  seq: number;
  data: { kind: string; period?: number; event?: { type: number; dangerous: boolean }; markets?: Array<{ status: number }> };
}

/**
 * A day in the life of football matches, watched the way the app watches them: the list over HTTP, changes over
 * the /push websocket. The matches are the next kick-offs of the list, played from kick-off to full time by the feed's
 * test controls.
 */
describe('football matches played to their end through HTTP and /push', () => {
  let t: TestApp;
  const frames: Frame[] = [];
  let socket: WebSocket;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ demoUsers: false });
    const list = await t.inject({ method: 'POST', url: '/api/match/getList', payload: { type: 2, sportIds: '1', size: 200 } });
    expect(list.statusCode).toBe(200);
    const soon = (list.json().data.records as Array<{ matchId: number; beginTime: number }>)
      .filter((m) => m.beginTime > t.feed.now() + 5 * 60_000 && m.beginTime < t.feed.now() + 60 * 60_000)
      .slice(0, 4);
    ids = soon.map((m) => m.matchId);
    expect(ids.length).toBeGreaterThan(2);

    socket = new WebSocket(`ws://127.0.0.1:${t.port}/push`);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame & { cmd?: string };
      if (!frame.cmd) frames.push(frame);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ cmd: 'sub', channels: ['matches', ...ids.flatMap((id) => [`match:${id}:score`, `match:${id}:odds`])] }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The matches kick off now and are played to their ends by the feed's test controls, a transition of each in turn
    // (so their frames interleave as on a busy evening), the rest of the world standing still: simulating three hours of
    // every sport for them took most of this file's time. A pause after each round lets the frames go out, as between
    // feed ticks.
    for (const id of ids) expect(t.scenario.kickOff(id)).toBe(true);
    for (let round = 0, playing = ids; playing.length > 0; round++) {
      if (round > 5_000) throw new Error(`matches ${playing.join(', ')} did not end`);
      playing = playing.filter((id) => t.scenario.stepMatch(id));
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The frames of the last rounds may still be on their way on a busy machine: wait until every match's end has
    // arrived (or 60 s have passed, and the tests below say what is missing).
    const endedEverywhere = () =>
      ids.every(
        (id) =>
          frames.some((f) => (f.chId === `match:${id}:score` || f.chId === `match:${id}:odds`) && f.data.kind === 'ended') &&
          frames.some((f) => f.chId === 'matches' && f.data.kind === 'ended' && (f.data as unknown as { matchId: number }).matchId === id),
      );
    for (const deadline = Date.now() + 60_000; !endedEverywhere() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await t?.app.close();
  });

  const framesOf = (id: number) => frames.filter((f) => f.chId === `match:${id}:score` || f.chId === `match:${id}:odds`);

  it('sends every frame of a channel in order, with no gap in seq', () => {
    const byChannel = new Map<string, number[]>();
    for (const f of frames) byChannel.set(f.chId, [...(byChannel.get(f.chId) ?? []), f.seq]);
    for (const [chId, seqs] of byChannel) {
      expect({ chId, seqs }).toEqual({ chId, seqs: seqs.map((_, i) => seqs[0]! + i) });
    }
  });

  it('passes each match through 1st half, half-time, 2nd half and full time', () => {
    for (const id of ids) {
      const periods = framesOf(id).flatMap((f) => (f.data.kind === 'status' ? [f.data.period!] : []));
      const order = [1, 2, 3, 13].map((p) => periods.indexOf(p));
      const ended = framesOf(id).some((f) => f.data.kind === 'ended');
      expect({ id, ended }).toEqual({ id, ended: true });
      // Postponed or abandoned fixtures end without playing every period.
      const result = t.feed.resultOf(id);
      if (result?.matchStatus === MatchStatus.Ended) {
        expect({ id, order: [...order].sort((a, b) => a - b) }).toEqual({ id, order });
        expect(order.every((i) => i >= 0)).toBe(true);
      }
    }
  });

  it('suspends the markets on every goal and reopens them while the match goes on', () => {
    let goals = 0;
    let reopened = 0;
    for (const id of ids) {
      const mine = framesOf(id);
      mine.forEach((f, index) => {
        const type = f.data.event?.type;
        if (f.data.kind !== 'event' || (type !== FootballEvent.Goal && type !== FootballEvent.OwnGoal)) return;
        goals++;
        const after = mine.slice(index);
        const suspended = after.findIndex((g) => g.data.kind === 'odds' && g.data.markets!.some((m) => m.status === 0));
        expect(suspended).toBeGreaterThan(0);
        // A goal in the last minute closes the markets instead; earlier ones must see them reopen.
        if (after.slice(suspended).some((g) => g.data.kind === 'odds' && g.data.markets!.some((m) => m.status === 1))) reopened++;
      });
    }
    expect(goals).toBeGreaterThan(0);
    expect(reopened).toBeGreaterThan(0);
  });

  it('stores each result, tells list watchers, and drops the match from in-play', async () => {
    const inPlay = await t.inject({ method: 'POST', url: '/api/match/getList', payload: { type: 1, sportIds: '1', size: 200 } });
    const live = new Set((inPlay.json().data.records as Array<{ matchId: number }>).map((m) => m.matchId));
    for (const id of ids) {
      expect(live.has(id)).toBe(false);
      // The feed plugin stores results in the background after the match ends: a PostgreSQL round trip can still be
      // on its way when the feed's own work is done, so wait (bounded) for it.
      let stored = await t.app.matchResults.get(id);
      for (let tries = 0; !stored && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = await t.app.matchResults.get(id);
      }
      expect(stored?.matchId).toBe(id);
      expect(stored?.totalScore).toEqual(t.feed.resultOf(id)?.totalScore);
      expect(frames.some((f) => f.chId === 'matches' && f.data.kind === 'ended' && (f.data as unknown as { matchId: number }).matchId === id)).toBe(true);
    }
  });
});
