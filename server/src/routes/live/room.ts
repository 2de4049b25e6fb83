import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_ROOM_PATHS } from '../../../../contract/paths';
import {
  activitySchema,
  activitySelectRequestSchema,
  anchorProxySchema,
  bookingSchema,
  enterAnimationSchema,
  firstBetOfferSchema,
  followRequestSchema,
  followSchema,
  liveEmptyRequestSchema,
  matchMessageSchema,
  type MatchMessage,
  messageSelectRequestSchema,
  roomRequestSchema,
  subscribeInfoSchema,
  watchSchema,
  type LiveBooking,
} from '../../../../contract/liveRoom';
import { isAnchorVisible, type AnchorViewer } from '../../../../domain/anchors';
import type { Anchor } from '../../../../contract/live';
import type { LiveBookingRow, Member } from '../../db/schema';
import type { Lang } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { CoverRefused } from '../../live/firstBetCover';
import { anchorProxyEnableOf, enterEffectOf } from '../../live/memberLive';
import { viewKey } from '../../live/watches';
import type { Currency } from '../../money';

/**
 * The live room's member calls (spec 001 section 7 "Gifts, coins, events" and "Other live calls"; docs/api.md "Live
 * room"): follow, booking, views, the room's events and program messages, the entrance animation, the anchor-proxy
 * switch and first-bet coverage. A member reaches only their own follows, bookings and coverage: every query is keyed
 * by the session's member, never by an id from the request.
 */
