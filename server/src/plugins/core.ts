import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { createWalletService, type WalletService } from '../betting/wallet';
import type { BuildInfo } from '../buildInfo';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { Driver } from '../db/migrations';
import type { Database } from '../db/schema';
import { createMemoryLimitStore, type LimitStore } from '../http/limitStore';
import type { OriginPolicy } from '../http/origins';
import { createRedisLimitStore } from '../http/redisLimitStore';
import { createAuthService, type AuthService, type SessionRevocations } from '../members/auth';
import { createLoginThrottle, type LoginThrottle } from '../members/loginThrottle';
import { createRedisSessionRevocations } from '../members/redisSessionRevocations';
import { startSessionPurge } from '../members/sessionPurge';
import { createPushHub, type PushHub, type PushRelay } from '../push/hub';
import { createRedisRelay } from '../push/redisRelay';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDriver: Driver;
    clock: Clock;
    platformConfig: PlatformConfig;
    /** Which browser origins may call the API and open websockets (http/origins.ts). */
    originPolicy: OriginPolicy;
    buildInfo: BuildInfo;
    wallet: WalletService;
    auth: AuthService;
    /** Every rate limit's counts: in memory, or in Redis shared by every instance (REDIS_URL). */
    limitStore: LimitStore;
    /** Sign-outs heard from the other instances (REDIS_URL); undefined on one instance. */
    sessionRevocations: SessionRevocations | undefined;
    loginThrottle: LoginThrottle;
    pushHub: PushHub;
  }
}

export interface CorePluginOptions {
  db: Kysely<Database>;
  dbDriver: Driver;
  clock: Clock;
  config: PlatformConfig;
  originPolicy: OriginPolicy;
  buildInfo: BuildInfo;
  sessionTtlMinutes: number;
  /** REDIS_URL: publishes go to every instance through Redis; prefix: keys and channels (default "sport-pc"). */
  redis?: { url: string; prefix?: string };
}

/**
 * The shared services every route plugin uses, as root-level decorators (fastify-plugin breaks
 * encapsulation on purpose here). The database is owned by whoever opened it, not closed here.
 */
export const corePlugin = fp<CorePluginOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('dbDriver', opts.dbDriver);
    app.decorate('clock', opts.clock);
    app.decorate('platformConfig', opts.config);
    app.decorate('originPolicy', opts.originPolicy);
    app.decorate('buildInfo', opts.buildInfo);
    app.decorate('wallet', createWalletService({ db: opts.db, clock: opts.clock }));
    const { signIn } = opts.config;
    const revocations = opts.redis ? createRedisSessionRevocations({ ...opts.redis, log: app.log }) : undefined;
    const auth = createAuthService({
      db: opts.db,
      clock: opts.clock,
      sessionTtlMs: opts.sessionTtlMinutes * 60_000,
      passwordParams: signIn.passwordHash,
      // Instances sharing Redis share the database too: a sign-out on one must end the session on all before it answers.
      revocations,
    });
    if (revocations) app.addHook('onClose', () => revocations.close());
    app.decorate('auth', auth);
    app.decorate('sessionRevocations', revocations);
    const limitStore = opts.redis ? createRedisLimitStore({ ...opts.redis, clock: opts.clock, log: app.log }) : createMemoryLimitStore(opts.clock);
    app.decorate('limitStore', limitStore);
    app.addHook('onClose', () => limitStore.close());
    app.decorate('loginThrottle', createLoginThrottle({ store: limitStore, limits: signIn }));
    let stopPurge: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopPurge = startSessionPurge({
        auth,
        everyMs: signIn.sessionPurgeMinutes * 60_000,
        onError: (error) => app.log.warn({ err: error }, 'session purge failed'),
      });
    });
    app.addHook('onClose', async () => stopPurge?.());
    // The relay calls back into the hub, which is made after it: `hub` is set before any message can arrive.
    let hub: PushHub | undefined;
    const relay: PushRelay | undefined = opts.redis
      ? createRedisRelay({ ...opts.redis, onFrame: (chId, seq, epoch, frame) => hub?.receive(chId, seq, epoch, frame), log: app.log })
      : undefined;
    hub = createPushHub({
      clock: opts.clock,
      maxBufferedBytes: opts.config.push.maxBufferedBytes,
      maxChannelsPerClient: opts.config.push.maxChannelsPerClient,
      maxConnectionsPerAddress: opts.config.push.maxConnectionsPerAddress,
      authenticate: async (token) => {
        const result = await auth.authenticate(token);
        return result.ok ? result.session.memberId : undefined;
      },
      // The chat plugin knows the rooms and who may see them; it registers after this one, and a platform without it
      // (some tests) serves no room channels.
      mayWatchRoom: async (roomId, memberId) => (app.hasDecorator('chat') ? app.chat.canSee(roomId, memberId) : false),
      relay,
      log: app.log,
    });
    app.decorate('pushHub', hub);
    let recheck: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      recheck = setInterval(() => {
        hub?.recheck().catch((error: unknown) => app.log.warn({ err: error }, 'push access recheck failed'));
      }, opts.config.push.accessRecheckSeconds * 1000);
      recheck.unref();
    });
    app.addHook('onClose', async () => clearInterval(recheck));
    app.decorateRequest('member', null);
    app.decorateRequest('authToken', null);
    app.addHook('preClose', async () => hub?.close());
    if (relay) app.addHook('onClose', () => relay.close());
  },
  { name: 'sport-pc-core', fastify: '5.x' },
);
