import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { History } from '../../betting/history';

/** Cash out: price, execute (full or partial), auto rules, records by id. Registered inside bettingRoutes. */
export const cashOutRoutes: FastifyPluginAsyncZod<{ history: History }> = async () => {};
