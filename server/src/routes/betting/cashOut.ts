import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoCashOutCancelAnswerSchema,
  autoCashOutCancelRequestSchema,
  autoCashOutRequestSchema,
  autoCashOutRuleSchema,
  CASH_OUT_REASONS_TEXT,
  cashOutEntriesSchema,
  cashOutExecuteRequestSchema,
  cashOutPriceAnswerSchema,
  cashOutPriceRequestSchema,
  cashOutResultSchema,
  cashOutsByIdsRequestSchema,
} from '../../../../contract/betting';
import { ok } from '../../http/envelope';
import { currentMember } from '../../http/requireMember';
import { bettingResponses } from './fields';

/**
 * Cash out (spec section 7: cashOut/price and getCashOutsByIds; execute and the auto rules are the platform's paths in
 * the same family): price, execute (full or partial), auto rules, records by id. Registered inside bettingRoutes, so
 * every route needs a member and answers the betting envelope; a member only reaches their own orders (404 15020).
 */
export const cashOutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cashOut/price',
    {
      schema: {
        summary: 'Cash-out offers of the member’s orders: { pr: [{ oid, amt, st, smis, pmis, rate }], mxc }',
        description:
          'amt is the offer for the whole remaining stake; a part s of it pays floor2(round3(rate x s)). Ids that are not the member’s own are left out. ' +
          `mxc: cash outs allowed per order. Not available (st 0): ${CASH_OUT_REASONS_TEXT}.`,
        tags: ['betting'],
        body: cashOutPriceRequestSchema,
        response: bettingResponses(cashOutPriceAnswerSchema),
      },
    },
    async (request) => ok(await app.betting.cashOut.prices(currentMember(request).memberId, request.body.orderIds)),
  );

  app.post(
    '/cashOut/execute',
    {
      schema: {
        summary: 'Cash out all or part of an order’s remaining stake',
        description:
          'cashOutStake: the part of the remaining stake to cash out (the whole remaining stake for a full cash out); a partial one is at least the minimum (smis / pmis) ' +
          'and leaves at least the minimum running (422 15006 / 15007 otherwise). expectedAmount: the payout shown for that stake; a lower offer now answers 409 15021 (trader reject) with the new amount. ' +
          'Pre-match the payout is credited at once (status 5); in play the cash out waits the acceptance delay (status 1, order 101) and is then paid at the offer of that moment if it is not lower, ' +
          `or rejected. 409 15021 when no cash out is offered, the message naming the ${CASH_OUT_REASONS_TEXT}.`,
        tags: ['betting'],
        body: cashOutExecuteRequestSchema,
        response: bettingResponses(cashOutResultSchema),
      },
    },
    async (request) => {
      const { orderId, cashOutStake, expectedAmount } = request.body;
      return ok(await app.betting.cashOut.execute(currentMember(request).memberId, { orderId, cashOutStake, expectedAmount }));
    },
  );

  app.post(
    '/cashOut/auto',
    {
      schema: {
        summary: 'Set the order’s auto cash-out rule (replaces an active one)',
        description:
          'When the offer for cashOutStake reaches threshold after an odds change of one of the order’s markets, the platform cashes out that stake at the offer of that moment ' +
          '(never while a market is suspended), with the member away or not. The threshold must be above the current offer (422 15006 otherwise: cash out now instead). ' +
          'The stake follows the execute rules; if the order’s remaining stake fell below it meanwhile, the remaining stake is cashed out.',
        tags: ['betting'],
        body: autoCashOutRequestSchema,
        response: bettingResponses(autoCashOutRuleSchema),
      },
    },
    async (request) => {
      const { orderId, cashOutStake, threshold } = request.body;
      return ok(await app.betting.cashOut.setAuto(currentMember(request).memberId, { orderId, cashOutStake, threshold }));
    },
  );

  app.post(
    '/cashOut/auto/cancel',
    {
      schema: {
        summary: 'Cancel the order’s active auto cash-out rule',
        description: 'Answers { cancelled: 0 } when the order has no active rule (safe to repeat).',
        tags: ['betting'],
        body: autoCashOutCancelRequestSchema,
        response: bettingResponses(autoCashOutCancelAnswerSchema),
      },
    },
    async (request) => ok({ cancelled: await app.betting.cashOut.cancelAuto(currentMember(request).memberId, request.body.orderId) }),
  );

  app.post(
    '/getCashOutsByIds',
    {
      schema: {
        summary: 'The member’s cash-out records by cash-out id or order id',
        description:
          'Each id may be a cash-out id or an order id (ids never collide: one id source); an order id answers every cash out of that order, oldest first. ' +
          'Ids that are not the member’s own are left out. orderStatus is the cash out’s status (1 confirming, 5 settled, 2 rejected, 3 cancelled).',
        tags: ['betting'],
        body: cashOutsByIdsRequestSchema,
        response: bettingResponses(cashOutEntriesSchema),
      },
    },
    async (request) => ok(await app.betting.cashOut.entries(currentMember(request).memberId, request.body.ids)),
  );
};
