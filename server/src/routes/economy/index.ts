import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  approvalInfoSchema,
  approvalSubmitRequestSchema,
  approvalSubmittedSchema,
  coinBalanceSchema,
  coinDailyLimitSchema,
  coinTransferRequestSchema,
  coinTransferSchema,
  coinTransferStatusRequestSchema,
  couponListSchema,
  couponRedeemedSchema,
  couponRedeemRequestSchema,
  ECONOMY_PATHS,
  EconomyError,
  economyEmptyRequestSchema,
  economyRoomRequestSchema,
  fairProofRequestSchema,
  fairProofSchema,
  giftIconParams,
  giftListSchema,
  giftPresentRequestSchema,
  giftPresentSchema,
  giftTop10Schema,
  lotteryInfoSchema,
  lotteryWinListSchema,
  lotteryWinRequestSchema,
  lotteryWinSchema,
  operatorEventSchema,
  operatorStartEventRequestSchema,
  RED_ENVELOPE_FAILURE,
  redEnvelopeReceiveRequestSchema,
  redEnvelopeReceiveSchema,
  redEnvelopeSchema,
  voteInfoSchema,
  voteSubmitRequestSchema,
  voteSubmittedSchema,
} from '../../../../contract/economy';
import { operatorHeaders, OPERATOR_TOKEN_HEADER } from '../../../../contract/forehead';
import type { Member } from '../../db/schema';
import { eventTemplateSchema, type EventTemplate } from '../../economy/config';
import { formatZodError } from '../../validation/issues';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { addNoStore } from '../../http/securityHeaders';
import { requireOperator } from '../../http/requireOperator';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { visibleRoomProfile } from '../../live/rooms';

/**
 * Coins, gifts and room events (spec 001 section 7 "Gifts, coins, events"; docs/api.md "Coins, gifts and room events").
 * A member reaches only their own balance, limits, transfers, coupons, envelopes, votes and wins: every query is keyed
 * by the session's member. The catalogue, a room's top 10, win list, lottery info and fair proofs are public.
 */
