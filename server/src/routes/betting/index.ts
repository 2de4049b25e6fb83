import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  betHistoryAnswerSchema,
  betInfoAnswerSchema,
  betInfoRequestSchema,
  betListRequestSchema,
  builderBetRequestSchema,
  builderQuoteAnswerSchema,
  builderQuoteRequestSchema,
  multipleBetRequestSchema,
  oldBetListRequestSchema,
  orderStatusAnswerSchema,
  orderStatusRequestSchema,
  placeAnswerSchema,
  singleBetRequestSchema,
} from '../../../../contract/betting';
import { createHistory, DAY_MS, HISTORY_DAYS, SETTLED_PAGE, UNSETTLED_PAGE } from '../../betting/history';
import { ApiError, CODES, ok } from '../../http/envelope';
import { createErrorHandler, createNotFoundHandler } from '../../http/errorHandler';
import { addNoStore } from '../../http/securityHeaders';
import { currentMember, requireMember } from '../../http/requireMember';
import { cashOutRoutes } from './cashOut';
import { editBetRoutes } from './editBet';
import { reservationRoutes } from './reservations';
import { bettingResponses, betCurrencyFor, currencyFor, refuseSportsNotOffered } from './fields';

/**
 * The betting service (spec section 7): bet info, placing singles and multiples, order status and history. Every
 * route needs a member (14010 otherwise) and answers the betting envelope; a member only ever reaches their own
 * orders.
 */
