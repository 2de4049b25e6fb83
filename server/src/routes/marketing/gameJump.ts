import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';

/**
 * Game jumps (spec "Banker and games"): a member leaves for a game with a one-time token the game
 * redeems to learn who arrived. Tokens live in memory: they last a minute, so losing them on a
 * restart costs a member one more click, and a platform with several processes would need a
 * shared store instead.
 */

export interface Game {
  id: number;
  /** The product path the jump lands on. */
  url: string;
}

/** The banker sport's fixed game id (the spec's banker jump sends one fixed id; this is the platform's). */
export const BANKER_GAME_ID = 2;

/** Games a member can jump to: the sports product and its banker mode, each a page of the platform (gamePage.ts). */
export const GAMES: ReadonlyMap<number, Game> = new Map([
  [1, { id: 1, url: '/game/1' }],
  [BANKER_GAME_ID, { id: BANKER_GAME_ID, url: `/game/${BANKER_GAME_ID}` }],
]);

export const JUMP_TOKEN_TTL_MS = 60_000;
/** Outstanding tokens kept at most; beyond it the oldest go first (a member clicking in a loop cannot grow memory). */
const MAX_TOKENS = 10_000;

export interface JumpGrant {
  memberId: number;
  username: string;
  gameId: number;
  expiresAt: number;
}

export interface JumpTokens {
  issue(memberId: number, username: string, gameId: number): { token: string; expiresAt: number };
  /** The grant of a live token, once: a second redeem, an expired or an unknown token give undefined. */
  redeem(token: string): JumpGrant | undefined;
  size(): number;
}

export function createJumpTokens(clock: Clock, ttlMs = JUMP_TOKEN_TTL_MS): JumpTokens {
  const grants = new Map<string, JumpGrant>();

  const prune = (now: number): void => {
    // Insertion order is expiry order (one TTL for all), so expired tokens sit at the front.
    for (const [token, grant] of grants) {
      if (grant.expiresAt > now && grants.size < MAX_TOKENS) break;
      grants.delete(token);
    }
  };

  return {
    issue(memberId, username, gameId) {
      const now = clock.now();
      prune(now);
      const token = randomBytes(24).toString('base64url');
      const expiresAt = now + ttlMs;
      grants.set(token, { memberId, username, gameId, expiresAt });
      return { token, expiresAt };
    },
    redeem(token) {
      const grant = grants.get(token);
      grants.delete(token);
      if (!grant || grant.expiresAt <= clock.now()) return undefined;
      return grant;
    },
    size: () => grants.size,
  };
}
