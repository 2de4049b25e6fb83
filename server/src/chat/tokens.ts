import { randomBytes } from 'node:crypto';
import { hashToken } from '../members/auth';
import type { ChatDeps } from './context';

/**
 * Chat tokens (spec 001 section 3, user/chat/token/v2): the short-lived token a member opens /chat with, bound to the
 * session that asked for it and stored hashed like sessions; it and the sockets it opens die with that session
 * (issue 29), which the socket rechecks through `liveSessions`.
 */
export function createChatTokens({ db, clock, config }: Pick<ChatDeps, 'db' | 'clock' | 'config'>) {
  /** Of these session token hashes, those whose session is live: not signed out, not expired. */
  async function liveSessions(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await db.selectFrom('sessions').select('token_hash').where('token_hash', 'in', [...hashes]).where('revoked_at', 'is', null).where('expires_at', '>', clock.now()).execute();
    return new Set(rows.map((r) => r.token_hash));
  }

  return {
    liveSessions,

    /**
     * A short-lived token that opens /chat as the member, bound to the session that asked for it (`sessionToken`):
     * stored hashed, like sessions. It and the sockets it opens die with that session (issue 29).
     */
    async issueToken(memberId: number, sessionToken: string): Promise<{ token: string; expiresAt: number }> {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + config.chat.tokenTtlSeconds * 1000;
      await db.deleteFrom('chat_tokens').where('expires_at', '<=', now).execute();
      await db.insertInto('chat_tokens').values({ token_hash: hashToken(token), member_id: memberId, expires_at: expiresAt, session_hash: hashToken(sessionToken) }).execute();
      return { token, expiresAt };
    },

    /** The member and session of a chat token that is unexpired and whose session is neither signed out nor expired. */
    async redeemToken(token: string): Promise<{ memberId: number; sessionHash: string | null } | undefined> {
      const row = await db.selectFrom('chat_tokens').select(['member_id', 'expires_at', 'session_hash']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
      if (!row || Number(row.expires_at) <= clock.now()) return undefined;
      const sessionHash = row.session_hash;
      if (sessionHash !== null && !(await liveSessions([sessionHash])).has(sessionHash)) return undefined;
      return { memberId: Number(row.member_id), sessionHash };
    },
  };
}
