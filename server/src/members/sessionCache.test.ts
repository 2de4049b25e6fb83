import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { openTestDatabase, type TestDatabase } from '../../test/testDatabase';
import { createAuthService, hashToken, SESSION_CACHE_MS, type AuthService, type SessionRevocations } from './auth';
/** A cheap hash: these tests are about sessions, not passwords. */
const CHEAP_SCRYPT_PARAMS = { N: 1024, r: 8, p: 1 };

/**
 * The session cache of instances that share a database (issue 32): sessions are trusted from memory only while the
 * instance hears the others' sign-outs, and a sign-out heard drops its copy. Revoking straight in the database (no
 * sign-out) shows which answers came from memory.
 */
let opened: TestDatabase;
let listener: (tokenHash: string | undefined) => void;
const revocations = {
  live: true as boolean,
  whenLive: async () => undefined,
  onRevoked(l: (tokenHash: string | undefined) => void) {
    listener = l;
  },
  revoked: [] as string[],
  async revoke(tokenHash: string) {
    this.revoked.push(tokenHash);
  },
  close: async () => undefined,
} satisfies SessionRevocations & { revoked: string[] };
const clock = createFakeClock();
let auth: AuthService;
let token: string;

const revokeBehindItsBack = (value: number | null) => opened.db.updateTable('sessions').set({ revoked_at: value }).where('token_hash', '=', hashToken(token)).execute();

beforeEach(async () => {
  opened = await openTestDatabase();
  revocations.live = true;
  revocations.revoked = [];
  auth = createAuthService({ db: opened.db, clock, sessionTtlMs: 3_600_000, passwordParams: CHEAP_SCRYPT_PARAMS, revocations });
  await auth.createMember({ username: 'cached', password: 'secret12', nickname: 'Cached', currency: 'CNY' });
  token = (await auth.signIn('cached', 'secret12'))!.token;
});

afterEach(async () => {
  await opened.close();
});

describe('session cache with revocations from other instances', () => {
  it('trusts its copy for SESSION_CACHE_MS while live, then reads the database again', async () => {
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeBehindItsBack(clock.now());
    expect((await auth.authenticate(token)).ok).toBe(true);
    clock.advance(SESSION_CACHE_MS);
    expect(await auth.authenticate(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('drops the copy named by a revocation heard, and every copy when revocations may have been missed', async () => {
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeBehindItsBack(clock.now());
    listener(hashToken(token));
    expect(await auth.authenticate(token)).toEqual({ ok: false, reason: 'revoked' });

    await revokeBehindItsBack(null);
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeBehindItsBack(clock.now());
    listener(undefined);
    expect(await auth.authenticate(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('reads every request from the database while it does not hear the others', async () => {
    revocations.live = false;
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeBehindItsBack(clock.now());
    expect(await auth.authenticate(token)).toEqual({ ok: false, reason: 'revoked' });
    // Nothing read meanwhile was kept for when it hears them again.
    await revokeBehindItsBack(null);
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeBehindItsBack(clock.now());
    revocations.live = true;
    expect(await auth.authenticate(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('tells the other instances of a sign-out of a live session only', async () => {
    expect(await auth.signOut(token)).toBe(true);
    expect(revocations.revoked).toEqual([hashToken(token)]);
    expect(await auth.signOut(token)).toBe(false);
    expect(await auth.signOut('not-a-session')).toBe(false);
    expect(revocations.revoked).toEqual([hashToken(token)]);
  });
});