export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setErrorHandler(createErrorHandler('betting'));
  app.setNotFoundHandler(createNotFoundHandler('betting'));
  app.addHook('onRequest', requireMember({ family: 'betting' }));
  // Orders, bet lists, cash outs and pre-bets are one member's money.
  app.addHook('onSend', addNoStore);
  const history = createHistory({ db: app.db, clock: app.clock, feed: app.feed, wallet: app.wallet, config: app.platformConfig });
  app.register(cashOutRoutes);
  app.register(reservationRoutes);
  app.register(editBetRoutes);

  app.post(
    '/batchBetMatchMarketOfJumpLine',
    {
      schema: {
        summary: 'Current bet info of the selected markets, and the series they allow',
        description:
          'A market replaced by a line move answers the new marketId with oldMarketId set; a closed or unknown one status -1 and odd "0". ' +
          'With isSelectSeries and 2-10 selections on different matches, all on sale and allowParley, seriesInfo lists the k-folds and the named full covers ' +
          '(seriesNumber N * 1000 + M: 2001 doubles, 3004 Trixie; betCount = bets the unit stake is placed on).',
        tags: ['betting'],
        body: betInfoRequestSchema,
        response: bettingResponses(betInfoAnswerSchema),
      },
    },
    async (request) => {
      const { betMatchMarketList, isSelectSeries, currencyId, language } = request.body;
      refuseSportsNotOffered(app, request, betMatchMarketList.map((m, i) => ({ marketId: m.marketId, where: `betMatchMarketList[${i}]` })));
      const currency = await betCurrencyFor(app, currentMember(request), currencyId);
      const info = app.betting.orders.betInfo(betMatchMarketList, { isSelectSeries, currency, lang: language ?? 'CMN' });
      return ok({
        betInfo: info.betInfo.map((e) => ({ ...e, optionOdd: e.option.odd, optionBetName: e.option.name })),
        seriesInfo: info.seriesInfo,
      });
    },
  );

  app.post(
    '/bet/singlePass',
    {
      schema: {
        summary: 'Place single bets',
        description:
          'Each singleBetList entry is one order on its one option. All or nothing: any refused entry refuses the request (the message names it) and no money moves. ' +
          'Pre-match orders are Confirmed at once; in-play ones wait the acceptance delay in Confirming. A repeated requestId answers the first orders.',
        tags: ['betting'],
        body: singleBetRequestSchema,
        response: bettingResponses(placeAnswerSchema),
      },
    },
    async (request) => {
      const { singleBetList, currencyId, requestId } = request.body;
      refuseSportsNotOffered(app, request, singleBetList.map((b, i) => ({ marketId: b.betOptionList[0]!.marketId, where: `singleBetList[${i}]` })));
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = await betCurrencyFor(app, member, currencyId);
      const result = await app.betting.orders.placeSingles(
        { memberId, currency, ...(requestId ? { requestId } : {}) },
        singleBetList.map((b) => ({ unitStake: b.unitStake, oddsChange: b.oddsChange, leg: b.betOptionList[0]! })),
      );
      return ok({ orders: result.orders.map((o) => ({ ...o, oid: o.orderId })), repeated: result.repeated });
    },
  );

  app.post(
    '/betMultiple',
    {
      schema: {
        summary: 'Place a multiple bet: one order per series with a stake',
        description:
          'betOptionList: 2-10 selections, one per match, on allowParley markets. betMultipleData: the series sent (only those with a stake), ' +
          'each { itemCount (= selections), seriesValue (the series number from seriesInfo), unitStake, oddsChange }; total stake of a series = unitStake x betCount.',
        tags: ['betting'],
        body: multipleBetRequestSchema,
        response: bettingResponses(placeAnswerSchema),
      },
    },
    async (request) => {
      const { betMultipleData, betOptionList, currencyId, requestId } = request.body;
      refuseSportsNotOffered(app, request, betOptionList.map((o, i) => ({ marketId: o.marketId, where: `betOptionList[${i}]` })));
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = await betCurrencyFor(app, member, currencyId);
      const result = await app.betting.orders.placeMultiple(
        { memberId, currency, ...(requestId ? { requestId } : {}) },
        betOptionList,
        betMultipleData.map((s) => ({ seriesNumber: s.seriesValue, itemCount: s.itemCount, unitStake: s.unitStake, oddsChange: s.oddsChange })),
      );
      return ok({ orders: result.orders.map((o) => ({ ...o, oid: o.orderId })), repeated: result.repeated });
    },
  );

  app.post(
    '/builder/quote',
    {
      schema: {
        summary: 'Bet builder: the combined price of selections of one match',
        description:
          'The selections (marketId, matchId, type) of one match. Each leg says why it cannot join a builder (reason, null when it can); with 2 or more that all can, ' +
          'odds is the exact price of the combination from the match\'s score model with the builder margin, or null with the reason (contradictory: they cannot all win; ' +
          'noPrice: outside the odds offered). Nothing is reserved: the bet is priced again when placed (docs/api.md "Bet builder").',
        tags: ['betting'],
        body: builderQuoteRequestSchema,
        response: bettingResponses(builderQuoteAnswerSchema),
      },
    },
    async (request) => {
      const { betMatchMarketList, currencyId } = request.body;
      refuseSportsNotOffered(app, request, betMatchMarketList.map((m, i) => ({ marketId: m.marketId, where: `betMatchMarketList[${i}]` })));
      const currency = await betCurrencyFor(app, currentMember(request), currencyId);
      return ok(app.betting.orders.builderQuote(betMatchMarketList, currency));
    },
  );

  app.post(
    '/bet/builder',
    {
      schema: {
        summary: 'Place a bet builder: one order on 2 or more selections of one match at their combined odds',
        description:
          'betOptionList: the selections (each on sale; their single odds are informative); odds: the combined decimal odds the member accepted from the quote, judged with oddsChange ' +
          '(0 only that price, 1 that or better, 2 any). Refused with 15016 and the reason when the selections cannot combine. Stake limits betting.builder.stake; ' +
          'in-play orders wait the acceptance delay and are priced again then. Settles as one bet on the match\'s result.',
        tags: ['betting'],
        body: builderBetRequestSchema,
        response: bettingResponses(placeAnswerSchema),
      },
    },
    async (request) => {
      const { betOptionList, odds, unitStake, oddsChange, currencyId, requestId } = request.body;
      refuseSportsNotOffered(app, request, betOptionList.map((o, i) => ({ marketId: o.marketId, where: `betOptionList[${i}]` })));
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = await betCurrencyFor(app, member, currencyId);
      const result = await app.betting.orders.placeBuilder({ memberId, currency, ...(requestId ? { requestId } : {}) }, betOptionList, { odds, unitStake, oddsChange });
      return ok({ orders: result.orders.map((o) => ({ ...o, oid: o.orderId })), repeated: result.repeated });
    },
  );

  app.post(
    '/getStakeOrderStatus',
    {
      schema: {
        summary: 'Status of the member’s orders by id: [{ oid, st, rt? }]',
        description:
          'Ids that are not the member’s own (or do not exist) are left out of the answer. A rejected order also carries `rt`, its rejectType (the refusal code, e.g. 15014 score changed during the in-play delay), so the slip can say why and re-offer the bet.',
        tags: ['betting'],
        body: orderStatusRequestSchema,
        response: bettingResponses(orderStatusAnswerSchema),
      },
    },
    async (request) => ok(await app.betting.orders.statuses(currentMember(request).memberId, request.body.orderIds)),
  );

  /** The date window of a history query: within the last 45 days; settled without one means the last day. */
  function window(isSettled: boolean, startTime: number | undefined, endTime: number | undefined) {
    const now = app.clock.now();
    const earliest = now - HISTORY_DAYS * DAY_MS;
    if (!isSettled && startTime === undefined && endTime === undefined) return {};
    const start = startTime ?? (isSettled ? now - DAY_MS : earliest);
    const end = endTime ?? now;
    if (start < earliest - DAY_MS) throw new ApiError(400, CODES.INVALID_INPUT, `body.startTime: bet history reaches back ${HISTORY_DAYS} days at most, got ${new Date(start).toISOString()}`);
    if (end < start) throw new ApiError(400, CODES.INVALID_INPUT, 'body.endTime: expected a time at or after startTime');
    return { startTime: Math.max(start, earliest - DAY_MS), endTime: end };
  }

  app.post(
    '/new/bet/list',
    {
      schema: {
        summary: 'Bet history, a page at a time, with statistics per currency',
        description:
          'isSettled false: running orders (Created, Confirming, Confirmed, cash out pending), default size 200. true: settled, cashed out, rejected and cancelled ones, default size 50, ' +
          'within startTime..endTime (by settlement time; default the last day; at most 45 days back). tamt / tsamt: total stake / total returned in currencyId (default the member’s currency); sts: per currency.',
        tags: ['betting'],
        body: betListRequestSchema,
        response: bettingResponses(betHistoryAnswerSchema),
      },
    },
    async (request) => {
      const { isSettled, current, size, startTime, endTime, currencyId, language } = request.body;
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = currencyFor(member, currencyId);
      const page = size ?? (isSettled ? SETTLED_PAGE : UNSETTLED_PAGE);
      return ok(await history.page(memberId, { isSettled, current, size: page, currency, ...window(isSettled, startTime, endTime) }, language ?? 'CMN'));
    },
  );

  app.post(
    '/bet/list',
    {
      schema: {
        summary: 'Bet history, the older variant: one page of the newest orders',
        description: 'As new/bet/list on page 1 with the default size; settled orders of the last day unless startTime and endTime are given.',
        tags: ['betting'],
        body: oldBetListRequestSchema,
        response: bettingResponses(betHistoryAnswerSchema),
      },
    },
    async (request) => {
      const { isSettled, startTime, endTime, currencyId, language } = request.body;
      const member = currentMember(request);
      const memberId = member.memberId;
      const currency = currencyFor(member, currencyId);
      const size = isSettled ? SETTLED_PAGE : UNSETTLED_PAGE;
      return ok(await history.page(memberId, { isSettled, current: 1, size, currency, ...window(isSettled, startTime, endTime) }, language ?? 'CMN'));
    },
  );
};