export const liveRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });
  const memberResponses = <T extends z.core.$ZodType>(data: T) => ({ ...foreheadResponses(data, { auth: true }), 404: errorEnvelope });

  async function memberRow(memberId: number): Promise<Member> {
    const row = await app.auth.getMember(memberId);
    if (!row) throw new ApiError(401, CODES.SESSION_EXPIRED, 'session expired');
    return row;
  }

  async function viewerOf(memberId: number | undefined): Promise<AnchorViewer> {
    if (memberId === undefined) return { isLogin: false, specialRoomIds: new Set() };
    return { isLogin: true, specialRoomIds: new Set(await app.specialRooms.of(memberId)) };
  }

  /** The member of an optional token: undefined for a visitor and for a stale token (those calls are public). */
  async function optionalMember(request: FastifyRequest): Promise<number | undefined> {
    const token = readToken(request.headers.authorization);
    const session = token ? await app.auth.authenticate(token) : undefined;
    return session?.ok ? session.session.memberId : undefined;
  }

  /** A room's anchor, if the viewer may see the room; 404 naming the field otherwise (a hidden room is an unknown one). */
  async function visibleRoom(liveRoomId: number, memberId: number | undefined, field: string) {
    const profile = app.anchors.roster.room(liveRoomId);
    if (!profile || !isAnchorVisible(profile, await viewerOf(memberId))) throw new ApiError(404, CODES.NOT_FOUND, `${field}: no live room ${liveRoomId}`);
    return profile;
  }

  /** A room the viewer may see, on the match its anchor is on now; 404 naming the field otherwise. */
  async function roomFor(liveRoomId: number, memberId: number | undefined, lang: Lang, field = 'liveRoomId'): Promise<Anchor> {
    await visibleRoom(liveRoomId, memberId, field);
    const room = app.anchors.room(liveRoomId, lang);
    if (!room) throw new ApiError(404, CODES.NOT_FOUND, `${field}: room ${liveRoomId} has no broadcast scheduled now`);
    return room;
  }

  function bookingWire(row: LiveBookingRow, rooms: readonly Anchor[], lang: Lang): LiveBooking {
    const liveRoomId = Number(row.live_room_id);
    const matchId = Number(row.match_id);
    const hostId = Number(row.host_id);
    const fixture = app.feed.fixture(matchId);
    return {
      liveRoomId,
      hostId,
      hostName: app.anchors.roster.host(hostId)?.hostName ?? '',
      matchId,
      status: row.status as LiveBooking['status'],
      liveStatus: rooms.find((r) => r.liveRoomId === liveRoomId)?.liveStatus ?? null,
      bookedAt: Number(row.created_at),
      modifiedAt: Number(row.modified_at),
      match: fixture && matchId > 0
        ? { sportId: fixture.sportId, leagueName: fixture.league.name[lang], homeName: fixture.home.name[lang], awayName: fixture.away?.name[lang] ?? '', beginTime: fixture.beginTime }
        : null,
    };
  }

  const tags = ['live room'];

  /**
   * A member's call on one room (body: the room and the language, CMN by default): answers what `answer` makes of the
   * session's member, the room and the language.
   */
  function memberRoomRoute<T extends z.core.$ZodType>(
    url: string,
    doc: { summary: string; description?: string },
    data: T,
    answer: (memberId: number, liveRoomId: number, lang: Lang) => Promise<z.input<T>>,
  ) {
    app.post(url, { onRequest: member, schema: { ...doc, tags, body: roomRequestSchema, response: memberResponses(data) } }, async (request) => {
      const { memberId } = currentMember(request);
      return ok(await answer(memberId, request.body.liveRoomId, request.body.language ?? 'CMN'));
    });
  }

  for (const [url, followed] of [
    [LIVE_ROOM_PATHS.subscribe, true],
    [LIVE_ROOM_PATHS.unsubscribe, false],
  ] as const) {
    app.post(
      url,
      {
        onRequest: member,
        schema: {
          summary: followed ? 'Follow an anchor (idempotent)' : 'Unfollow an anchor (idempotent)',
          description: 'The app toasts "followed" / "unfollowed anchor". An anchor the member may not see (an exclusive or agent room outside their special rooms) answers 404 like an unknown one.',
          tags,
          body: followRequestSchema,
          response: memberResponses(followSchema),
        },
      },
      async (request) => {
        const { memberId } = currentMember(request);
        const { hostId } = request.body;
        const profile = app.anchors.roster.host(hostId);
        if (!profile || !isAnchorVisible(profile, await viewerOf(memberId))) throw new ApiError(404, CODES.NOT_FOUND, `hostId: no anchor ${hostId}`);
        if (followed) await app.liveFollows.follow(memberId, hostId);
        else await app.liveFollows.unfollow(memberId, hostId);
        return ok({ hostId, followed });
      },
    );
  }

  app.post(
    LIVE_ROOM_PATHS.subscribeInfo,
    {
      onRequest: member,
      schema: {
        summary: "The member's booking subscriptions: followed anchors and booked matches",
        tags,
        body: liveEmptyRequestSchema,
        response: foreheadResponses(subscribeInfoSchema, { auth: true }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const [subscribeHostId, subscribeMatchId] = await Promise.all([app.liveFollows.hostIds(memberId), app.liveBookings.openMatchIds(memberId)]);
      return ok({ subscribeHostId, subscribeMatchId });
    },
  );

  memberRoomRoute(
    LIVE_ROOM_PATHS.bookingAdd,
    {
      summary: "Book a room's next broadcast; the member is noticed on member:<uid>:live when it goes live",
      description:
        "A waiting room's next broadcast is the match it waits for; a room live now (or just ended) is booked for the match it goes live on next. Booking a room with an open booking answers that booking.",
    },
    bookingSchema,
    async (memberId, liveRoomId, lang) => {
      const profile = await visibleRoom(liveRoomId, memberId, 'liveRoomId');
      const rooms = app.anchors.rooms('all', lang);
      const row = await app.liveBookings.book(memberId, liveRoomId, profile.hostId, rooms.find((r) => r.liveRoomId === liveRoomId));
      return bookingWire(row, rooms, lang);
    },
  );

  memberRoomRoute(
    LIVE_ROOM_PATHS.bookingCancel,
    { summary: "Cancel the member's open booking of a room (idempotent: answers the latest booking of the room)" },
    bookingSchema,
    async (memberId, liveRoomId, lang) => {
      const row = await app.liveBookings.cancel(memberId, liveRoomId);
      if (!row) throw new ApiError(404, CODES.NOT_FOUND, `liveRoomId: you have no booking of room ${liveRoomId}`);
      return bookingWire(row, app.anchors.rooms('all', lang), lang);
    },
  );

  app.post(
    LIVE_ROOM_PATHS.bookingList,
    {
      onRequest: member,
      schema: {
        summary: "The member's bookings, newest first (at most 100)",
        tags,
        body: liveEmptyRequestSchema,
        response: foreheadResponses(z.array(bookingSchema), { auth: true }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const lang = request.body?.language ?? 'CMN';
      const rooms = app.anchors.rooms('all', lang);
      return ok((await app.liveBookings.list(memberId)).map((row) => bookingWire(row, rooms, lang)));
    },
  );

  app.post(
    LIVE_ROOM_PATHS.watch,
    {
      schema: {
        summary: "Record a view of a room for its popularity (a member's views within 30 minutes count once)",
        description: 'Open to visitors, whose views are answered but not counted (counted false). Popularity is the anchor search\'s, counted views included.',
        tags,
        body: roomRequestSchema,
        response: { ...foreheadResponses(watchSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const memberId = await optionalMember(request);
      const room = await roomFor(request.body.liveRoomId, memberId, request.body.language ?? 'CMN');
      const counted = memberId === undefined ? false : await app.liveWatches.watch(memberId, room);
      const views = await app.liveWatches.viewsOf([room]);
      return ok({ liveRoomId: room.liveRoomId, matchId: room.matchId, counted, popularity: room.popularity + (views.get(viewKey(room)) ?? 0) });
    },
  );

  app.post(
    LIVE_ROOM_PATHS.activitySelect,
    {
      schema: {
        summary: "A room's events: live lotteries, red envelope rains and answer lotteries",
        description: "The room's latest 20 events, newest first (docs/api.md \"Coins, gifts and room events\").",
        tags,
        body: activitySelectRequestSchema,
        response: { ...foreheadResponses(z.array(activitySchema)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const lang = request.body.language ?? 'CMN';
      await roomFor(request.body.roomId, await optionalMember(request), lang, 'roomId');
      return ok(await app.economy.events.activities(request.body.roomId, lang));
    },
  );

  app.post(
    LIVE_ROOM_PATHS.messageSelect,
    {
      schema: {
        summary: "A match's program (expert) messages",
        description:
          'The experts\' messages with a pick on the match, newest first (at most 50; the experts list pages the rest). ' +
          'No content here: it stays behind the paid unlock. An unknown match answers 404.',
        tags,
        body: messageSelectRequestSchema,
        response: { ...foreheadResponses(z.array(matchMessageSchema)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { matchId } = request.body;
      if (!app.feed.fixture(matchId)) throw new ApiError(404, CODES.NOT_FOUND, `matchId: no match ${matchId}`);
      const page = await app.experts.messages.list({ matchIds: [matchId] }, { page: 1, size: 50 }, (await optionalMember(request)) ?? null, request.body.language ?? 'CMN');
      return ok(
        page.list.map(
          (m): MatchMessage => ({
            id: m.id,
            professorId: m.professorId,
            sportsTitle: m.sportsTitle,
            tag: m.tag,
            bettingType: m.bettingType,
            sportsPlay: m.sportsPlay,
            publishTime: m.publishTime,
            isHot: m.isHot,
            readCount: m.readCount,
            commentCount: m.commentCount,
            goldPrice: m.goldPrice,
            isBuy: m.isBuy,
            messageMatchList: m.messageMatchList.map((x) => ({ matchId: x.matchId, sportsId: x.sportsId })),
          }),
        ),
      );
    },
  );

  memberRoomRoute(
    LIVE_ROOM_PATHS.enterAnimation,
    { summary: 'The entrance the room shows when the member enters: name, VIP level, worn title and effect' },
    enterAnimationSchema,
    async (memberId, liveRoomId, lang) => {
      const room = await roomFor(liveRoomId, memberId, lang);
      const row = await memberRow(memberId);
      return {
        liveRoomId: room.liveRoomId,
        uid: memberId,
        nickname: row.nickname,
        vipLevel: row.vip_level,
        wornTitleId: row.worn_title_id,
        effect: enterEffectOf(row.vip_level),
      };
    },
  );

  app.post(
    LIVE_ROOM_PATHS.anchorProxy,
    {
      onRequest: member,
      schema: {
        summary: "The anchor-proxy switch of the member (the app re-checks it every 60 s and sets it to 0 on failure)",
        tags,
        body: liveEmptyRequestSchema,
        response: foreheadResponses(anchorProxySchema, { auth: true }),
      },
    },
    async (request) => ok({ anchorProxyEnable: anchorProxyEnableOf(await memberRow(currentMember(request).memberId)) }),
  );

  for (const [url, joining] of [
    [LIVE_ROOM_PATHS.firstBetInfo, false],
    [LIVE_ROOM_PATHS.firstBetJoin, true],
  ] as const) {
    memberRoomRoute(
      url,
      {
        summary: joining ? "Join the room's first-bet coverage for the match it is on" : "The room's first-bet coverage offer, the member's eligibility and state",
        description:
          'The first single on the match placed after joining, in the member\'s currency, is covered: if it settles lost (or half lost) the lost stake is refunded at settlement, up to the cap (docs/api.md "First-bet coverage").' +
          (joining ? ' Refused (400) after a bet on the match, after joining in another room on the same match, or once the room ended; joining again answers the offer unchanged.' : ''),
      },
      firstBetOfferSchema,
      async (memberId, liveRoomId, lang) => {
        const room = await roomFor(liveRoomId, memberId, lang);
        const currency = (await memberRow(memberId)).currency as Currency;
        if (!joining) return app.firstBetCover.offer(memberId, currency, room, lang);
        try {
          return await app.firstBetCover.join(memberId, currency, room, lang);
        } catch (error) {
          if (error instanceof CoverRefused) throw new ApiError(400, CODES.INVALID_INPUT, error.message);
          throw error;
        }
      },
    );
  }
};
