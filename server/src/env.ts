import { z } from 'zod';
import { normaliseOrigin } from './http/origins';
import { StartupError } from './startupError';
import { expecting, formatZodError, installZodMessages } from './validation/issues';

installZodMessages();

/** A bad environment variable; the message names the variable and what was expected. */
export class EnvError extends StartupError {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const integer = (description: string, min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: expecting(description) })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, { error: expecting(description) });

const database = z
  .string()
  .optional()
  .transform((url, ctx) => {
    if (url === undefined) return { driver: 'sqlite' as const };
    if (/^postgres(ql)?:\/\//i.test(url)) return { driver: 'postgres' as const, url };
    ctx.addIssue({
      code: 'custom',
      message: `expected a postgres:// URL (or leave it unset for the embedded SQLite database), got ${JSON.stringify(redactUrl(url))}`,
    });
    return z.NEVER;
  });

/** An IPv4 or IPv6 address, optionally with a /prefix: what proxy-addr (Fastify's trustProxy) accepts. */
const PROXY_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

/**
 * A comma list, each part read by `read` (undefined: not one); an unset variable is the empty list. The first part it
 * cannot read (or an empty list) is the error, with `expectation`.
 */
function commaList<T>(read: (part: string) => T | undefined, expectation: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [];
      const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
      const values = parts.map(read);
      const bad = parts.find((_, i) => values[i] === undefined);
      if (parts.length === 0 || bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `expected ${expectation}, got ${JSON.stringify(bad ?? value)}` });
        return z.NEVER;
      }
      return values as T[];
    });
}

/**
 * The reverse proxies whose X-Forwarded-For is believed, as a comma list of addresses or ranges. Never "any": a
 * platform reached directly would then let every client name its own address and walk past the per-address limits.
 */
const trustProxy = commaList((part) => (PROXY_ADDRESS.test(part) ? part : undefined), 'proxy addresses or ranges like "127.0.0.1,10.0.0.0/8"');

/** The origins the platform is reached at (a comma list of `scheme://host[:port]`), as its pages and the domain list name it. */
const publicOrigin = commaList((part) => normaliseOrigin(part) ?? undefined, 'origins like "https://sports.example.com" (scheme, host and port only)');

const envSchema = z.object({
  PORT: integer('a port number 0-65535', 0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: database,
  FEED_SEED: integer('an integer seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).default(1),
  // 0 freezes the feed: simulated time moves only when a test control says so (TEST_CONTROLS).
  FEED_SPEED: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: expecting('a number like "1" or "60" (0 freezes the feed)') })
    .transform(Number)
    .refine((n) => Number.isFinite(n) && n >= 0, { error: expecting('a number like "1" or "60" (0 freezes the feed)') })
    .default(1),
  FEED_EPOCH: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v)), { error: expecting('an ISO time like "2026-06-01T12:00:00Z"') })
    .transform((v) => Date.parse(v))
    .optional(),
  TEST_CONTROLS: z.enum(['0', '1'], { error: expecting('"1" (register the /__test/ control routes) or "0"') }).default('0'),
  NODE_ENV: z.string().optional(),
  DEMO_USERS: z.enum(['0', '1'], { error: expecting('"1" (create the demo members) or "0" (do not)') }).default('1'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SESSION_TTL_MINUTES: integer('a whole number of minutes from 1 to 525600', 1, 525_600).default(720),
  TRUST_PROXY: trustProxy,
  PUBLIC_ORIGIN: publicOrigin,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//i, { error: (issue) => `expected a redis:// URL (or leave it unset for one instance), got ${JSON.stringify(redactUrl(String(issue.input)))}` })
    .optional(),
  // Long enough that guessing it is hopeless; the operator routes are the only thing it opens.
  OPERATOR_TOKEN: z.string().min(24, { error: expecting('a secret of at least 24 characters (or leave it unset to switch operator routes off)') }).optional(),
  // The key every provably fair seed is derived from (issue 29); never in the database. Unset: DATA_DIR/fair-secret.
  FAIR_SECRET: z.string().min(32, { error: expecting('a secret of at least 32 characters, e.g. from `openssl rand -hex 32` (or leave it unset for one kept in DATA_DIR/fair-secret)') }).optional(),
  FAIR_SECRET_PREVIOUS: z.string().min(32, { error: expecting('the FAIR_SECRET before a rotation (at least 32 characters), kept until the events committed under it are revealed') }).optional(),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  database: { driver: 'sqlite' } | { driver: 'postgres'; url: string };
  feedSeed: number;
  /** Simulated ms per real ms; 0: the feed stands still until a test control moves it. */
  feedSpeed: number;
  /** FEED_EPOCH: the simulated instant a new feed clock starts at (epoch ms); undefined: the real time at start. */
  feedEpoch: number | undefined;
  /** TEST_CONTROLS=1: the /__test/ routes exist (only beside SQLite, outside production, on a loopback HOST). */
  testControls: boolean;
  demoUsers: boolean;
  logLevel: LogLevel;
  sessionTtlMinutes: number;
  /** Proxies whose X-Forwarded-For names the client (sign-in throttle, push connection limit); empty: none. */
  trustProxy: string[];
  /** PUBLIC_ORIGIN: the origins the platform is reached at; empty: only this machine's own addresses (issue 29). */
  publicOrigins: string[];
  /** The token operator routes (the maintenance flag) require; undefined: those routes refuse every call. */
  operatorToken: string | undefined;
  /** Redis shared by every instance (push, chat and room events fan out through it); undefined: one instance. */
  redisUrl: string | undefined;
  /** FAIR_SECRET: the provably fair seeds' key; undefined: the one in DATA_DIR/fair-secret (required with PostgreSQL). */
  fairSecret: string | undefined;
  /** FAIR_SECRET_PREVIOUS: the key before a rotation, for events announced under it and not revealed yet. */
  fairSecretPrevious: string | undefined;
}

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|::1|localhost)$/i;

