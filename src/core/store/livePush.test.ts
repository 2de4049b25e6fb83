import { describe, expect, it } from '@jest/globals';
import type { PushHandler, PushMessage } from '../../services/push';
import { wireMatch } from '../../testing/matchFixtures';
import { createLiveBook } from './liveBook';
import { connectLiveBook } from './livePush';

function fakePush() {
  const routes: Record<string, PushHandler>[] = [];
  return {
    route: (r: Record<string, PushHandler>) => {
      routes.push(r);
      return () => routes.splice(routes.indexOf(r), 1);
    },
    deliver(chId: string, data: unknown) {
      for (const r of routes) r['match:*']?.(data, { chId, seq: 1, data } as PushMessage);
    },
    routeCount: () => routes.length,
  };
}

describe('connectLiveBook', () => {
  it('applies a frame of pushes at once without losing a goal to a later clock tick or one market to another', () => {
    const frames: Array<() => void> = [];
    const push = fakePush();
    const book = createLiveBook({ now: () => 0 });
    book.seed([wireMatch()], book.pushMark);
    const stop = connectLiveBook(push, book, (run) => {
      frames.push(run);
      return () => undefined;
    });

    push.deliver('match:1:score', { kind: 'score', matchId: 1, homeScore: 1, awayScore: 0, score: [], period: 1, serveIn: 0 });
    push.deliver('match:1:score', { kind: 'clock', matchId: 1, clock: { running: true, period: 1, second: 700, type: 'up' }, matchTime: 700 });
    push.deliver('match:1:odds', { kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', line: '-0.5', status: 0, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '2.000', isLock: true }] }] });
    expect(book.match(1)!.homeScore).toBe(0);

    frames.splice(0).forEach((run) => run());
    expect(book.match(1)!.homeScore).toBe(1);
    expect(book.match(1)!.clock.second).toBe(700);
    expect(book.market(100)!.status).toBe(0);
    expect(book.option(100, 'home')!.odd).toBe('2.000');

    stop();
    expect(push.routeCount()).toBe(0);
  });
});
