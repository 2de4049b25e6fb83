import path from 'node:path';
import { z } from 'zod';
import { CURRENCIES, DECIMAL_STRING, Money, type Currency } from '../money';
import { isOrigin } from '../../../domain/origins';
import { expecting } from '../validation/issues';
import { loadJsonConfig } from './loadJsonConfig';
import { storedUserConfigSchema } from '../../../contract/settings';
import { economyConfigSchema } from '../economy/config';

const decimalString = (description: string) =>
  z.string({ error: expecting(description) }).regex(DECIMAL_STRING, { error: expecting(description) });

const rate = decimalString('a decimal string like "7.12"').refine((v) => new Money(v).greaterThan(0), {
  error: expecting('a rate above 0'),
});

const amount = decimalString('a decimal string with at most 2 decimals like "10000.00"').refine(
  (v) => new Money(v).decimalPlaces() <= 2,
  { error: expecting('a decimal string with at most 2 decimals like "10000.00"') },
);

const currency = z.enum(CURRENCIES);

const exchangeRatesShape = Object.fromEntries(CURRENCIES.map((c) => [c, rate])) as Record<Currency, typeof rate>;

const demoMember = z.strictObject({
  username: z.string().min(3).max(32).regex(/^[A-Za-z0-9_]+$/, {
    error: expecting('3-32 letters, digits or underscores'),
  }),
  password: z.string().min(8).max(128),
  nickname: z.string().min(1).max(32),
  currency,
  openingBalance: amount,
  coins: amount,
  /** Exclusive and agent live rooms the member may see (their special rooms); granted at every start. */
  specialRoomIds: z.array(z.number({ error: expecting('a live room id') }).int().min(1).max(2_147_483_647)).max(100).optional(),
  /** The member's user live group (spec 001 section 3): an agent of group G moderates the chat of the rooms whose anchor has liveUserGroupId G. */
  liveGroupId: z.number({ error: expecting('a live group id') }).int().min(0).max(2_147_483_647).optional(),
  liveGroupUserType: z.enum(['user', 'agent']).optional(),
  /** Settings (cfg/set's fields, without uid) stored while the member has none, so a demo shows e.g. goal push. */
  settings: z.optional(storedUserConfigSchema),
});

const perMinuteBucket = z.strictObject({ burst: z.number().int().min(1).max(100_000), perMinute: z.number().int().min(1).max(100_000) });

const stakeRange = z
  .strictObject({ min: amount, max: amount })
  .refine((r) => new Money(r.min).greaterThan(0) && new Money(r.max).greaterThanOrEqualTo(r.min), {
    error: expecting('min above 0 and max at least min'),
  });

/** The book's rules. Amounts are CNY and convert to the member's currency through exchangeRates. */
const bettingSchema = z.strictObject({
  /** In-play bets and cash outs wait this long in Confirming before the price is checked again (real seconds). */
  inPlayDelaySeconds: z.number().min(0).max(30),
  /** Stake per single bet. */
  single: stakeRange,
  /** Unit stake per series of a multiple bet. */
  parlay: stakeRange,
  /** The most one order may return; the maximum stake shrinks with the odds to keep under it. */
  maxPayout: amount,
  /** Legs of a parlay, at most (the spec: 10). */
  maxParlayLegs: z.number().int().min(2).max(10),
  cashOut: z.strictObject({
    /** Taken off the fair value of the remaining stake (DOMAIN.md section 4), e.g. "0.05". */
    margin: decimalString('a decimal string like "0.05"').refine((v) => new Money(v).lessThan(1), { error: expecting('a margin below 1') }),
    /** Cash outs per order, at most (the spec's mxc). */
    maxCount: z.number().int().min(1).max(100),
    /** Smallest stake a cash out may take from a single / a parlay (the spec's smis / pmis). */
    minSingle: amount,
    minParlay: amount,
  }),
  reservation: z.strictObject({
    stake: stakeRange,
    /** Booked pre-bets a member may hold at once. */
    maxOpenPerMember: z.number().int().min(1).max(1000),
  }),
  /** Bet builder (docs/config.md "Bet builder"): priced from the match's score model with its own margin. */
  builder: z
    .strictObject({
      /** Overround on the combination's fair probability: d = 1 / (p (1 + margin)), e.g. "0.10". */
      margin: decimalString('a decimal string like "0.10"').refine((v) => new Money(v).lessThan(1), { error: expecting('a margin below 1') }),
      stake: stakeRange,
      /** Selections of one builder, at most. */
      maxLegs: z.number().int().min(2).max(12),
    })
    .default({ margin: '0.10', stake: { min: '10.00', max: '5000.00' }, maxLegs: 6 }),
});

