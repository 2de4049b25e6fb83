import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Banners, system sports weights and line-up, game jumps (/api/forehead/system/config/images/query, /ssapi/bannerList/search, /api/forehead/system/sports/..., /api/forehead/gamebet/game/jump, /api/banker/forehead/gamebet/game/jump) */
export const marketingRoutes: FastifyPluginAsyncZod = async () => {};
