import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, Member } from '../db/schema';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password';

export interface MemberSession {
  memberId: number;
  username: string;
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

/** Only this digest is stored, so a copy of the database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createAuthService({
  db,
  clock,
  sessionTtlMs,
  passwordParams = DEFAULT_SCRYPT_PARAMS,
}: {
  db: Kysely<Database>;
  clock: Clock;
  sessionTtlMs: number;
  /** The scrypt cost of new hashes (config signIn.passwordHash); tests pass a cheap one. */
  passwordParams?: ScryptParams;
}): AuthService {
  // Verifying against a real hash for unknown usernames keeps both failures equally slow, so
  // response time does not reveal which usernames exist.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'), passwordParams);

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
      const row = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .select([
          'sessions.token_hash',
          'sessions.member_id',
          'sessions.created_at',
          'sessions.expires_at',
          'sessions.revoked_at',
          'members.username',
        ])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
      if (Number(row.expires_at) <= clock.now()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        session: {
          memberId: Number(row.member_id),
          username: row.username,
          tokenHash: row.token_hash,
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
        },
      };
    },

    async signOut(token) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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