/** Live test streams of the video lines (docs/operations.md "Live video streams"). */
const mediaSchema = z.strictObject({
  /** Encoders (one per match line being watched) running at once; 0 turns live video off (503). */
  maxEncoders: z.number().int().min(0).max(64),
  /**
   * Encoders one client address may have started and keep running (issue 29); watching a running stream is never
   * refused. Default 2: a match line and a room, or two lines, per household.
   */
  maxEncodersPerClient: z.number().int().min(1).max(64).default(2),
  /** An encoder stops after this long without an HLS request or a connected FLV viewer (real seconds). */
  idleSeconds: z.number().int().min(1).max(3600),
  /** Picture size; H.264 4:2:0 needs even numbers. */
  width: z.number().int().min(160).max(1920).refine((n) => n % 2 === 0, { error: expecting('an even number of pixels') }),
  height: z.number().int().min(90).max(1080).refine((n) => n % 2 === 0, { error: expecting('an even number of pixels') }),
  fps: z.number().int().min(5).max(60),
  /** Target HLS segment length; keyframes come every second, so segments cut on whole seconds. */
  segmentSeconds: z.number().int().min(1).max(10),
  /** How long the first playlist request waits for a starting encoder before answering 503. */
  startTimeoutSeconds: z.number().int().min(1).max(60),
});

/** The chat's limits (docs/api.md "Chat"); an absent field takes its default. */
const chatSchema = z.strictObject({
  /** Characters (code points) of one message, after invisible characters are removed. */
  maxTextLength: z.number().int().min(1).max(2000).default(200),
  /** Per member: at most `messages` sends in any window of `perSeconds`. */
  rateLimit: z
    .strictObject({ messages: z.number().int().min(1).max(100_000), perSeconds: z.number().int().min(1).max(3600) })
    .default({ messages: 5, perSeconds: 10 }),
  /** Room events wait this long (real ms) and go out to the room together: fewer frames at high rates; 0 sends each at once. */
  fanoutMs: z.number().int().min(0).max(1000).default(50),
  /** Messages answered when a client joins a room. */
  historySize: z.number().int().min(0).max(500).default(50),
  /** A chat token opens /chat for this long (real seconds). */
  tokenTtlSeconds: z.number().int().min(10).max(86_400).default(300),
  /**
   * Gift lines in the chat (issue 29: 17,000 of them flushed the 50-message history): at most `perMember` lines of one
   * member's gifts in a room and `perRoom` in all in any `perSeconds`; gifts past them post no line (the stage still
   * shows them). A muted member's gift, or one in a blocked chat, posts none either.
   */
  giftLines: z
    .strictObject({ perMember: z.number().int().min(1).max(1000), perRoom: z.number().int().min(1).max(10_000), perSeconds: z.number().int().min(1).max(3600) })
    .default({ perMember: 2, perRoom: 10, perSeconds: 10 }),
  /** How often open member sockets are checked against their sessions: one signed out elsewhere or expired closes within this. */
  sessionRecheckSeconds: z.number().int().min(1).max(3600).default(5),
  /** Chat sockets one member may hold open, and visitors' sockets per client address. */
  maxConnectionsPerMember: z.number().int().min(1).max(1000).default(10),
  maxVisitorConnectionsPerAddress: z.number().int().min(1).max(100_000).default(20),
  /**
   * Client frames (join, send, ping...) each connection and each client address may send: token buckets, a join
   * costing joinCost (it reads the room's history). A frame over either is refused (4029) and not handled (issue 29).
   */
  frameLimits: z
    .strictObject({ perConnection: perMinuteBucket, perAddress: perMinuteBucket, joinCost: z.number().int().min(1).max(1000) })
    .default({ perConnection: { burst: 30, perMinute: 120 }, perAddress: { burst: 200, perMinute: 1200 }, joinCost: 5 }),
  image: z
    .strictObject({
      maxBytes: z.number().int().min(1024).max(20 * 1024 * 1024),
      maxWidth: z.number().int().min(16).max(16_384),
      maxHeight: z.number().int().min(16).max(16_384),
    })
    .default({ maxBytes: 2 * 1024 * 1024, maxWidth: 4096, maxHeight: 4096 }),
  /**
   * What one member may upload (issue 29: one member stored 100 × 2 MiB in 3.3 s, and images never posted were never
   * deleted): uploads a minute (a token bucket), bytes in any 24 hours, and how long an image no message uses is kept.
   */
  imageUploads: z
    .strictObject({ perMember: perMinuteBucket, dailyBytesPerMember: z.number().int().min(1024).max(10 * 1024 * 1024 * 1024), unpostedMinutes: z.number().int().min(1).max(7 * 24 * 60) })
    .default({ perMember: { burst: 5, perMinute: 10 }, dailyBytesPerMember: 20 * 1024 * 1024, unpostedMinutes: 60 }),
  /** Order sharing (spec 001 section 5): orders listed, and the least stake of a shared order in CNY (converted per coin, rounded up). */
  orderShow: z.strictObject({ showCount: z.number().int().min(1).max(100), minAmount: amount }).default({ showCount: 10, minAmount: '10.00' }),
});

