import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { executeText } from '../db/bulk';
import { nativeOf, type NativeStatement } from '../db/database';
import type { Database, Member } from '../db/schema';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password';

export interface MemberSession {
  memberId: number;
  username: string;
  /** The member's merchant (members.merchant_id); null for the default merchant. */
  merchantId: string | null;
  /** The member's own currency (members.currency, fixed when the member is created): bets and limits default to it. */
  currency: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
}

export type AuthFailure = 'unknown' | 'expired' | 'revoked';

export interface SignedIn {
  token: string;
  session: MemberSession;
  member: Member;
}

export interface NewMemberInput {
  username: string;
  password: string;
  nickname: string;
  currency: string;
  vipLevel?: number;
  /** The merchant the member belongs to; default none (the default merchant). */
  merchantId?: string;
}

export interface AuthService {
  createMember(input: NewMemberInput, executor?: Kysely<Database>): Promise<Member>;
  /** Null for an unknown username or a wrong password (callers must not tell which). */
  signIn(username: string, password: string): Promise<SignedIn | null>;
  authenticate(token: string): Promise<{ ok: true; session: MemberSession } | { ok: false; reason: AuthFailure }>;
  /** Revokes the session; false when the token was not a live session. */
  signOut(token: string): Promise<boolean>;
  getMember(memberId: number): Promise<Member | undefined>;
  /** Deletes sessions past their expiry (revoked ones too, once expired); returns how many. */
  purgeExpiredSessions(): Promise<number>;
}

/**
 * The one spelling of a username: members are stored, looked up and throttled by it, so "DEMO2"
 * and " demo2" are the same account everywhere.
 */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * How long a session found in the database is trusted from memory. Every member request checks its token, and 2,000
 * members racing for a rain made that look-up a large part of each request (docs/operations.md "Red-envelope rain");
 * with several instances it was most of what a second instance added per bet (issue 32). Expiry is still checked on
 * every request against the cached expires_at, and a sign-out on this instance drops the entry at once. Instances that
 * share a database (REDIS_URL set) hear each other's sign-outs through SessionRevocations; this is also the longest an
 * instance that missed one (its Redis connection lost without its noticing) can outlive a sign-out.
 */
export const SESSION_CACHE_MS = 5_000;
/** Sessions kept in memory at most; the oldest go first (a rain's members fit many times over). */
export const SESSION_CACHE_SIZE = 20_000;

/** The session by its token's digest, with what the session carries of its member. */
const SESSION_QUERY =
  'select s.token_hash, s.member_id, s.created_at, s.expires_at, s.revoked_at, m.username, m.merchant_id, m.currency from sessions s inner join members m on m.id = s.member_id where s.token_hash = ?';

/**
 * Sign-outs between instances that share the database (REDIS_URL: redisSessionRevocations.ts). A session's only
 * revocation is a sign-out (there is no password change or ban that ends sessions; one added must revoke through here).
 */
export interface SessionRevocations {
  /** True while revocations from every instance reach this one: only then may it trust sessions from memory. */
  readonly live: boolean;
  /** Resolves once `live` (tests wait for it; an instance serves from the database meanwhile). */
  whenLive(): Promise<void>;
  /** The one listener: a revoked session's digest, or undefined when revocations may have been missed (drop them all). */
  onRevoked(listener: (tokenHash: string | undefined) => void): void;
  /** Tells every instance; resolves once every listening instance has dropped its copy (or after a bounded wait). */
  revoke(tokenHash: string): Promise<void>;
  close(): Promise<void>;
}