/**
 * The test controls move the feed, mint money and pick winners: they exist for a test run on one machine and nowhere
 * else. Start-up stops when anything says this is not such a run: a shared database or Redis (other instances, real
 * members), production, or an address other machines can reach.
 */
function refuseTestControlsOutsideTests(e: { DATABASE_URL: unknown; REDIS_URL?: string; NODE_ENV?: string; HOST: string; OPERATOR_TOKEN?: string }): void {
  const refuse = (why: string) => {
    throw new EnvError(`TEST_CONTROLS=1 is refused ${why}: the test controls are for a test run on one machine (docs/operations.md, "Test controls")`);
  };
  if ((e.DATABASE_URL as { driver: string }).driver !== 'sqlite') refuse('with DATABASE_URL set (PostgreSQL is shared with other instances)');
  if (e.REDIS_URL !== undefined) refuse('with REDIS_URL set (several instances)');
  if (e.NODE_ENV === 'production') refuse('with NODE_ENV=production');
  if (!LOOPBACK.test(e.HOST)) refuse(`with HOST=${e.HOST}, which is not a loopback address (use 127.0.0.1)`);
  if (e.OPERATOR_TOKEN === undefined) refuse('without OPERATOR_TOKEN (every control needs the operator token)');
}

/** Hides the password of a connection URL so it never reaches a log or the terminal. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/**
 * Parses the platform's environment variables. An empty value counts as unset so `PORT= npm start`
 * behaves like no PORT at all. Throws EnvError naming the variable and the expectation.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    raw[key] = value === undefined || value.trim() === '' ? undefined : value.trim();
  }
  const result = envSchema.safeParse(raw);
  if (!result.success) throw new EnvError(`bad environment: ${formatZodError(result.error, '(environment)')}`);
  const e = result.data;
  if (e.TEST_CONTROLS === '1') refuseTestControlsOutsideTests(e);
  // Several instances on one database must derive the same seeds: a secret in each one's own DATA_DIR would differ.
  if (e.DATABASE_URL.driver === 'postgres' && e.FAIR_SECRET === undefined) {
    throw new EnvError('bad environment: FAIR_SECRET: required with DATABASE_URL (every instance must derive the same provably fair seeds); set the same secret of at least 32 characters on each, e.g. from `openssl rand -hex 32`');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL,
    feedSeed: e.FEED_SEED,
    feedSpeed: e.FEED_SPEED,
    feedEpoch: e.FEED_EPOCH,
    testControls: e.TEST_CONTROLS === '1',
    demoUsers: e.DEMO_USERS === '1',
    logLevel: e.LOG_LEVEL,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: e.PUBLIC_ORIGIN,
    operatorToken: e.OPERATOR_TOKEN,
    redisUrl: e.REDIS_URL,
    fairSecret: e.FAIR_SECRET,
    fairSecretPrevious: e.FAIR_SECRET_PREVIOUS,
  };
}
