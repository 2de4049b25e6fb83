import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { currentMember } from '../../http/requireMember';
import { expecting } from '../../validation/issues';
import { amountField, bettingResponses, languageField, orderIdField } from './fields';

const cashOutIdField = z
  .string({ error: expecting('a cash-out or order id (digits)') })
  .regex(/^\d{1,32}$/, { error: expecting('a cash-out or order id (digits)') });

const REASONS = 'reason: 1 system error, 2 param error, 3 position limit, 4 market suspend, 5 trader reject, 6 fail paid, 7 settle refused';

const priceEntry = z.object({
  oid: z.string(),
  amt: z.string().describe('cash-out price of the whole remaining stake ("0.00" when unavailable)'),
  st: z.union([z.literal(0), z.literal(1)]).describe('1 available, 0 not'),
  smis: z.string().describe('minimum cash-out stake of a single, in the order’s currency'),
  pmis: z.string().describe('minimum cash-out stake of a parlay, in the order’s currency'),
  rate: z.string().describe('quote rate: payout per unit of stake, floored to 6 decimals; payout of a stake s = floor2(round3(rate x s))'),
  reason: z.number().int().optional().describe(`why not, when st is 0 (${REASONS})`),
});

const cashOutResult = z.object({
  cashOutId: z.string(),
  status: z.number().int().describe('cash-out status: 5 settled (paid now), 1 confirming (in-play delay; poll getCashOutsByIds)'),
  payout: z.string().describe('paid; while confirming, the offer recorded (the least that will be paid)'),
  remainingStake: z.string().describe('stake of the order still running (unchanged while confirming)'),
  orderStatus: z.number().int().describe('4 Confirmed (partial), 102 CashOut (full), 101 ReserveCashOut (confirming)'),
});

const autoRule = z.object({
  id: z.number().int(),
  orderId: z.string(),
  stake: z.string(),
  threshold: z.string(),
  status: z.number().int().describe('0 active, 1 fired, 2 cancelled, 3 failed'),
  cashOutId: z.string().nullable(),
  createdTime: z.number().int(),
});

const cashOutEntry = z.object({
  id: z.string(),
  createdTime: z.number().int(),
  amount: z.string().describe('stake cashed out'),
  payout: z.string(),
  orderId: z.string(),
  orderStatus: z.number().int().describe('cash-out status: 1 confirming, 5 settled, 2 rejected, 3 cancelled'),
  refundAmount: z.string().describe('remaining stake of the order'),
  cancelReason: z.number().int().nullable().describe(`when rejected or cancelled; ${REASONS}`),
  auto: z.number().int().describe('1 when an auto cash-out rule made it'),
});

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
          `mxc: cash outs allowed per order. Not available (st 0): ${REASONS}.`,
        tags: ['betting'],
        body: z.strictObject({ orderIds: z.array(orderIdField).min(1).max(200), language: languageField }),
        response: bettingResponses(z.object({ pr: z.array(priceEntry), mxc: z.number().int() })),
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
          `or rejected. 409 15021 when no cash out is offered, the message naming the ${REASONS}.`,
        tags: ['betting'],
        body: z.strictObject({ orderId: orderIdField, cashOutStake: amountField, expectedAmount: amountField, language: languageField }),
        response: bettingResponses(cashOutResult),
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
        body: z.strictObject({ orderId: orderIdField, cashOutStake: amountField, threshold: amountField, language: languageField }),
        response: bettingResponses(autoRule),
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
        body: z.strictObject({ orderId: orderIdField, language: languageField }),
        response: bettingResponses(z.object({ cancelled: z.number().int() })),
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
        body: z.strictObject({ ids: z.array(cashOutIdField).min(1).max(200), language: languageField }),
        response: bettingResponses(z.array(cashOutEntry)),
      },
    },
    async (request) => ok(await app.betting.cashOut.entries(currentMember(request).memberId, request.body.ids)),
  );
};