export const economyRoutes: FastifyPluginAsyncZod<{ operatorToken: string | undefined }> = async (app, { operatorToken }) => {
  const member = requireMember({ family: 'forehead' });
  const economy = app.economy;
  const memberResponses = <T extends z.core.$ZodType>(data: T, more: Record<number, typeof errorEnvelope> = {}) => ({ ...foreheadResponses(data, { auth: true }), ...more });
  const refusals = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
  const tags = ['coins, gifts and room events'];

  // Balances, limits and wins are the member's own: never kept by a shared cache.
  app.addHook('onSend', addNoStore);

  async function memberRow(memberId: number): Promise<Member> {
    const row = await app.auth.getMember(memberId);
    if (!row) throw new ApiError(401, CODES.SESSION_EXPIRED, 'session expired');
    return row;
  }

  /** The member of an optional token: undefined for a visitor and a stale token (those calls are public). */
  async function optionalMember(request: FastifyRequest): Promise<number | undefined> {
    const token = readToken(request.headers.authorization);
    const session = token ? await app.auth.authenticate(token) : undefined;
    return session?.ok ? session.session.memberId : undefined;
  }

  /** A room the viewer may see; 404 naming roomId otherwise (a hidden room is an unknown one). */
  async function requireRoom(roomId: number, memberId: number | undefined): Promise<void> {
    if (!(await visibleRoomProfile(app.anchors.roster, app.specialRooms, roomId, memberId))) throw new ApiError(404, CODES.NOT_FOUND, `roomId: no live room ${roomId}`);
  }

  app.post(
    ECONOMY_PATHS.coinBalance,
    {
      onRequest: member,
      schema: { summary: "The member's coin balance, main balance and the conversion rate now", tags, body: economyEmptyRequestSchema, response: memberResponses(coinBalanceSchema) },
    },
    async (request) => {
      const row = await memberRow(currentMember(request).memberId);
      return ok(await economy.coins.balance(Number(row.id), row.currency));
    },
  );

  app.post(
    ECONOMY_PATHS.dailyLimit,
    {
      onRequest: member,
      schema: {
        summary: "The member's daily coin limits: spend (gifts) and receive (red envelopes), with today's use",
        description: 'Days are UTC days of the platform clock; resetAt says when the next begins.',
        tags,
        body: economyEmptyRequestSchema,
        response: memberResponses(coinDailyLimitSchema),
      },
    },
    async (request) => ok(await economy.coins.dailyLimit(currentMember(request).memberId)),
  );

  app.post(
    ECONOMY_PATHS.transfer,
    {
      onRequest: member,
      schema: {
        summary: 'Convert main balance to coins (a transfer: pending, then succeeded or failed)',
        description:
          "amount is in the member's currency; coins = amount x (CNY per unit) x economy.coinsPerCny, rounded down to 0.01. " +
          'The debit, the credit and the status succeeded commit together; without the balance the transfer answers status failed ' +
          '(failReason insufficientBalance) and nothing moved. An amount that buys less than 0.01 coins is refused (400).',
        tags,
        body: coinTransferRequestSchema,
        response: memberResponses(coinTransferSchema),
      },
    },
    async (request) => {
      const row = await memberRow(currentMember(request).memberId);
      return ok(await economy.coins.transfer(Number(row.id), row.currency, request.body.amount));
    },
  );

  app.post(
    ECONOMY_PATHS.transferStatus,
    {
      onRequest: member,
      schema: { summary: "One of the member's transfers", tags, body: coinTransferStatusRequestSchema, response: memberResponses(coinTransferSchema, { 404: errorEnvelope }) },
    },
    async (request) => ok(await economy.coins.transferStatus(currentMember(request).memberId, request.body.transferId)),
  );

  app.post(
    ECONOMY_PATHS.coupons,
    {
      onRequest: member,
      schema: { summary: "The member's coupons (cash, deposit and flow coupons won in room events)", tags, body: economyEmptyRequestSchema, response: memberResponses(couponListSchema) },
    },
    async (request) => ok(await economy.coins.coupons(currentMember(request).memberId)),
  );

  app.post(
    ECONOMY_PATHS.couponRedeem,
    {
      onRequest: member,
      schema: {
        summary: 'Redeem one of the member\'s coupons: cash and flow coupons into the main balance, deposit coupons into coins',
        description:
          'Once per coupon, in one transaction with its ledger row (kind coupon_redeem). A deposit coupon needs at least its value of main balance ' +
          'converted to coins since it was won; a flow coupon needs economy.flowCouponTurnover times its value of stake settled since it was won. ' +
          "Another member's coupon answers 404, a used or expired one 409, an unmet condition 422; nothing changes on a refusal.",
        tags,
        body: couponRedeemRequestSchema,
        response: memberResponses(couponRedeemedSchema, refusals),
      },
    },
    async (request) => ok(await economy.coins.redeemCoupon(currentMember(request).memberId, request.body.couponId)),
  );

  app.post(
    ECONOMY_PATHS.gifts,
    { schema: { summary: 'The gift catalogue: name, icon, price in coins and stage animation', tags, body: economyEmptyRequestSchema, response: foreheadResponses(giftListSchema) } },
    async (request) => ok(economy.gifts.list(request.body?.language ?? 'CMN')),
  );

  app.get(
    `${ECONOMY_PATHS.giftIcon}/:file`,
    {
      schema: {
        summary: "A gift's icon (SVG)",
        tags,
        params: giftIconParams,
        response: { 200: z.string(), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const svg = economy.gifts.icon(Number(request.params.file.slice(0, -'.svg'.length)));
      if (!svg) throw new ApiError(404, EconomyError.GiftNotFound, `file: no gift icon ${request.params.file}`);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
    },
  );

  app.post(
    ECONOMY_PATHS.giftPresent,
    {
      onRequest: member,
      schema: {
        summary: "Present gifts to the room's anchor: debits coins, credits the anchor's tally",
        description:
          'One transaction: the present, the daily spend limit, the coin debit (ledger kind gift) and the tally. Refused with ' +
          'nothing moved: 422 code 17001 without the coins, 17002 past the daily spend limit; 404 17003 an unknown gift; 409 17004 ' +
          "when the room has no broadcast or hostId is not its anchor. The room sees it on live:room:<roomId> (kind gift) and as an act chat message.",
        tags,
        body: giftPresentRequestSchema,
        response: memberResponses(giftPresentSchema, refusals),
      },
    },
    async (request) => {
      const { giftId, count, hostId, roomId } = request.body;
      const row = await memberRow(currentMember(request).memberId);
      await requireRoom(roomId, Number(row.id));
      const room = economy.roomOnAir(roomId);
      if (!room) throw new ApiError(409, EconomyError.RoomNotLive, `roomId: room ${roomId} has no broadcast now`);
      if (room.hostId !== hostId) throw new ApiError(409, EconomyError.RoomNotLive, `hostId: the anchor of room ${roomId} is ${room.hostId}, got ${hostId}`);
      return ok(await economy.gifts.present(Number(row.id), row.nickname, room, giftId, count));
    },
  );

  app.post(
    ECONOMY_PATHS.giftTop10,
    { schema: { summary: "The room's ten biggest gift senders by coins", tags, body: economyRoomRequestSchema, response: { ...foreheadResponses(giftTop10Schema), 404: errorEnvelope } } },
    async (request) => {
      await requireRoom(request.body.roomId, await optionalMember(request));
      return ok(await economy.gifts.top10(request.body.roomId));
    },
  );

  app.post(
    ECONOMY_PATHS.redEnvelope,
    {
      onRequest: member,
      schema: {
        summary: "The room's current or latest red-envelope rain and the member's floating-ball state of it; null when none",
        tags,
        body: economyRoomRequestSchema,
        response: memberResponses(z.nullable(redEnvelopeSchema), { 404: errorEnvelope }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      await requireRoom(request.body.roomId, memberId);
      return ok(await economy.events.redEnvelope(request.body.roomId, memberId));
    },
  );

  app.post(
    ECONOMY_PATHS.redEnvelopeReceive,
    {
      onRequest: member,
      schema: {
        summary: 'Receive an envelope of an open rain: data, or the string "failure" (msg says why)',
        description:
          'At most one envelope per member per rain, whatever the race: the envelope, the coin credit (ledger kind red_envelope) ' +
          'and the daily receive limit are one transaction. "failure": not open, already received, every envelope taken, or the ' +
          'daily receive limit reached. An unknown rain (or another room\'s) is 404.',
        tags,
        body: redEnvelopeReceiveRequestSchema,
        response: memberResponses(redEnvelopeReceiveSchema, { 404: errorEnvelope }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      await requireRoom(request.body.roomId, memberId);
      // The nickname only for the marquee of a large envelope: most receives of a busy rain answer failure.
      const nicknameOf = async () => (await memberRow(memberId)).nickname;
      const result = await economy.events.receive(memberId, nicknameOf, request.body.roomId, request.body.recordId);
      return result.ok ? ok(result.data) : ok(RED_ENVELOPE_FAILURE, result.why);
    },
  );

  app.post(
    ECONOMY_PATHS.lotteryStartInfo,
    {
      schema: {
        summary: "The room's current or latest lottery (live or answer lottery); null when none",
        description: 'Open to visitors (joined false); with a token also the member\'s entry. The seed is revealed once it is finished.',
        tags,
        body: economyRoomRequestSchema,
        response: { ...foreheadResponses(z.nullable(lotteryInfoSchema)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const memberId = await optionalMember(request);
      await requireRoom(request.body.roomId, memberId);
      return ok(await economy.events.lotteryInfo(request.body.roomId, memberId, request.body.language ?? 'CMN'));
    },
  );

  app.post(
    ECONOMY_PATHS.lotteryWin,
    { onRequest: member, schema: { summary: "The member's result in one lottery", tags, body: lotteryWinRequestSchema, response: memberResponses(lotteryWinSchema, { 404: errorEnvelope }) } },
    async (request) => {
      const { memberId } = currentMember(request);
      await requireRoom(request.body.roomId, memberId);
      return ok(await economy.events.win(memberId, request.body.roomId, request.body.recordId));
    },
  );

  app.post(
    ECONOMY_PATHS.lotteryWinList,
    { schema: { summary: "The room's latest lottery winners, newest draw first (at most 50)", tags, body: economyRoomRequestSchema, response: { ...foreheadResponses(lotteryWinListSchema), 404: errorEnvelope } } },
    async (request) => {
      await requireRoom(request.body.roomId, await optionalMember(request));
      return ok(await economy.events.winList(request.body.roomId));
    },
  );

  app.post(
    ECONOMY_PATHS.voteSubmit,
    {
      onRequest: member,
      schema: {
        summary: 'Vote in an open live lottery (this enters the member in its draw)',
        description: 'Once per member and lottery (409 17007 the second time); 409 17006 when not open; 422 17008 an option it does not have.',
        tags,
        body: voteSubmitRequestSchema,
        response: memberResponses(voteSubmittedSchema, refusals),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const { recordId, voteResult, roomId } = request.body;
      await requireRoom(roomId, memberId);
      return ok(await economy.events.vote(memberId, roomId, recordId, voteResult));
    },
  );

  app.post(
    ECONOMY_PATHS.voteInfo,
    { onRequest: member, schema: { summary: "The room's current or latest live lottery vote; null when none", tags, body: economyRoomRequestSchema, response: memberResponses(z.nullable(voteInfoSchema), { 404: errorEnvelope }) } },
    async (request) => {
      const { memberId } = currentMember(request);
      await requireRoom(request.body.roomId, memberId);
      return ok(await economy.events.voteInfo(request.body.roomId, memberId));
    },
  );

  app.post(
    ECONOMY_PATHS.approvalSubmit,
    {
      onRequest: member,
      schema: {
        summary: "Answer the room's open answer lottery (right answers enter its draw)",
        description: 'messageId is the question\'s chat message (approval/info); matchId the room\'s match. Once per member (409 17007).',
        tags,
        body: approvalSubmitRequestSchema,
        response: memberResponses(approvalSubmittedSchema, refusals),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const { approvalResult, roomId, matchId, messageId } = request.body;
      await requireRoom(roomId, memberId);
      return ok(await economy.events.approve(memberId, roomId, matchId, String(messageId), approvalResult));
    },
  );

  app.post(
    ECONOMY_PATHS.approvalInfo,
    { onRequest: member, schema: { summary: "The room's current or latest answer lottery; null when none", tags, body: economyRoomRequestSchema, response: memberResponses(z.nullable(approvalInfoSchema), { 404: errorEnvelope }) } },
    async (request) => {
      const { memberId } = currentMember(request);
      await requireRoom(request.body.roomId, memberId);
      return ok(await economy.events.approvalInfo(request.body.roomId, memberId));
    },
  );

  app.post(
    ECONOMY_PATHS.fairProof,
    {
      schema: {
        summary: "An event's provably fair proof: seed hash, and once finished the seed, entries and outcome",
        description: 'Recompute with `node scripts/verify-fair.mjs <recordId>` or by the algorithm in docs/api.md "Provably fair".',
        tags,
        body: fairProofRequestSchema,
        response: { ...foreheadResponses(fairProofSchema), 404: errorEnvelope },
      },
    },
    async (request) => ok(await economy.events.proof(request.body.recordId)),
  );

  app.post(
    ECONOMY_PATHS.operatorStartEvent,
    {
      onRequest: requireOperator(operatorToken),
      schema: {
        summary: 'Operator: start a rain or a lottery in a room now (after its countdown)',
        description:
          `Operators only: the token of env OPERATOR_TOKEN in the ${OPERATOR_TOKEN_HEADER} header (401 without, 403 with another ` +
          'or when unset). A rain needs budget and envelopes; a lottery winners, reward, question and options (and answer for kind 4). ' +
          '409 17004 when the room has no broadcast, 17012 when it runs one of the kind already.',
        tags,
        headers: operatorHeaders,
        body: operatorStartEventRequestSchema,
        response: { ...foreheadResponses(operatorEventSchema, { auth: true }), 403: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { roomId, language: _language, ...input } = request.body;
      const parsed = eventTemplateSchema.safeParse(input);
      if (!parsed.success) throw new ApiError(400, CODES.INVALID_INPUT, formatZodError(parsed.error, 'body'));
      const template: EventTemplate = parsed.data;
      const room = economy.roomOnAir(roomId);
      if (!room) throw new ApiError(409, EconomyError.RoomNotLive, `roomId: room ${roomId} has no broadcast now`);
      const row = await economy.events.start(room, template, null);
      if (!row) throw new ApiError(409, EconomyError.EventBusy, `roomId: no event started in room ${roomId}`);
      request.log.info({ recordId: row.id, roomId, kind: row.kind }, 'room event started by an operator');
      return ok({ recordId: Number(row.id), roomId, kind: row.kind as 1 | 3 | 4, status: row.status as 0 | 1 | 2, startTime: Number(row.start_time), endTime: Number(row.end_time), seedHash: row.seed_hash });
    },
  );
};

