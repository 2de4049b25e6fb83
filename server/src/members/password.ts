import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: N (a power of two), block size r, parallelism p. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost new hashes get unless the platform config says otherwise (signIn.passwordHash). OWASP's
 * scrypt sets (N=2^17 r=8 p=1 and its equivalents) took 175-380 ms per check on the 2-core machines
 * this runs on, so the default is the strongest N that stays under 100 ms (about 85 ms there);
 * docs/operations.md "Sign-in throttle" has the measurement.
 */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs 128·N·r·p bytes; twice that leaves room for its other buffers. */
const maxmemFor = (params: ScryptParams) => 256 * params.N * params.r * params.p;

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: maxmemFor(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Password hashes are self-describing: `scrypt$N=32768,r=8,p=1$<salt>$<key>` (base64url), so the
 * cost can be raised later without invalidating stored hashes (see needsRehash).
 */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = hash.split('$');
  if (parts.length !== 4 || parts[0] !== 'scrypt') return null;
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1]);
  if (!match) return null;
  const params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const salt = Buffer.from(parts[2], 'base64url');
  const key = Buffer.from(parts[3], 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { params, salt, key };
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with other parameters than `params` (the member's next sign-in re-hashes it). */
export function needsRehash(hash: string, params: ScryptParams): boolean {
  const parsed = parse(hash);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p || parsed.key.length !== KEY_LENGTH;
}
