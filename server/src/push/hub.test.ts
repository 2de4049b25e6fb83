import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { CLOSE_POLICY_VIOLATION, CLOSE_SLOW_CONSUMER, createPushHub, type PushSocket } from './hub';

class FakeSocket extends EventEmitter implements PushSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  frame(value: unknown) {
    this.emit('message', Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)), false);
  }
  messages(): any[] {
    return this.sent.map((s) => JSON.parse(s));
  }
}

function setup(opts: { maxBufferedBytes?: number; maxChannelsPerClient?: number; maxConnectionsPerAddress?: number } = {}) {
  const clock = createFakeClock(1_000);
  const hub = createPushHub({
    clock,
    maxBufferedBytes: opts.maxBufferedBytes ?? 1024,
    maxChannelsPerClient: opts.maxChannelsPerClient,
    maxConnectionsPerAddress: opts.maxConnectionsPerAddress,
  });
  return { hub, clock };
}

describe('push hub', () => {
  it('delivers { chId, seq, epoch, data } to subscribers with seq counting up per channel', () => {
    const { hub } = setup();
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    hub.attach(b, '10.0.0.1');
    a.frame({ cmd: 'sub', channels: ['match:1:score', 'match:2:score'] });
    b.frame({ cmd: 'sub', channels: ['match:1:score'] });
    expect(hub.publish('match:1:score', { home: 1 })).toBe(1);
    expect(hub.publish('match:1:score', { home: 2 })).toBe(2);
    expect(hub.publish('match:2:score', { home: 0 })).toBe(1);
    expect(hub.publish('nobody:listens', 1)).toBe(1);
    const epoch1 = hub.currentEpoch('match:1:score');
    const epoch2 = hub.currentEpoch('match:2:score');
    expect(epoch1).toMatch(/^[\w-]{11}$/);
    expect(epoch2).not.toBe(epoch1);
    expect(a.messages()).toEqual([
      { chId: 'match:1:score', seq: 1, epoch: epoch1, data: { home: 1 } },
      { chId: 'match:1:score', seq: 2, epoch: epoch1, data: { home: 2 } },
      { chId: 'match:2:score', seq: 1, epoch: epoch2, data: { home: 0 } },
    ]);
    expect(b.messages().map((m) => m.seq)).toEqual([1, 2]);
    expect(a.sent[0]).toBe(b.sent[0]);
    expect(hub.stats()).toEqual({ clients: 2, channels: 2 });
  });

  it('serializes a publish once for all subscribers', () => {
    const { hub } = setup();
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of sockets) {
      hub.attach(s, '10.0.0.1');
      s.frame({ cmd: 'sub', channels: ['football:tec'] });
    }
    let serialized = 0;
    const data = {
      toJSON() {
        serialized++;
        return { x: 1 };
      },
    };
    hub.publish('football:tec', data);
    expect(serialized).toBe(1);
    expect(sockets.every((s) => s.sent.length === 1)).toBe(true);
  });

  it('stops delivering after unsub and answers ping with pong', () => {
    const { hub, clock } = setup();
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    a.frame({ cmd: 'sub', channels: ['lineup:status'] });
    a.frame({ cmd: 'unsub', channels: ['lineup:status', 'never:subscribed'] });
    hub.publish('lineup:status', 1);
    clock.advance(5);
    a.frame({ cmd: 'ping' });
    expect(a.messages()).toEqual([{ cmd: 'pong', t: 1_005 }]);
    expect(hub.stats()).toEqual({ clients: 1, channels: 0 });
  });

  it.each([
    ['not json', 'expected a JSON frame like {"cmd":"ping"}, got malformed JSON'],
    [JSON.stringify({ cmd: 'dance' }), 'cmd: expected one of "sub", "unsub", "ping", "auth", got "dance"'],
    [JSON.stringify({ cmd: 'sub' }), 'channels: missing, expected an array'],
    [JSON.stringify({ cmd: 'sub', channels: [] }), 'channels: expected at least 1 item, got 0'],
    [JSON.stringify({ cmd: 'sub', channels: ['ok', 42] }), 'channels[1]: expected a string, got 42'],
    [JSON.stringify({ cmd: 'sub', channels: ['has space'] }), 'channels[0]: expected a channel name'],
    [JSON.stringify([1, 2]), 'frame: expected an object, got an array of 2 items'],
    ['null', 'frame: expected an object, got null'],
  ])('answers the bad frame %s with an error and carries on', (frame, message) => {
    const { hub } = setup();
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    a.frame(frame);
    a.frame({ cmd: 'ping' });
    const [error, pong] = a.messages();
    expect(error.cmd).toBe('error');
    expect(error.msg).toContain(message);
    expect(pong.cmd).toBe('pong');
  });

  it('answers binary frames with an error', () => {
    const { hub } = setup();
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    a.emit('message', Buffer.from([1, 2, 3]), true);
    expect(a.messages()[0]).toEqual({ cmd: 'error', msg: 'expected a text frame holding JSON, got a binary frame' });
  });

  it('caps the channels a client holds and says which were refused', () => {
    const { hub } = setup({ maxChannelsPerClient: 3 });
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    const c = (n: number) => `match:${n}:odds`;
    a.frame({ cmd: 'sub', channels: [c(1), c(2)] });
    a.frame({ cmd: 'sub', channels: [c(2), c(3), c(4), c(5)] });
    const [error] = a.messages();
    expect(error).toEqual({
      cmd: 'error',
      msg: `channels ${c(4)}, ${c(5)}: channel limit reached: a client holds at most 3 channels; not subscribed`,
      channels: [c(4), c(5)],
    });
    expect(hub.stats().channels).toBe(3);
    a.frame({ cmd: 'unsub', channels: [c(1)] });
    a.frame({ cmd: 'sub', channels: [c(4)] });
    expect(a.messages()).toHaveLength(1);
  });

  it('drops a slow consumer with close code 1013 and keeps serving the others', () => {
    const { hub } = setup({ maxBufferedBytes: 100 });
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    hub.attach(slow, '10.0.0.1');
    hub.attach(fast, '10.0.0.1');
    slow.frame({ cmd: 'sub', channels: ['match:1:odds'] });
    fast.frame({ cmd: 'sub', channels: ['match:1:odds'] });
    hub.publish('match:1:odds', 1);
    slow.bufferedAmount = 101;
    hub.publish('match:1:odds', 2);
    expect(slow.closedWith).toBe(CLOSE_SLOW_CONSUMER);
    expect(slow.messages().map((m) => m.seq)).toEqual([1]);
    expect(fast.messages().map((m) => m.seq)).toEqual([1, 2]);
    expect(hub.stats()).toEqual({ clients: 1, channels: 1 });
  });

  it('removes every subscription of a client that closes or errors', () => {
    const { hub } = setup();
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    hub.attach(b, '10.0.0.1');
    a.frame({ cmd: 'sub', channels: ['matches', 'football:tec'] });
    b.frame({ cmd: 'sub', channels: ['football:tec', 'lineup:status'] });
    a.emit('close');
    expect(hub.stats()).toEqual({ clients: 1, channels: 2 });
    b.emit('error', new Error('reset'));
    expect(hub.stats()).toEqual({ clients: 0, channels: 0 });
    hub.publish('football:tec', 1);
    expect(b.sent).toHaveLength(0);
  });

  it('closes every client on shutdown', () => {
    const { hub } = setup();
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    hub.close();
    expect(a.closedWith).toBe(1001);
    expect(hub.stats()).toEqual({ clients: 0, channels: 0 });
  });

  it('gives each channel a new epoch in every hub (a platform restart), where seq starts at 1 again', () => {
    const first = setup().hub;
    const second = setup().hub;
    expect(first.currentEpoch('match:1:score')).toBeUndefined();
    first.publish('match:1:score', 1);
    first.publish('match:1:score', 2);
    second.publish('match:1:score', 1);
    expect(second.currentSeq('match:1:score')).toBe(1);
    expect(second.currentEpoch('match:1:score')).toEqual(expect.any(String));
    expect(second.currentEpoch('match:1:score')).not.toBe(first.currentEpoch('match:1:score'));
  });

  it('closes a connection over the per-address limit with 1008, counting addresses apart and freeing a slot on close', () => {
    const { hub } = setup({ maxConnectionsPerAddress: 2 });
    const [a, b, c, d, e] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(a, '10.0.0.1');
    hub.attach(b, '10.0.0.1');
    hub.attach(c, '10.0.0.1');
    expect(c.closedWith).toBe(CLOSE_POLICY_VIOLATION);
    hub.attach(d, '10.0.0.2');
    expect(d.closedWith).toBeUndefined();
    expect(hub.stats().clients).toBe(3);
    a.close();
    hub.attach(e, '10.0.0.1');
    expect(e.closedWith).toBeUndefined();
  });

  it('keeps member:<uid>: channels to the connection signed in as that member; frames after an auth wait for it', async () => {
    const tokens: Record<string, number> = { 'token-7': 7, 'token-8': 8 };
    const hub = createPushHub({ clock: createFakeClock(1_000), maxBufferedBytes: 1024, authenticate: async (token) => tokens[token] });
    const a = new FakeSocket();
    hub.attach(a, '10.0.0.1');
    a.frame({ cmd: 'sub', channels: ['member:7:live'] });
    expect(a.messages()).toEqual([expect.objectContaining({ cmd: 'error', channels: ['member:7:live'] })]);

    a.sent = [];
    a.frame({ cmd: 'auth', token: 'token-7' });
    a.frame({ cmd: 'sub', channels: ['member:7:live', 'member:8:live', 'match:1:score'] });
    await new Promise((r) => setImmediate(r));
    expect(a.messages()).toEqual([{ cmd: 'auth', uid: 7 }, expect.objectContaining({ cmd: 'error', channels: ['member:8:live'] })]);
    hub.publish('member:7:live', { n: 1 });
    hub.publish('member:8:live', { n: 2 });
    expect(a.messages().filter((m) => m.chId).map((m) => m.data)).toEqual([{ n: 1 }]);

    // Signing in as another member drops the first member's channels; a bad token signs out.
    a.sent = [];
    a.frame({ cmd: 'auth', token: 'token-8' });
    await new Promise((r) => setImmediate(r));
    hub.publish('member:7:live', { n: 3 });
    hub.publish('match:1:score', { n: 4 });
    expect(a.messages()).toEqual([
      { cmd: 'error', msg: 'access ended for channels member:7:live; not subscribed any more', channels: ['member:7:live'] },
      { cmd: 'auth', uid: 8 },
      expect.objectContaining({ chId: 'match:1:score' }),
    ]);
    a.sent = [];
    a.frame({ cmd: 'auth', token: 'nope' });
    a.frame({ cmd: 'sub', channels: ['member:8:live'] });
    await new Promise((r) => setImmediate(r));
    expect(a.messages().map((m) => m.msg)).toEqual([
      'token: unknown, expired or revoked session; not signed in',
      expect.stringContaining('belongs to a member'),
    ]);
  });

  it('with a relay, hands each publish over serialised and delivers only what the relay brings back, at its seq', () => {
    const relayed: Array<[string, string]> = [];
    const hub = createPushHub({ clock: createFakeClock(1_000), maxBufferedBytes: 1024, relay: { publish: (chId, json) => void relayed.push([chId, json]), close: async () => undefined } });
    const socket = new FakeSocket();
    hub.attach(socket, '127.0.0.1');
    socket.frame({ cmd: 'sub', channels: ['match:1:odds'] });
    // Nothing goes out locally until the relay assigns the seq (another instance may have published in between).
    expect(hub.publish('match:1:odds', { odd: '1.90' })).toBe(0);
    expect(relayed).toEqual([['match:1:odds', '{"odd":"1.90"}']]);
    expect(socket.sent).toEqual([]);
    const frame = '{"chId":"match:1:odds","seq":7,"epoch":"e1","data":{"odd":"1.90"}}';
    hub.receive('match:1:odds', 7, 'e1', frame);
    hub.receive('match:2:odds', 3, 'e1', '{"chId":"match:2:odds","seq":3,"epoch":"e1","data":{}}');
    expect(socket.sent).toEqual([frame]);
    expect(hub.currentSeq('match:1:odds')).toBe(7);
    expect(hub.currentEpoch('match:1:odds')).toBe('e1');
    expect(hub.currentSeq('match:2:odds')).toBe(3);
  });
});
