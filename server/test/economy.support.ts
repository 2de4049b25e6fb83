import { expect } from '@jest/globals';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { COIN, toMinor } from '../src/money';
import { DEFAULT_ECONOMY_CONFIG, type EconomyConfig } from '../src/economy/config';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import { ECONOMY_PATHS } from '../../contract/economy';
import { buildTestApp, type TestApp, type TestAppOptions } from './helpers';

/** Shared set-up of the economy's platform tests (economy*.test.ts): the app, members with coins, a live room, pushes. */

export const OPERATOR_TOKEN = 'economy-operator-token-0123456789';

export async function buildEconomyApp(economy: Partial<EconomyConfig> = {}, options: Pick<TestAppOptions, 'leadership'> = {}): Promise<TestApp> {
  return buildTestApp({ operatorToken: OPERATOR_TOKEN, config: { economy: { ...DEFAULT_ECONOMY_CONFIG, ...economy } }, ...options });
}

export interface TestMember {
  id: number;
  token: string;
  nickname: string;
}

let made = 0;
/** A new member signed in, with `coins` on their coin wallet (an opening adjustment with its ledger row). */
export async function newMember(t: TestApp, coins = '0.00', currency = 'CNY', main = '1000.00'): Promise<TestMember> {
  made += 1;
  const username = `eco_${process.pid}_${made}`;
  const member = await t.app.auth.createMember({ username, password: 'password123', nickname: `Eco${made}`, currency });
  await t.db.transaction().execute(async (trx) => {
    if (toMinor(coins) > 0) await t.app.wallet.credit(trx, { memberId: member.id, asset: COIN, amountMinor: toMinor(coins), kind: 'adjustment' });
    if (toMinor(main) > 0) await t.app.wallet.credit(trx, { memberId: member.id, asset: currency as 'CNY', amountMinor: toMinor(main), kind: 'adjustment' });
  });
  const signed = await t.app.auth.signIn(username, 'password123');
  return { id: member.id, token: signed!.token, nickname: `Eco${made}` };
}

/** A normal room whose anchor is living now. */
export function livingRoom(t: TestApp, skip: readonly number[] = []): Anchor {
  const room = t.app.anchors.rooms('inplay', 'CMN').find((r) => r.liveStatus === LiveStatus.Living && r.anchorType === AnchorType.Normal && !skip.includes(r.liveRoomId));
  if (!room) throw new Error('no living normal room in the test feed');
  return room;
}

export function poster(t: TestApp) {
  const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  const data = async (url: string, payload: unknown, token?: string) => {
    const res = await post(url, payload, token);
    expect({ url, status: res.statusCode, code: res.json().code, msg: res.json().msg }).toEqual({ url, status: 200, code: 0, msg: 'success' });
    return res.json().data;
  };
  return { post, data };
}

/**
 * The world of a room-event test: an economy app with `economy`'s settings, a living room, and `start`, the operator
 * starting a room event there (it must be accepted).
 */
export async function economyRoom(economy: Partial<EconomyConfig>) {
  const t = await buildEconomyApp(economy);
  const { post, data } = poster(t);
  const room = livingRoom(t);
  const start = async (body: Record<string, unknown>) => {
    const res = await post(ECONOMY_PATHS.operatorStartEvent, { roomId: room.liveRoomId, ...body }, undefined, { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 200, code: 0 });
    return res.json().data as { recordId: number; seedHash: string };
  };
  return { t, room, post, data, start };
}

export type EconomyRoom = Awaited<ReturnType<typeof economyRoom>>;

/** Every COIN wallet equals the sum of its ledger rows, and none is negative. */
export async function expectCoinBooksBalance(t: TestApp): Promise<void> {
  const rows = await t.db
    .selectFrom('wallets as w')
    .leftJoin(
      t.db.selectFrom('ledger').select(['member_id', sql<number>`sum(amount_minor)`.as('total')]).where('asset', '=', COIN).groupBy('member_id').as('l'),
      'l.member_id',
      'w.member_id',
    )
    .select(['w.member_id', 'w.balance_minor', 'l.total'])
    .where('w.asset', '=', COIN)
    .execute();
  for (const r of rows) {
    expect({ member: r.member_id, balance: Number(r.balance_minor) }).toEqual({ member: r.member_id, balance: Number(r.total ?? 0) });
    expect(Number(r.balance_minor)).toBeGreaterThanOrEqual(0);
  }
}

/** A /push client that keeps every data message of the channels it subscribed to. */
export async function pushListener(t: TestApp, channels: string[], token?: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${t.port}/push`);
  const messages: Array<{ chId: string; data: any }> = [];
  const acks: any[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.chId) messages.push(message);
    else acks.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (token) ws.send(JSON.stringify({ cmd: 'auth', token }));
  ws.send(JSON.stringify({ cmd: 'sub', channels }));
  ws.send(JSON.stringify({ cmd: 'ping' }));
  await until(() => acks.some((a) => a.cmd === 'pong'), 'the subscription');
  return {
    messages,
    /** The hub's replies (pong, auth, error: a refused subscription names its channels). */
    acks,
    /** Resolves once everything the hub sent before a ping now has arrived (frames keep their order). */
    async sync() {
      const pongs = acks.filter((a) => a.cmd === 'pong').length;
      ws.send(JSON.stringify({ cmd: 'ping' }));
      await until(() => acks.filter((a) => a.cmd === 'pong').length > pongs, 'a pong');
    },
    async waitFor(predicate: (m: { chId: string; data: any }) => boolean, what: string) {
      await until(() => messages.some(predicate), what);
      return messages.find(predicate)!;
    },
    close: () => ws.close(),
  };
}

export async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
