import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { HEARTBEAT_LOOP, PUSH_DEFAULTS, createPushClient, reconnectDelay, type PushClient, type PushStatus } from './push';
import { createScheduler } from './scheduler';
import { createKernelEvents } from '../kernel/events';
import { refetchOnGap } from '../core/store/livePush';
import { oddsPushSchema, type OddsPush } from '../../contract/push';
import { checkPush } from './pushCheck';
import { fakeAnswer } from '../testing/contractFakes';
import type { Logger } from './logger';
import { FakeWebSocket } from '../testing/fakeWebSocket';

/** These tests are about the transport, on made-up channels: any data passes (the contract's own block below checks the schemas). */
const anyData = (_chId: string, data: unknown) => ({ data });

const latest = (): FakeWebSocket => {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('no socket created');
  return socket;
};

const quietLogger = (): Logger => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

let client: PushClient | undefined;

async function connect(options: Partial<Parameters<typeof createPushClient>[0]> = {}): Promise<FakeWebSocket> {
  client = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, logger: quietLogger(), check: anyData, ...options });
  await jest.advanceTimersByTimeAsync(0);
  const socket = latest();
  socket.open();
  return socket;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.instances = [];
});

afterEach(() => {
  client?.close();
  client = undefined;
  jest.useRealTimers();
});

describe('reconnectDelay', () => {
  it("keeps the spec's 3 s for 5 reconnects, then doubles up to 30 s, each within ±20 %", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, 3000, () => 0))).toEqual([3000, 3000, 3000, 3000, 3000]);
    expect([6, 7, 8, 9, 20].map((attempt) => reconnectDelay(attempt, 3000, () => 0.5))).toEqual([6000, 12000, 24000, 30000, 30000]);
    expect(reconnectDelay(9, 3000, () => 0)).toBe(24000);
    expect(reconnectDelay(9, 3000, () => 1)).toBe(36000);
  });
});

