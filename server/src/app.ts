import { randomBytes } from 'node:crypto';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { BuildInfo } from './buildInfo';
import { systemClock, type Clock } from './clock';
import type { AppConfigs } from './config/appConfig';
import type { PlatformConfig } from './config/platformConfig';
import type { Driver } from './db/migrations';
import type { Database } from './db/schema';
import type { FairSecrets } from './economy/fair';
import type { Feed } from './feed';
import { createErrorHandler, createNotFoundHandler } from './http/errorHandler';
import { createOriginPolicy } from './http/origins';
import { withRedaction } from './http/logRedaction';
import { createMerchants, MERCHANT_HEADER, type Merchants } from './http/merchant';
import { addCommonHeaders } from './http/securityHeaders';
import { corePlugin } from './plugins/core';
import { bettingPlugin } from './plugins/betting';
import { feedPlugin } from './plugins/feed';
import { chatPlugin } from './plugins/chat';
import { livePlugin } from './plugins/live';
import { mediaPlugin } from './media';
import { bettingRoutes } from './routes/betting';
import { chatRoutes } from './routes/chat';
import { docsRoutes } from './routes/docs';
import { foreheadRoutes } from './routes/forehead';
import { healthRoutes } from './routes/health';
import { liveRoutes } from './routes/live';
import { marketingRoutes } from './routes/marketing';
import { matchListRoutes } from './routes/match';
import { matchDataRoutes } from './routes/matchData';
import { mediaRoutes } from './routes/media';
import { pushRoutes } from './routes/push';
import { resultRoutes } from './routes/results';
import { staticRoutes } from './routes/static';
import { installZodMessages } from './validation/issues';
// Experts, banker and customer-service news (issue 18).
import { expertsPlugin } from './plugins/experts';
import { expertRoutes } from './routes/experts';
// Coins, gifts and room events (issue 16).
import { economyPlugin } from './plugins/economy';
import { economyRoutes } from './routes/economy';
// One feed leader among several instances (issue 19).
import type { Leadership } from './cluster/leadership';
import { clusterPlugin } from './plugins/cluster';
// Issue 27: the test world's controls, only when asked for.
import { testControlRoutes } from './routes/testControls';

installZodMessages();