/** Sign-in hardening (docs/operations.md "Sign-in throttle"). */
const signInSchema = z.strictObject({
  /** scrypt cost of new hashes; older hashes still verify and are re-hashed at the member's next sign-in. */
  passwordHash: z.strictObject({
    N: z
      .number()
      .int()
      .min(1024)
      .max(1_048_576)
      .refine((n) => (n & (n - 1)) === 0, { error: expecting('a power of two like 32768') }),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
  }),
  /** Attempts one client address may make: a bucket of `burst`, refilled at `perMinute`. */
  perAddress: z.strictObject({
    burst: z.number().int().min(1).max(10_000),
    perMinute: z.number().min(0.1).max(10_000),
  }),
  /** Wrong passwords for one username from one address: free ones, then a wait doubling from base to max. */
  perAddressAndUsername: z.strictObject({
    freeFailures: z.number().int().min(0).max(100),
    baseDelaySeconds: z.number().min(0.1).max(3600),
    maxDelaySeconds: z.number().min(1).max(86_400),
  }),
  /** Password checks across every client (each costs one scrypt): a bucket of `burst`, refilled at `perSecond`. */
  global: z.strictObject({
    burst: z.number().int().min(1).max(10_000),
    perSecond: z.number().min(0.1).max(10_000),
  }),
  /** How often expired sessions are deleted (real minutes). */
  sessionPurgeMinutes: z.number().int().min(1).max(1440),
});

export const platformConfigSchema = z.strictObject({
  /** CNY per one unit of each currency; CNY itself must be 1 because totals are computed through it. */
  exchangeRates: z.strictObject(exchangeRatesShape).refine((rates) => new Money(rates.CNY).equals(1), {
    error: (issue) => `expected CNY to be "1" (rates are CNY per unit), got ${JSON.stringify((issue.input as { CNY?: unknown }).CNY)}`,
    path: ['CNY'],
  }),
  demoMembers: z
    .array(demoMember)
    .max(100)
    .superRefine((members, ctx) => {
      const seen = new Set<string>();
      members.forEach((m, i) => {
        const key = m.username.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [i, 'username'], message: `expected a unique username, got "${m.username}" twice` });
        }
        seen.add(key);
      });
    }),
  push: z.strictObject({
    /** A client whose unsent data exceeds this is a slow consumer and gets dropped (close code 1013). */
    maxBufferedBytes: z.number().int().min(1).max(1024 * 1024 * 1024),
    maxChannelsPerClient: z.number().int().min(1).max(100_000),
    /** Push websockets one client address may hold open; the next one is closed with code 1008. */
    maxConnectionsPerAddress: z.number().int().min(1).max(10_000),
    /**
     * How often every connection's access is checked again (issue 29): a session that ended elsewhere (another
     * instance's sign-out, expiry) and a private room a member lost stop reaching it within this.
     */
    accessRecheckSeconds: z.number().int().min(1).max(3600),
  }),
  signIn: signInSchema,
  /**
   * Origins (`scheme://host[:port]`) besides the platform's own whose pages may call the API and open its
   * websockets: an operator's site that loads the app with apiSrc pointing here. An allow-list: no "*", no "null".
   */
  cors: z.strictObject({
    origins: z
      .array(
        z.string({ error: expecting('an origin like "https://casino.example"') }).refine(isOrigin, {
          error: (issue) => `expected an origin like "https://casino.example" (scheme, host and port only), got ${JSON.stringify(issue.input)}`,
        }),
      )
      .max(100),
  }),
  betting: bettingSchema,
  media: mediaSchema,
  chat: chatSchema.default(chatSchema.parse({})),
  /** The app logging service (docs/api.md "App log"): events per address and per member, and how long rows stay. */
  appLog: z.strictObject({ perAddress: perMinuteBucket, perMember: perMinuteBucket, retentionDays: z.number().int().min(1).max(365) }),
  /**
   * Gone (issue 31): its amount disagreed with the one chat enforced. The live showorder config now advertises
   * `chat.orderShow.minAmount`; a file still naming it is refused with that pointer rather than a bare "unexpected field".
   */
  liveShowOrder: z.never({ error: 'removed: the live showorder config advertises chat.orderShow.minAmount, the rule chat enforces; set that instead' }).optional(),
  /**
   * Experts, banners (docs/config.md "experts"): the comment rule's limits (deposits in CNY, VIP level) and the banner
   * host the domain list names ("" = the platform's own origin).
   */
  experts: z
    .strictObject({
      commentRule: z.strictObject({ rechargeLimit: amount, vipLimit: z.number().int().min(0).max(10) }),
      bannerHost: z.union([z.literal(''), z.string().refine(isOrigin, { error: expecting('an origin like "https://banners.example" or "" for the platform itself') })]),
    })
    .default({ commentRule: { rechargeLimit: '100.00', vipLimit: 0 }, bannerHost: '' }),
  /** Coins, gifts and room events (docs/config.md "Coins, gifts and room events"); every field has a default. */
  economy: economyConfigSchema.default(economyConfigSchema.parse({})),
});

export type PlatformConfig = z.output<typeof platformConfigSchema>;
export type DemoMemberConfig = PlatformConfig['demoMembers'][number];

export const DEFAULT_PLATFORM_CONFIG_FILE = path.join('config', 'platform.json');

export function loadPlatformConfig(file: string = DEFAULT_PLATFORM_CONFIG_FILE): PlatformConfig {
  return loadJsonConfig(file, platformConfigSchema);
}
