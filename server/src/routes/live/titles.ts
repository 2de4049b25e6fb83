import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_ROOM_PATHS } from '../../../../contract/paths';
import {
  liveEmptyRequestSchema,
  memberTitlesSchema,
  titleIconParams,
  titlesSchema,
  titleObtainRequestSchema,
  titleObtainSchema,
  titleSetRequestSchema,
  titleSetSchema,
  titleWallRequestSchema,
  titleWallSchema,
} from '../../../../contract/liveRoom';
import { svgSchema } from '../../../../contract/media';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { currentMember, requireMember } from '../../http/requireMember';
import { titleBadge } from '../../live/titleArt';
import { howObtained, TITLE_CATALOGUE, titleById, titleWire } from '../../live/titles';

/** The catalogue in the order it is shown. */
const CATALOGUE = [...TITLE_CATALOGUE].sort((a, b) => a.sort - b.sort);

/**
 * Member titles (spec 001 section 7 "Titles"; docs/api.md "Titles"). The catalogue is public; a member's own titles,
 * their progress and the title they wear need their session; a wall (the titles a member obtained) may be viewed by
 * any signed-in member, because titles are worn in chat for everyone to see.
 */
export const titleRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });
  const tags = ['titles'];

  app.post(
    LIVE_ROOM_PATHS.titleCatalogue,
    {
      schema: {
        summary: 'Every title: id, name, icon and how it is obtained, in the request language',
        tags,
        body: liveEmptyRequestSchema,
        response: foreheadResponses(titlesSchema),
      },
    },
    async (request) => ok(CATALOGUE.map((def) => titleWire(def, request.body?.language ?? 'CMN'))),
  );

  app.post(
    LIVE_ROOM_PATHS.titleList,
    {
      onRequest: member,
      schema: {
        summary: 'Every title with the member\'s state of it (obtained, when, worn); titles reached are awarded on asking',
        tags,
        body: liveEmptyRequestSchema,
        response: foreheadResponses(memberTitlesSchema, { auth: true }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const lang = request.body?.language ?? 'CMN';
      const [state, row] = await Promise.all([app.memberTitles.evaluate(memberId), app.auth.getMember(memberId)]);
      return ok(
        CATALOGUE.map((def) => ({
          ...titleWire(def, lang),
          obtained: state.obtained.has(def.id),
          obtainedAt: state.obtained.get(def.id) ?? null,
          worn: row?.worn_title_id === def.id,
        })),
      );
    },
  );

  app.post(
    LIVE_ROOM_PATHS.titleWall,
    {
      onRequest: member,
      schema: {
        summary: "A member's title wall: their obtained titles and the one worn (any signed-in member may look)",
        description: 'Public on a wall: nickname, VIP level, worn title and obtained titles. Private (own only, user/title/obtain/info): counts and progress.',
        tags,
        body: titleWallRequestSchema,
        response: { ...foreheadResponses(titleWallSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { userId } = request.body;
      const lang = request.body.language ?? 'CMN';
      const row = await app.auth.getMember(userId);
      if (!row) throw new ApiError(404, CODES.NOT_FOUND, `userId: no member ${userId}`);
      const state = await app.memberTitles.evaluate(userId);
      const titles = CATALOGUE.filter((def) => state.obtained.has(def.id))
        .map((def) => ({ ...titleWire(def, lang), obtainedAt: state.obtained.get(def.id)! }))
        .sort((a, b) => a.obtainedAt - b.obtainedAt || a.sort - b.sort);
      return ok({ userId, nickname: row.nickname, vipLevel: row.vip_level, wornTitleId: row.worn_title_id, titles, total: CATALOGUE.length });
    },
  );

  app.post(
    LIVE_ROOM_PATHS.titleSet,
    {
      onRequest: member,
      schema: {
        summary: 'Wear an obtained title (shown beside the name in chat), or none with titleId 0',
        description: 'A title not obtained (or unknown) answers 400 naming titleId and what it takes.',
        tags,
        body: titleSetRequestSchema,
        response: foreheadResponses(titleSetSchema, { auth: true }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const { titleId } = request.body;
      const lang = request.body.language ?? 'CMN';
      if (titleId !== 0) {
        const def = titleById(titleId);
        if (!def) throw new ApiError(400, CODES.INVALID_INPUT, `titleId: no title ${titleId} (see user/membertitlemanagement/listpc)`);
        const state = await app.memberTitles.evaluate(memberId);
        if (!state.obtained.has(titleId)) {
          throw new ApiError(400, CODES.INVALID_INPUT, `titleId: title ${titleId} (${def.name[lang]}) is not obtained yet: ${howObtained(def, lang)}`);
        }
      }
      const wornTitleId = titleId === 0 ? null : titleId;
      await app.db.updateTable('members').set({ worn_title_id: wornTitleId }).where('id', '=', memberId).execute();
      return ok({ wornTitleId });
    },
  );

  app.post(
    LIVE_ROOM_PATHS.titleObtain,
    {
      onRequest: member,
      schema: {
        summary: "A title's conditions and the member's progress towards them (own only)",
        tags,
        body: titleObtainRequestSchema,
        response: { ...foreheadResponses(titleObtainSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      const { titleId } = request.body;
      const lang = request.body.language ?? 'CMN';
      const def = titleById(titleId);
      if (!def) throw new ApiError(404, CODES.NOT_FOUND, `titleId: no title ${titleId}`);
      const state = await app.memberTitles.evaluate(memberId);
      const obtainedAt = state.obtained.get(titleId) ?? null;
      const current = Math.min(state.metrics[def.metric], def.target);
      const met = obtainedAt !== null;
      return ok({
        titleId,
        name: def.name[lang],
        obtained: met,
        obtainedAt,
        conditions: [{ description: howObtained(def, lang), current: met ? def.target : current, target: def.target, met }],
        progress: met ? 100 : Math.floor((current * 100) / def.target),
      });
    },
  );

  /** The title's badge: a generated SVG (live/titleArt.ts), so every title has an icon without shipping artwork. */
  app.get(
    '/api/title/icon/:id',
    {
      schema: {
        summary: "A title's icon (SVG, 64 x 64)",
        tags,
        params: titleIconParams,
        response: { 200: svgSchema, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const def = titleById(request.params.id);
      if (!def) throw new ApiError(404, CODES.NOT_FOUND, `id: no title ${request.params.id}`);
      const rank = TITLE_CATALOGUE.filter((other) => other.metric === def.metric && other.target <= def.target).length;
      const svg = titleBadge(def, rank, def.name.ENG);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // Opened directly, an SVG is a document: no scripts or outside loads, whatever it holds.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
};
