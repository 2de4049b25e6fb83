import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Media host: match video and animation sources, team and league icons (/media/..., /ssapi/team/logo, /api/team/icon/:id, /api/league/icon/:id) */
export const mediaRoutes: FastifyPluginAsyncZod = async () => {};