declare module 'fastify' {
  interface FastifyInstance {
    /** The merchants and the sports each offers (http/merchant.ts; docs/api.md "Merchants"). */
    merchants: Merchants;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface BuildAppOptions {
  /** An open, migrated database; the caller owns it and closes it after app.close(). */
  db: Kysely<Database>;
  dbDriver?: Driver;
  config: PlatformConfig;
  /** The app's resolved plugin config per merchant (config/app.json + merchants), served to the app. */
  appConfigs: AppConfigs;
  /** The simulated feed; the caller starts and stops it. */
  feed: Feed;
  clock?: Clock;
  sessionTtlMinutes?: number;
  /** The app's build output; default `<cwd>/dist`. */
  distDir?: string;
  /** Fastify logger options; false (default) for silence in tests. */
  logger?: FastifyServerOptions['logger'];
  build?: BuildInfo;
  /** How often the betting engine ends due in-play delays (real ms); 0 leaves it to the caller (tests call app.betting.tick()). */
  bettingLoopMs?: number;
  /** The reverse proxies whose X-Forwarded-* are believed (env TRUST_PROXY); false: none, the socket's address counts. */
  trustProxy?: false | string[];
  /** The token operator routes require (env OPERATOR_TOKEN); undefined switches them off. */
  operatorToken?: string;
  /**
   * The origins the platform is reached at (env PUBLIC_ORIGIN): the domain list names these, never a Host header it
   * does not know. Empty (default): a Host naming this machine (loopback or one of its interface addresses) is used.
   */
  publicOrigins?: string[];
  /** Where files the platform keeps live (env DATA_DIR; chat images under chat-images/); default `<cwd>/data`. */
  dataDir?: string;
  /**
   * The key provably fair seeds are derived from (env FAIR_SECRET or DATA_DIR/fair-secret, economy/fair.ts); default:
   * a random key of this process alone, so events it announced cannot be revealed after a restart (benchmarks).
   */
  fairSecrets?: FairSecrets;
  /** Redis shared by several instances (env REDIS_URL); prefix: keys and channels, default "sport-pc". */
  redis?: { url: string; prefix?: string };
  /** The feed-leader lease (issue 19, cluster/leadership.ts); default: this instance always leads (SQLite). */
  leadership?: Leadership;
  /**
   * TEST_CONTROLS=1: registers the /__test/ routes (operator token, docs/api.md "Test controls"). Without it they do
   * not exist. env.ts refuses it beside PostgreSQL, Redis, production or a non-loopback HOST.
   */
  testControls?: boolean;
}

/** Frames above this are refused by the websocket layer (close 1009); client frames are tiny. */
const MAX_WS_FRAME_BYTES = 64 * 1024;

/**
 * Builds the platform's Fastify app without listening: tests call `app.inject` or listen on port
 * 0. Composition: shared services as decorators (plugins/core.ts, via fastify-plugin), then one
 * encapsulated plugin per API family under routes/<area>/. A new family is one more
 * `app.register(...)` below; a family with another envelope sets its own error handler inside
 * its plugin (see createErrorHandler('betting')).
 */
export function buildApp(opts: BuildAppOptions): App {
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: withRedaction(opts.logger ?? false),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(createErrorHandler('forehead'));
  app.setNotFoundHandler(createNotFoundHandler('forehead'));
  app.addHook('onSend', addCommonHeaders);

  app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'sport-pc platform',
        description: 'Betting, match data, live rooms, chat, results, settings and push for the sport-pc app. Envelopes and codes: docs/api.md.',
        version: opts.build?.version ?? '0.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  const originPolicy = createOriginPolicy(opts.config.cors.origins);
  app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && originPolicy.allowsCrossOrigin(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['authorization', 'content-type', 'x-device-id', MERCHANT_HEADER],
    maxAge: 600,
  });
  app.register(formbody);
  app.decorate('merchants', createMerchants(opts.appConfigs));
  app.register(corePlugin, {
    db: opts.db,
    dbDriver: opts.dbDriver ?? 'sqlite',
    clock,
    config: opts.config,
    originPolicy,
    buildInfo: opts.build ?? { version: '0.0.0', startedAt: clock.now() },
    sessionTtlMinutes: opts.sessionTtlMinutes ?? 720,
    redis: opts.redis,
  });
  // After corePlugin so the hub's preClose (close code 1001 "going away") runs before the
  // websocket plugin's own, which closes clients without a code.
  app.register(websocket, { options: { maxPayload: MAX_WS_FRAME_BYTES } });

  // The feed leader (issue 19): before the feed's consumers, which listen through app.leaderFeed and app.onPromoted.
  app.register(clusterPlugin, { feed: opts.feed, leadership: opts.leadership, redis: opts.redis });
  app.register(feedPlugin, { feed: opts.feed });
  app.register(bettingPlugin, { loopMs: opts.bettingLoopMs ?? 250 });
  app.register(mediaPlugin, { oneAddressManyViewers: opts.testControls === true });
  app.register(livePlugin);
  app.register(chatPlugin, { dataDir: opts.dataDir ?? path.resolve('data') });

  app.register(healthRoutes);
  app.register(docsRoutes);
  app.register(foreheadRoutes, { prefix: '/api/forehead', appConfigs: opts.appConfigs, operatorToken: opts.operatorToken, publicOrigins: opts.publicOrigins ?? [] });
  app.register(matchListRoutes, { prefix: '/api/match' });
  app.register(bettingRoutes, { prefix: '/v1/order' });
  app.register(matchDataRoutes);
  app.register(resultRoutes);
  app.register(mediaRoutes);
  app.register(liveRoutes);
  app.register(marketingRoutes);
  app.register(pushRoutes);
  app.register(chatRoutes);
  // Experts, banker and customer-service news (issue 18): after the chat, whose platform-wide mute the comment rule reads.
  app.register(expertsPlugin);
  app.register(expertRoutes);
  // Coins, gifts and room events (issue 16): the services after the chat they post to, the routes with the others.
  app.register(economyPlugin, { fairSecrets: opts.fairSecrets ?? { current: randomBytes(32).toString('hex') } });
  app.register(economyRoutes, { operatorToken: opts.operatorToken });
  if (opts.testControls) app.register(testControlRoutes, { operatorToken: opts.operatorToken });
  app.register(staticRoutes, { distDir: opts.distDir ?? path.resolve('dist'), appConfigs: opts.appConfigs });

  return app;
}