describe('push client (fake socket, fake timers)', () => {
  it('connects to the url and reports its state', async () => {
    client = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, logger: quietLogger(), check: anyData });
    expect(client.state()).toBe('connecting');
    await jest.advanceTimersByTimeAsync(0);
    expect(latest().url).toBe('ws://push.test/push');
    expect(client.state()).toBe('connecting');
    latest().open();
    expect(client.state()).toBe('open');
    client.close();
    expect(client.state()).toBe('closed');
  });

  it('sends channels subscribed together in one frame, then at most one frame per second', async () => {
    const socket = await connect();
    client?.subscribe('a', () => {});
    client?.subscribe('b', () => {});
    await jest.advanceTimersByTimeAsync(0);
    expect(socket.frames()).toEqual([{ cmd: 'sub', channels: ['a', 'b'] }]);
    expect(client?.isSubscribed('a')).toBe(true);

    await jest.advanceTimersByTimeAsync(300);
    client?.subscribe('c', () => {});
    await jest.advanceTimersByTimeAsync(500);
    client?.subscribe('d', () => {});
    await jest.advanceTimersByTimeAsync(199);
    expect(socket.frames()).toHaveLength(1);
    expect(client?.isSubscribed('c')).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(socket.frames()).toEqual([
      { cmd: 'sub', channels: ['a', 'b'] },
      { cmd: 'sub', channels: ['c', 'd'] },
    ]);
  });

  it('shares one server subscription between handlers; the last unsubscribe sends unsub', async () => {
    const socket = await connect();
    const first = jest.fn();
    const second = jest.fn();
    const offFirst = client?.subscribe('match.1', first);
    const offSecond = client?.subscribe('match.1', second);
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'match.1', seq: 1, data: { score: '1-0' } });
    expect(first).toHaveBeenCalledWith({ score: '1-0' }, { chId: 'match.1', seq: 1, data: { score: '1-0' } });
    expect(second).toHaveBeenCalledTimes(1);

    offFirst?.();
    offFirst?.();
    expect(socket.frames()).toEqual([{ cmd: 'sub', channels: ['match.1'] }]);
    offSecond?.();
    expect(socket.frames()).toEqual([
      { cmd: 'sub', channels: ['match.1'] },
      { cmd: 'unsub', channels: ['match.1'] },
    ]);
    expect(client?.isSubscribed('match.1')).toBe(false);
    socket.receive({ chId: 'match.1', seq: 2, data: {} });
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("asks again for a member's and a room's channels when the socket signs in (the platform refused them before the auth frame)", async () => {
    const socket = await connect();
    client?.subscribe('member:5:coins', () => {});
    client?.subscribe('live:room:8012', () => {});
    client?.subscribe('match:1:odds', () => {});
    await jest.advanceTimersByTimeAsync(0);
    client?.auth('token-5');
    expect(socket.frames()).toEqual([
      { cmd: 'sub', channels: ['member:5:coins', 'live:room:8012', 'match:1:odds'] },
      { cmd: 'auth', token: 'token-5' },
      { cmd: 'sub', channels: ['member:5:coins', 'live:room:8012'] },
    ]);
  });

  it('forgets channels the platform refused or stopped, so they are asked for again when they can be had', async () => {
    const socket = await connect();
    client?.subscribe('live:room:8012', () => {});
    await jest.advanceTimersByTimeAsync(0);
    expect(client?.isSubscribed('live:room:8012')).toBe(true);
    socket.receive({ cmd: 'error', msg: 'channels live:room:8012: no live room you may see; not subscribed', channels: ['live:room:8012'] });
    expect(client?.isSubscribed('live:room:8012')).toBe(false);
  });

  it('sends nothing for a channel dropped before its sub went out', async () => {
    const socket = await connect();
    client?.subscribe('a', () => {});
    await jest.advanceTimersByTimeAsync(0);
    const off = client?.subscribe('b', () => {});
    off?.();
    await jest.advanceTimersByTimeAsync(2000);
    expect(socket.frames()).toEqual([{ cmd: 'sub', channels: ['a'] }]);
  });

  it('pings every 10 s while open', async () => {
    const socket = await connect();
    await jest.advanceTimersByTimeAsync(PUSH_DEFAULTS.heartbeatMs - 1);
    expect(socket.frames()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(socket.frames()).toEqual([{ cmd: 'ping' }]);
    await jest.advanceTimersByTimeAsync(10000);
    expect(socket.frames()).toEqual([{ cmd: 'ping' }, { cmd: 'ping' }]);
    socket.receive({ cmd: 'pong' });
    socket.drop();
    await jest.advanceTimersByTimeAsync(2999);
    expect(socket.frames()).toHaveLength(2);
  });

  it("runs the heartbeat through the app's scheduler: stopped on close, and by the app's stopAll on unmount", async () => {
    const scheduler = createScheduler({ logger: quietLogger() });
    const socket = await connect({ scheduler });
    expect(scheduler.isRunning(HEARTBEAT_LOOP)).toBe(true);
    await jest.advanceTimersByTimeAsync(PUSH_DEFAULTS.heartbeatMs);
    expect(socket.frames()).toEqual([{ cmd: 'ping' }]);
    scheduler.stopAll();
    await jest.advanceTimersByTimeAsync(PUSH_DEFAULTS.heartbeatMs * 3);
    expect(socket.frames()).toEqual([{ cmd: 'ping' }]);

    socket.drop();
    await jest.advanceTimersByTimeAsync(PUSH_DEFAULTS.reconnectDelayMs);
    latest().open();
    expect(scheduler.isRunning(HEARTBEAT_LOOP)).toBe(true);
    client?.close();
    expect(scheduler.isRunning(HEARTBEAT_LOOP)).toBe(false);
  });

  it('marks subscriptions unsubscribed on close, reconnects after 3000 ms and resubscribes', async () => {
    const socket = await connect();
    const handler = jest.fn();
    client?.subscribe('a', handler);
    client?.subscribe('b', handler);
    await jest.advanceTimersByTimeAsync(0);
    expect(client?.isSubscribed('a')).toBe(true);

    socket.drop();
    expect(client?.isSubscribed('a')).toBe(false);
    expect(client?.isSubscribed('b')).toBe(false);
    expect(client?.state()).toBe('connecting');
    await jest.advanceTimersByTimeAsync(2999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    const next = latest();
    next.open();
    expect(next.frames()).toEqual([{ cmd: 'sub', channels: ['a', 'b'] }]);
    expect(client?.isSubscribed('a')).toBe(true);
    next.receive({ chId: 'b', seq: 1, data: 'x' });
    expect(handler).toHaveBeenCalledWith('x', { chId: 'b', seq: 1, data: 'x' });
  });

  it('marks subscriptions unsubscribed and logs on a socket error', async () => {
    const logger = quietLogger();
    const socket = await connect({ logger });
    client?.subscribe('a', () => {});
    await jest.advanceTimersByTimeAsync(0);
    socket.fail();
    expect(client?.isSubscribed('a')).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('[push] error', 'ECONNREFUSED');
    expect(logger.info).toHaveBeenCalledWith('[push] closed', expect.any(Number), expect.anything());
  });

  it("after the spec's 5 reconnects 3 s apart, says it is reconnecting and keeps trying with a growing wait (issue 31)", async () => {
    const statuses: PushStatus[] = [];
    const socket = await connect({ random: () => 0.5 });
    client?.onStatus((status) => statuses.push(status));
    socket.drop();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(client?.state()).toBe('connecting');
      await jest.advanceTimersByTimeAsync(3000);
      expect(FakeWebSocket.instances).toHaveLength(1 + attempt);
      latest().fail();
    }
    // The spec's reconnects are used up: the viewer is told, with when the next attempt comes.
    expect(client?.state()).toBe('reconnecting');
    const waiting = client!.status();
    expect(waiting.state).toBe('reconnecting');
    expect(waiting.retryAt).toBe(Date.now() + 6000);
    expect(statuses.map((status) => status.state)).toEqual(['connecting', 'reconnecting']);
    // 6 s, 12 s, 24 s, then 30 s at most.
    for (const wait of [6000, 12000, 24000, 30000, 30000]) {
      const before = FakeWebSocket.instances.length;
      await jest.advanceTimersByTimeAsync(wait - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      await jest.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      latest().fail();
      expect(client?.state()).toBe('reconnecting');
    }
  });

  it('tries at once on retry() (the reconnect-now button) or when the browser is back online, and the wait goes on growing', async () => {
    const socket = await connect({ random: () => 0.5 });
    socket.drop();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await jest.advanceTimersByTimeAsync(3000);
      latest().fail();
    }
    const before = FakeWebSocket.instances.length;
    client?.retry();
    await jest.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    latest().fail();
    expect(client?.status().retryAt).toBe(Date.now() + 12000);
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(before + 2);
  });

  it('back after a loss, every channel catches up: its owners hear a gap, and the next message is a baseline, not another gap', async () => {
    const onGap = jest.fn();
    const socket = await connect({ onGap, random: () => 0.5 });
    const roomGap = jest.fn();
    client?.subscribe('live:room:1', () => {}, roomGap);
    client?.subscribe('match:7:score', () => {});
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'live:room:1', seq: 4, epoch: 'before', data: 1 });
    socket.drop();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await jest.advanceTimersByTimeAsync(attempt <= 5 ? 3000 : 6000);
      if (attempt < 6) latest().fail();
    }
    expect(client?.state()).toBe('reconnecting');
    const statuses: PushStatus[] = [];
    client?.onStatus((status) => statuses.push(status));
    latest().open();
    expect(statuses).toEqual([{ state: 'open' }]);
    expect(onGap.mock.calls).toEqual([
      ['live:room:1', 'reconnect'],
      ['match:7:score', 'reconnect'],
    ]);
    expect(roomGap).toHaveBeenCalledWith('reconnect');
    // The restarted platform's first message starts the channel over: no second refetch.
    latest().receive({ chId: 'live:room:1', seq: 1, epoch: 'after', data: 2 });
    expect(onGap).toHaveBeenCalledTimes(2);
  });

  it('calls onGap when a channel’s seq skips ahead within its epoch', async () => {
    const onGap = jest.fn();
    const socket = await connect({ onGap });
    const handler = jest.fn();
    client?.subscribe('odds.1', handler);
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'odds.1', seq: 7, epoch: 'e1', data: 7 });
    socket.receive({ chId: 'odds.1', seq: 8, epoch: 'e1', data: 8 });
    expect(onGap).not.toHaveBeenCalled();
    socket.receive({ chId: 'odds.1', seq: 10, epoch: 'e1', data: 10 });
    expect(onGap).toHaveBeenCalledWith('odds.1', 'seq');
    socket.receive({ chId: 'odds.1', seq: 11, epoch: 'e1', data: 11 });
    expect(onGap).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it('calls onGap when a channel’s epoch changes (a platform restart), even where seq alone looks fine', async () => {
    const onGap = jest.fn();
    const socket = await connect({ onGap });
    client?.subscribe('odds.1');
    client?.subscribe('odds.2');
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'odds.1', seq: 5, epoch: 'before', data: 5 });
    socket.receive({ chId: 'odds.2', seq: 1, epoch: 'before', data: 1 });
    socket.receive({ chId: 'odds.1', seq: 1, epoch: 'after', data: 'restarted' });
    socket.receive({ chId: 'odds.2', seq: 2, epoch: 'after', data: 'restarted, one message in' });
    expect(onGap.mock.calls).toEqual([
      ['odds.1', 'epoch'],
      ['odds.2', 'epoch'],
    ]);
    socket.receive({ chId: 'odds.1', seq: 2, epoch: 'after', data: 'next' });
    expect(onGap).toHaveBeenCalledTimes(2);
  });

  it('refetches a match channel’s state on a new epoch or a seq gap: the match list, and push.gap for the match screen', async () => {
    const events = createKernelEvents();
    const announced: unknown[] = [];
    events.on('push.gap', (gap) => announced.push(gap));
    const refreshMatchList = jest.fn();
    const socket = await connect({ onGap: refetchOnGap(events, refreshMatchList) });
    client?.subscribe('match:11:odds');
    client?.subscribe('lineup:status');
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'match:11:odds', seq: 4, epoch: 'e1', data: {} });
    socket.receive({ chId: 'match:11:odds', seq: 5, epoch: 'e1', data: {} });
    expect(refreshMatchList).not.toHaveBeenCalled();
    socket.receive({ chId: 'match:11:odds', seq: 1, epoch: 'e2', data: {} });
    expect(refreshMatchList).toHaveBeenCalledTimes(1);
    socket.receive({ chId: 'match:11:odds', seq: 3, epoch: 'e2', data: {} });
    expect(refreshMatchList).toHaveBeenCalledTimes(2);
    socket.receive({ chId: 'lineup:status', seq: 1, epoch: 'e1', data: {} });
    socket.receive({ chId: 'lineup:status', seq: 3, epoch: 'e1', data: {} });
    expect(refreshMatchList).toHaveBeenCalledTimes(2);
    expect(announced).toEqual([
      { chId: 'match:11:odds', reason: 'epoch' },
      { chId: 'match:11:odds', reason: 'seq' },
      { chId: 'lineup:status', reason: 'seq' },
    ]);
  });

  it('takes seq starting over on a platform without epochs as a restart', async () => {
    const onGap = jest.fn();
    const socket = await connect({ onGap });
    client?.subscribe('odds.1');
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'odds.1', seq: 5, data: 5 });
    socket.receive({ chId: 'odds.1', seq: 1, data: 'restarted' });
    expect(onGap).toHaveBeenCalledWith('odds.1', 'epoch');
  });

  it('starts a channel afresh after unsubscribing: the next first message is a baseline, not a gap', async () => {
    const onGap = jest.fn();
    const socket = await connect({ onGap });
    const off = client!.subscribe('odds.1');
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'odds.1', seq: 3, epoch: 'e1', data: 3 });
    off();
    client?.subscribe('odds.1');
    await jest.advanceTimersByTimeAsync(1000);
    socket.receive({ chId: 'odds.1', seq: 9, epoch: 'e1', data: 9 });
    expect(onGap).not.toHaveBeenCalled();
  });

  it('ignores frames that are not JSON or have no chId, and survives a throwing handler', async () => {
    const logger = quietLogger();
    const socket = await connect({ logger });
    const good = jest.fn();
    client?.subscribe('a', () => {
      throw new Error('handler bug');
    });
    client?.subscribe('a', good);
    await jest.advanceTimersByTimeAsync(0);
    socket.receive('{not json');
    socket.receive('null');
    socket.receive({ seq: 1, data: 'no channel' });
    socket.receive({ chId: 'a', seq: 1, data: 'ok' });
    expect(good).toHaveBeenCalledTimes(1);
    expect(good).toHaveBeenCalledWith('ok', { chId: 'a', seq: 1, data: 'ok' });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('routes by exact chId first, then by the longest prefix', async () => {
    const socket = await connect();
    const exact = jest.fn();
    const odds = jest.fn();
    const football = jest.fn();
    const remove = client?.route({ 'odds.special': exact, 'odds.*': odds, 'odds.football.*': football });
    socket.receive({ chId: 'odds.special', seq: 1, data: 'e' });
    socket.receive({ chId: 'odds.basketball.9', seq: 1, data: 'o' });
    socket.receive({ chId: 'odds.football.7', seq: 1, data: 'f' });
    socket.receive({ chId: 'lineup.7', seq: 1, data: 'none' });
    expect(exact.mock.calls.map(([data]) => data)).toEqual(['e']);
    expect(odds.mock.calls.map(([data]) => data)).toEqual(['o']);
    expect(football.mock.calls.map(([data]) => data)).toEqual(['f']);
    remove?.();
    socket.receive({ chId: 'odds.special', seq: 2, data: 'e2' });
    expect(exact).toHaveBeenCalledTimes(1);
  });

  it('close() leaves no timer and no listener behind while open', async () => {
    const socket = await connect();
    const handler = jest.fn();
    client?.subscribe('a', handler);
    await jest.advanceTimersByTimeAsync(0);
    client?.subscribe('b', handler);
    expect(jest.getTimerCount()).toBeGreaterThanOrEqual(2);
    client?.close();
    expect(jest.getTimerCount()).toBe(0);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    socket.receive({ chId: 'a', seq: 1, data: 1 });
    expect(handler).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(60000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.frames()).toEqual([{ cmd: 'sub', channels: ['a'] }]);
  });

  it('close() leaves no timer behind during a reconnect wait', async () => {
    const socket = await connect();
    socket.drop();
    expect(jest.getTimerCount()).toBe(1);
    client?.close();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('close() before the first connection leaves nothing behind', () => {
    client = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, logger: quietLogger(), check: anyData });
    client.close();
    expect(jest.getTimerCount()).toBe(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('requires a WebSocket implementation', () => {
    const original = (globalThis as { WebSocket?: unknown }).WebSocket;
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    try {
      expect(() => createPushClient({ url: 'ws://x' })).toThrow(/WebSocket/);
    } finally {
      (globalThis as { WebSocket?: unknown }).WebSocket = original;
    }
  });
});

describe('push client: every message against the contract', () => {
  const odds = (odd: string): OddsPush =>
    fakeAnswer(oddsPushSchema, {
      kind: 'odds',
      matchId: 7,
      markets: [{ marketId: 70, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd, isLock: false }] }],
    });

  it('drops and logs a push that fails its schema, and applies the good ones around it', async () => {
    const logger = quietLogger();
    const socket = await connect({ logger, check: checkPush });
    const handler = jest.fn();
    const routed = jest.fn();
    client?.subscribe('match:7:odds', handler);
    client?.route({ 'match:*': routed });
    await jest.advanceTimersByTimeAsync(0);

    socket.receive({ chId: 'match:7:odds', seq: 1, data: odds('1.95') });
    // A price as a JSON number: the contract says odds are decimal strings, so no store may see it.
    const malformed = odds('1.90') as unknown as { markets: Array<{ options: Array<{ odd: unknown }> }> };
    malformed.markets[0]!.options[0]!.odd = 1.9;
    socket.receive({ chId: 'match:7:odds', seq: 2, data: malformed });
    socket.receive({ chId: 'match:7:odds', seq: 3, data: { kind: 'odds', matchId: 7, markets: [{ marketId: 70, status: 3 }] } });
    socket.receive({ chId: 'match:7:odds', seq: 4, data: odds('1.85') });

    const oddsSeen = (fn: jest.Mock) => fn.mock.calls.map(([data]) => (data as OddsPush).markets[0]!.options[0]!.odd);
    expect(oddsSeen(handler)).toEqual(['1.95', '1.85']);
    expect(oddsSeen(routed)).toEqual(['1.95', '1.85']);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenNthCalledWith(1, expect.stringMatching(/^\[push\] dropped match:7:odds: markets\[0\]\.options\[0\]\.odd: /));
    expect(logger.warn).toHaveBeenNthCalledWith(2, expect.stringMatching(/markets\[0\]\.status: /));
  });

  it('hands on an odds push of exactly the contract\'s shape as it came, and one with a key the contract does not name without it', async () => {
    const socket = await connect({ logger: quietLogger(), check: checkPush });
    const routed = jest.fn();
    client?.route({ 'match:*': routed });
    await jest.advanceTimersByTimeAsync(0);

    socket.receive({ chId: 'match:7:odds', seq: 1, data: odds('1.95') });
    socket.receive({ chId: 'match:7:odds', seq: 2, data: { ...odds('1.90'), sentAt: 5 } });

    expect(routed.mock.calls.map(([data]) => data)).toEqual([odds('1.95'), odds('1.90')]);
    expect(routed.mock.calls[1]![0]).not.toHaveProperty('sentAt');
  });

  it('drops and logs a message on a channel the contract does not know', async () => {
    const logger = quietLogger();
    const socket = await connect({ logger, check: checkPush });
    const handler = jest.fn();
    client?.subscribe('odds.7', handler);
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'odds.7', seq: 1, data: odds('1.95') });
    expect(handler).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith('[push] dropped odds.7: the contract has no schema for this channel');
  });

  it('loads the contract\'s check when no check is passed', async () => {
    const logger = quietLogger();
    client = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, logger });
    await jest.advanceTimersByTimeAsync(0);
    const socket = latest();
    socket.open();
    const handler = jest.fn();
    client.subscribe('system:maintenance', handler);
    await jest.advanceTimersByTimeAsync(0);
    socket.receive({ chId: 'system:maintenance', seq: 1, data: { underMaintenance: 'yes' } });
    socket.receive({ chId: 'system:maintenance', seq: 2, data: { underMaintenance: true } });
    expect(handler.mock.calls.map(([data]) => data)).toEqual([{ underMaintenance: true }]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('drops everything while the schemas cannot be downloaded, tries again on the next connection, then refetches', async () => {
    const logger = quietLogger();
    let failDownload: (error: Error) => void = () => undefined;
    const loadCheck = jest
      .fn<() => Promise<typeof checkPush>>()
      .mockReturnValueOnce(new Promise((_, reject) => (failDownload = reject)))
      .mockResolvedValue(checkPush);
    const onGap = jest.fn();
    client = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, logger, loadCheck, onGap });
    await jest.advanceTimersByTimeAsync(0);
    const first = latest();
    first.open();
    const handler = jest.fn();
    client.subscribe('system:maintenance', handler);
    failDownload(new Error('ChunkLoadError'));
    await jest.advanceTimersByTimeAsync(0);
    first.receive({ chId: 'system:maintenance', seq: 1, data: { underMaintenance: true } });
    expect(handler).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('[push] no schemas', expect.any(Error));
    expect(logger.warn).toHaveBeenCalledWith('[push] dropped system:maintenance: no schemas');

    first.drop();
    await jest.advanceTimersByTimeAsync(PUSH_DEFAULTS.reconnectDelayMs);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    await jest.advanceTimersByTimeAsync(0);
    expect(loadCheck).toHaveBeenCalledTimes(2);
    // What was dropped is fetched again by whoever listens on the channel.
    expect(onGap).toHaveBeenCalledWith('system:maintenance', 'epoch');
    second.receive({ chId: 'system:maintenance', seq: 2, data: { underMaintenance: false } });
    expect(handler.mock.calls.map(([data]) => data)).toEqual([{ underMaintenance: false }]);
  });
});