/** Only this digest is stored, so a copy of the database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createAuthService({
  db,
  clock,
  sessionTtlMs,
  passwordParams = DEFAULT_SCRYPT_PARAMS,
  sessionCacheMs = SESSION_CACHE_MS,
  revocations,
}: {
  db: Kysely<Database>;
  clock: Clock;
  sessionTtlMs: number;
  /** The scrypt cost of new hashes (config signIn.passwordHash); tests pass a cheap one. */
  passwordParams?: ScryptParams;
  /** How long a checked session is trusted from memory; 0: never (every request reads the database). */
  sessionCacheMs?: number;
  /** Several instances on one database: their sign-outs, without which this one may not trust its memory. */
  revocations?: SessionRevocations;
}): AuthService {
  // Verifying against a real hash for unknown usernames keeps both failures equally slow, so
  // response time does not reveal which usernames exist.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'), passwordParams);
  /** Live sessions by token hash, with the platform time until which they are trusted without the database. */
  const cache = new Map<string, { session: MemberSession; until: number }>();
  /**
   * The session look-up as SQL text: every member request makes it once per SESSION_CACHE_MS (every request with
   * several instances), and Kysely's building and compiling cost several times the database's own work for it. On
   * SQLite it is one prepared statement; PostgreSQL keeps it prepared per connection (preparingPool).
   */
  const native = nativeOf(db);
  let sessionSt: NativeStatement | undefined;
  /**
   * Revocations so far (this instance's sign-outs, other instances' heard, a lost subscription): a look-up that one
   * overtook may have read the session before it, so it must not be cached.
   */
  let signOuts = 0;
  revocations?.onRevoked((tokenHash) => {
    signOuts += 1;
    if (tokenHash === undefined) cache.clear();
    else cache.delete(tokenHash);
  });
  /** Whether sessions may be trusted from memory now. */
  const caching = () => sessionCacheMs > 0 && (revocations?.live ?? true);

  return {
    async createMember(input, executor = db) {
      const passwordHash = await hashPassword(input.password, passwordParams);
      return executor
        .insertInto('members')
        .values({
          username: normaliseUsername(input.username),
          password_hash: passwordHash,
          nickname: input.nickname,
          currency: input.currency,
          vip_level: input.vipLevel ?? 0,
          merchant_id: input.merchantId ?? null,
          created_at: clock.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async signIn(username, password) {
      const member = await db.selectFrom('members').selectAll().where('username', '=', normaliseUsername(username)).executeTakeFirst();
      if (!member) {
        await verifyPassword(password, await decoyHash);
        return null;
      }
      if (!(await verifyPassword(password, member.password_hash))) return null;
      // Only now is the password known, so only now can a hash of an older cost be upgraded.
      if (needsRehash(member.password_hash, passwordParams)) {
        await db
          .updateTable('members')
          .set({ password_hash: await hashPassword(password, passwordParams) })
          .where('id', '=', member.id)
          .execute();
      }
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const session: MemberSession = {
        memberId: Number(member.id),
        username: member.username,
        merchantId: member.merchant_id,
        currency: member.currency,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: now + sessionTtlMs,
      };
      await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          member_id: session.memberId,
          created_at: now,
          expires_at: session.expiresAt,
          revoked_at: null,
        })
        .execute();
      return { token, session, member };
    },

    async authenticate(token) {
      const tokenHash = hashToken(token);
      const now = clock.now();
      const hit = caching() ? cache.get(tokenHash) : undefined;
      if (hit && now < hit.until) {
        if (hit.session.expiresAt > now) return { ok: true, session: hit.session };
        cache.delete(tokenHash);
        return { ok: false, reason: 'expired' };
      }
      const signOutsBefore = signOuts;
      type SessionRow = { token_hash: string; member_id: number; created_at: number; expires_at: number; revoked_at: number | null; username: string; merchant_id: string | null; currency: string };
      let row: SessionRow | undefined;
      if (native) {
        sessionSt ??= native.prepare<unknown[]>(SESSION_QUERY);
        row = sessionSt.get(tokenHash) as SessionRow | undefined;
      } else row = (await executeText<SessionRow>(db, SESSION_QUERY, [tokenHash])).rows[0];
      cache.delete(tokenHash);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
      if (Number(row.expires_at) <= clock.now()) return { ok: false, reason: 'expired' };
      const session: MemberSession = {
        memberId: Number(row.member_id),
        username: row.username,
        merchantId: row.merchant_id,
        currency: row.currency,
        tokenHash: row.token_hash,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
      };
      if (signOuts === signOutsBefore && caching()) {
        cache.set(tokenHash, { session, until: clock.now() + sessionCacheMs });
        // Map keeps insertion order, so the first key is the session cached longest ago.
        if (cache.size > SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return { ok: true, session };
    },

    async signOut(token) {
      signOuts += 1;
      cache.delete(hashToken(token));
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Again after the update: a look-up that read the row while it was being revoked must not stay cached.
      signOuts += 1;
      cache.delete(hashToken(token));
      const revoked = Number(result.numUpdatedRows) > 0;
      // The other instances drop their copies before the sign-out answers (only a live session's: a stranger's random
      // tokens make no traffic).
      if (revoked) await revocations?.revoke(hashToken(token));
      return revoked;
    },

    getMember(memberId) {
      return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
    },

    async purgeExpiredSessions() {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', clock.now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
