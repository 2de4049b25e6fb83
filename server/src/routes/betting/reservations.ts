import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Pre-bets (reservations): parameters, book, modify, cancel, list. Registered inside bettingRoutes. */
export const reservationRoutes: FastifyPluginAsyncZod = async () => {};
