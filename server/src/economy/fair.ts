import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ActivityStatus } from '../../../contract/enums';
import { FairAlgorithm } from '../../../contract/economyCodes';
import { deriveSeed, seedHashOf } from '../../../domain/fair';
import type { Database } from '../db/schema';
import { StartupError } from '../startupError';

/** The platform's side of provably fair events: the draw, split and tickets themselves are the contract's (domain/fair.ts). */
export { checkRainReceipts, deriveSeed, drawWinners, entriesHashOf, rainTicket, seedHashOf, splitRain } from '../../../domain/fair';

/**
 * The key every v2 seed is derived from (issue 29: the seed is not readable from the database before the reveal, so
 * the key must not be in it). `previous` is the key before a rotation: events announced under it are still revealed.
 */
export interface FairSecrets {
  current: string;
  previous?: string;
}

/** The file a platform without FAIR_SECRET keeps its key in, under DATA_DIR. */
export const FAIR_SECRET_FILE = 'fair-secret';

/**
 * FAIR_SECRET (and FAIR_SECRET_PREVIOUS) when set; otherwise the key in DATA_DIR/fair-secret, made on the first start
 * (32 random bytes as hex, readable by the platform's user only). env.ts requires FAIR_SECRET beside PostgreSQL, where
 * several instances must derive the same seeds.
 */
export function loadFairSecrets(env: { dataDir: string; fairSecret: string | undefined; fairSecretPrevious: string | undefined }): FairSecrets {
  const previous = env.fairSecretPrevious;
  if (env.fairSecret !== undefined) return { current: env.fairSecret, previous };
  const file = path.join(env.dataDir, FAIR_SECRET_FILE);
  try {
    const current = readFileSync(file, 'utf8').trim();
    if (current.length < 32) throw new StartupError(`${file}: expected the fair secret (at least 32 characters), found ${current.length}; restore it from a backup, or set FAIR_SECRET`);
    // Other users of the machine must not read it: tighten a file copied in with looser permissions.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return { current, previous };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(env.dataDir, { recursive: true });
  const current = randomBytes(32).toString('hex');
  try {
    // 'wx': two processes starting on one DATA_DIR at once do not overwrite each other's key; the second reads the first's.
    writeFileSync(file, `${current}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadFairSecrets(env);
    throw error;
  }
  return { current, previous };
}

/** A v2 event's seed from whichever key committed to `seedHash`; undefined when none of the keys did. */
export async function seedOf(secrets: FairSecrets, recordId: number, seedHash: string): Promise<string | undefined> {
  for (const secret of [secrets.current, secrets.previous]) {
    if (secret === undefined) continue;
    const seed = await deriveSeed(secret, recordId);
    if ((await seedHashOf(seed)) === seedHash) return seed;
  }
  return undefined;
}

/**
 * Start-up: every v2 event not revealed yet must be revealable with the keys this instance has. A key lost, changed
 * without FAIR_SECRET_PREVIOUS, or different from another instance's would otherwise surface only at the draw.
 */
export async function requireRevealable(db: Kysely<Database>, secrets: FairSecrets): Promise<void> {
  const open = await db.selectFrom('live_events').select(['id', 'seed_hash']).where('status', '!=', ActivityStatus.Finished).where('algorithm', '=', FairAlgorithm.V2).execute();
  const lost: number[] = [];
  for (const row of open) if ((await seedOf(secrets, Number(row.id), row.seed_hash)) === undefined) lost.push(Number(row.id));
  if (lost.length > 0) {
    throw new StartupError(
      `FAIR_SECRET: the room events ${lost.join(', ')} were announced under another fair secret and could not be drawn; set FAIR_SECRET_PREVIOUS to that secret (or FAIR_SECRET back to it), see docs/operations.md "Fair draws"`,
    );
  }
}
