import { describe, expect, it } from '@jest/globals';
import type { WebSocket } from 'ws';
import { HeldSocket } from './socket';

const frame = (seq: number, events: object[]) => JSON.stringify({ chId: 'chat:room:8001', seq, epoch: 'e', data: { events } });
const message = (id: string) => ({ kind: 'message', message: { id, text: `m${id}` } });

describe('HeldSocket', () => {
  it('holds room frames during a join and sends them after the answer, without the messages the history holds', () => {
    const sent: string[] = [];
    const real = { readyState: 1, bufferedAmount: 0, send: (data: string) => sent.push(data) } as unknown as WebSocket;
    const held = new HeldSocket(real);
    held.send('before');
    held.hold();
    held.send(frame(1, [message('3'), message('4')]));
    held.send(frame(2, [message('4'), message('5'), { kind: 'delete', roomId: 8001, messageId: '2' }]));
    expect(sent).toEqual(['before']);
    held.release('joined', 4);
    expect(sent.map((s) => (s.startsWith('{') ? JSON.parse(s) : s))).toEqual([
      'before',
      'joined',
      { chId: 'chat:room:8001', seq: 2, epoch: 'e', data: { events: [message('5'), { kind: 'delete', roomId: 8001, messageId: '2' }] } },
    ]);
    held.send('after');
    expect(sent.at(-1)).toBe('after');
  });
});
