import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reservationListRequestSchema,
  reservationListSchema,
  reservationParameterRequestSchema,
  reservationParameterSchema,
  reservationPlacedSchema,
  reservationSchema,
  reserveBetRequestSchema,
  reserveCancelRequestSchema,
  reserveModifyRequestSchema,
} from '../../../../contract/betting';
import { FAILED_WINDOW_DAYS, LIST_LIMIT, MAX_ODDS_FACTOR, ODDS_CAP } from '../../betting/reservations';
import { ApiError, CODES, ok } from '../../http/envelope';
import { currentMember } from '../../http/requireMember';
import { bettingResponses, betCurrencyFor, refuseSportsNotOffered } from './fields';

/** Pre-bets (reservations): parameters, book, modify, cancel, list. Registered inside bettingRoutes. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const reservations = () => app.betting.reservations;

  app.post(
    '/reserve/getBetParameter',
    {
      schema: {
        summary: 'The reserve limit of a market: stake range, current odds and the odds a pre-bet may ask',
        description:
          `Per option: the current odd and the bounds of a pre-bet on it (minOdds: the next 0.01 above the current odds; maxOdds: ${MAX_ODDS_FACTOR}x the current, at most ${ODDS_CAP}). ` +
          'Top-level minOdds/maxOdds are those of optionType when sent, else the widest over the open options; minBet/maxBet in currencyId (default the member’s currency). ' +
          'expiresAt: kick-off for a pre-match market (the pre-bet lapses then), null in play. A closed or unknown market refuses with 15002, a moved line with 15003/15004.',
        tags: ['betting'],
        body: reservationParameterRequestSchema,
        response: bettingResponses(reservationParameterSchema),
      },
    },
    async (request) => {
      const { matchId, marketId, optionType: type, currencyId, language } = request.body;
      refuseSportsNotOffered(app, request, [{ marketId, where: 'marketId' }]);
      const currency = await betCurrencyFor(app, currentMember(request), currencyId);
      return ok(reservations().parameters({ matchId, marketId, currency, ...(type !== undefined ? { optionType: type } : {}) }, language ?? 'CMN'));
    },
  );

  app.post(
    '/reserve/bet',
    {
      schema: {
        summary: 'Book a pre-bet: a single placed automatically once the option’s odds reach the asked odds',
        description:
          'odds: decimal, at least minOdds (above the current odds: 15032 otherwise) and at most maxOdds. No money moves at booking: the unit stake is debited when the pre-bet is placed; ' +
          `the balance is checked now and again then. At most ${app.platformConfig.betting.reservation.maxOpenPerMember} booked at a time (15033). A repeated requestId answers the first booking with repeated: true.`,
        tags: ['betting'],
        body: reserveBetRequestSchema,
        response: bettingResponses(reservationPlacedSchema),
      },
    },
    async (request) => {
      const { matchId, marketId, optionType: type, odds, unitStake, currencyId, requestId, language } = request.body;
      refuseSportsNotOffered(app, request, [{ marketId, where: 'marketId' }]);
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = await betCurrencyFor(app, member, currencyId);
      const result = await reservations().book({ memberId, currency, ...(requestId ? { requestId } : {}) }, { matchId, marketId, optionType: type, odds, unitStake }, language ?? 'CMN');
      return ok({ ...result.reservation, repeated: result.repeated });
    },
  );

  app.post(
    '/reserve/modify',
    {
      schema: {
        summary: 'Change the odds and/or unit stake of a booked pre-bet',
        description: 'Only while booked (15031 otherwise); the same bounds as booking. Another member’s or an unknown reserveId: 404 / 15030.',
        tags: ['betting'],
        body: reserveModifyRequestSchema,
        response: bettingResponses(reservationSchema),
      },
    },
    async (request) => {
      const { reserveId, odds, unitStake, language } = request.body;
      if (odds === undefined && unitStake === undefined) throw new ApiError(400, CODES.INVALID_INPUT, 'body: expected odds, unitStake or both to change');
      const changes = { ...(odds !== undefined ? { odds } : {}), ...(unitStake !== undefined ? { unitStake } : {}) };
      return ok(await reservations().modify(currentMember(request).memberId, reserveId, changes, language ?? 'CMN'));
    },
  );

  app.post(
    '/reserve/cancel',
    {
      schema: {
        summary: 'Cancel a booked pre-bet (status 3)',
        description: 'Only while booked (15031 otherwise); cancelling a cancelled pre-bet answers it unchanged. Another member’s or an unknown reserveId: 404 / 15030.',
        tags: ['betting'],
        body: reserveCancelRequestSchema,
        response: bettingResponses(reservationSchema),
      },
    },
    async (request) => ok(await reservations().cancel(currentMember(request).memberId, request.body.reserveId, request.body.language ?? 'CMN')),
  );

  app.post(
    '/new/reserve/betList',
    {
      schema: {
        summary: 'The reserved view: pre-bets with statistics per currency',
        description:
          `isFailed false: booked and in-progress pre-bets. true: cancelled and no longer valid ones changed within startTime..endTime, clamped to the last ${FAILED_WINDOW_DAYS} days (the default). ` +
          `Newest first, at most ${LIST_LIMIT}; sts counts and sums the unit stakes of every match, per currency. Names in language (default CMN), as stored at booking.`,
        tags: ['betting'],
        body: reservationListRequestSchema,
        response: bettingResponses(reservationListSchema),
      },
    },
    async (request) => {
      const { isFailed, startTime, endTime, language } = request.body;
      if (startTime !== undefined && endTime !== undefined && endTime < startTime) throw new ApiError(400, CODES.INVALID_INPUT, 'body.endTime: expected a time at or after startTime');
      const query = { isFailed, ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}) };
      return ok(await reservations().list(currentMember(request).memberId, query, language ?? 'CMN'));
    },
  );
};
