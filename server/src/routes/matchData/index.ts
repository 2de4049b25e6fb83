import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Score and match data around a match: text live, line-ups, technical stats, analysis, intelligence, history, football info (/api/score/..., /api/match/...) */
export const matchDataRoutes: FastifyPluginAsyncZod = async () => {};
