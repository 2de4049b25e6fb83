import { readFile } from 'node:fs/promises';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatImageSchema,
  chatLanguageBodySchema,
  chatOrderHistoryBodySchema,
  chatOrderHistorySchema,
  chatRuleSchema,
  chatShowQuerySchema,
  chatShowSchema,
  chatTokenSchema,
  emojiListSchema,
  orderShowRuleSchema,
  reportAddedSchema,
  reportAddSchema,
  reportCategoriesSchema,
  chatFileParams,
  chatHistoryPageSchema,
  chatHistoryQuerySchema,
  chatRuleQuerySchema,
  chatSocketQuerySchema,
  type ChatSocketQuery,
  type ReportAddRequest,
} from '../../../../contract/chat';
import { ChatError } from '../../../../contract/errors';
import { CHAT_PATHS } from '../../../../contract/paths';
import { isAnchorVisible, LiveStatus, type AnchorViewer } from '../../../../domain/anchors';
import { REPORT_CATEGORIES, emojiGroups, reportCategories } from '../../chat/catalogue';
import { orderShowRule } from '../../chat/orders';
import { ChatRefusal } from '../../chat/context';
import type { Lang } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, foreheadError, ok } from '../../http/envelope';
import { createErrorHandler } from '../../http/errorHandler';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { addNoStore } from '../../http/securityHeaders';
import { upgradeRequiredResponse, websocketHandlers } from '../../http/websocketRoute';

const IMAGE_BODY = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

/** Chat refusals answer the forehead envelope with their code and status. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChatRefusal) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
}

const toId = (value: number | string) => Number(value);

/**
 * The chat's HTTP routes and the /chat websocket (spec 001 section 7 "Chat and reporting"; docs/api.md "Chat").
 * Member-only routes answer 401 with code 400 or 405 like every forehead route; tokens and member answers are no-store.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });
  const { maxBytes } = app.platformConfig.chat.image;
  const handleError = createErrorHandler('forehead');
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.url.startsWith(CHAT_PATHS.imageUpload)) {
      return reply.code(413).send(foreheadError(CODES.PAYLOAD_TOO_LARGE, `body: an image larger than ${maxBytes} bytes (chat.image.maxBytes)`));
    }
    return handleError(error, request, reply);
  });
  // Images arrive as the raw body (no multipart dependency); the content decides the type, not this header.
  app.addContentTypeParser(IMAGE_BODY, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));

  /** The signed-in caller on a route visitors may call too (undefined for a visitor or a dead session). */
  async function memberIdOf(request: FastifyRequest): Promise<number | undefined> {
    const token = readToken(request.headers.authorization);
    const session = token ? await app.auth.authenticate(token) : undefined;
    return session?.ok ? session.session.memberId : undefined;
  }

  async function viewerOf(request: FastifyRequest): Promise<AnchorViewer> {
    const memberId = await memberIdOf(request);
    if (memberId === undefined) return { isLogin: false, specialRoomIds: new Set() };
    return { isLogin: true, specialRoomIds: new Set(await app.specialRooms.of(memberId)) };
  }

  app.register(async (plain) => {
    const user = plain.withTypeProvider<ZodTypeProvider>();
    user.addHook('onSend', addNoStore);
    user.get(
      CHAT_PATHS.token,
      {
        onRequest: member,
        schema: {
          summary: 'A chat token (opens /chat as this member), the chat rule and a platform-wide mute',
          description: 'Members only: visitors read chat without a token and cannot send. The token lasts chatRule.tokenTtlSeconds.',
          tags: ['chat'],
          response: foreheadResponses(chatTokenSchema, { auth: true }),
        },
      },
      async (request) => {
        const { memberId } = currentMember(request);
        const { token, expiresAt } = await app.chat.issueToken(memberId, request.authToken ?? '');
        return ok({ token, expiresAt, chatRule: app.chat.rule, chatBanInfo: await app.chat.banOf(memberId, 0) });
      },
    );

    user.post(
      CHAT_PATHS.reportAdd,
      {
        onRequest: member,
        schema: {
          summary: 'Report a chat message (one report per member and message)',
          description: 'A second report of the same message answers 409 with code 16012; an unknown message 404 (16009).',
          tags: ['chat'],
          body: reportAddSchema,
          response: { ...foreheadResponses(reportAddedSchema, { auth: true }), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ok(await addReport(currentMember(request).memberId, request.body)),
    );

    user.get(
      CHAT_PATHS.reportHostAdd,
      {
        onRequest: member,
        schema: {
          summary: "The report host's report call: the same report as POST /api/forehead/live/chat/report/add, in the query",
          tags: ['chat'],
          querystring: reportAddSchema,
          response: { ...foreheadResponses(reportAddedSchema, { auth: true }), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ok(await addReport(currentMember(request).memberId, request.query)),
    );

    user.post(
      CHAT_PATHS.orderHistory,
      {
        onRequest: member,
        schema: {
          summary: "The member's orders that may be shared in the room (spec 001 section 5), newest first, at most showCount",
          tags: ['chat'],
          body: chatOrderHistoryBodySchema,
          response: { ...foreheadResponses(chatOrderHistorySchema, { auth: true }), 404: errorEnvelope },
        },
      },
      async (request) =>
        refusing(async () => {
          const roomId = toId(request.body.roomId);
          const { memberId } = currentMember(request);
          if (!(await app.chat.canSee(roomId, memberId))) throw new ChatRefusal(ChatError.RoomNotFound, `roomId: no live room ${roomId}`, 404);
          const matchId = app.chat.matchOf(roomId) ?? null;
          const records = matchId === null ? [] : await app.chat.orders.history(memberId, matchId, (request.body.language ?? 'CMN') as Lang);
          return ok({ rule: orderShowRule(app.platformConfig), matchId, records });
        }),
    );

    user.post(
      CHAT_PATHS.imageUpload,
      {
        onRequest: member,
        bodyLimit: maxBytes,
        schema: {
          summary: 'Upload a chat image: the raw bytes as the body (content-type image/* or application/octet-stream)',
          description:
            'Checked by content: PNG, JPEG, GIF or WebP by their magic bytes (415, code 4015, otherwise), at most ' +
            'chat.image.maxBytes (413, 4013) and maxWidth × maxHeight pixels read from the header (400, 4001). Send the answer\'s ' +
            '`file` as `image` in an image or image-text message.',
          tags: ['chat'],
          response: { ...foreheadResponses(chatImageSchema, { auth: true }), 413: errorEnvelope, 415: errorEnvelope },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new ApiError(415, CODES.UNSUPPORTED_MEDIA_TYPE, `body: expected the image bytes with content-type image/png, image/jpeg, image/gif or image/webp, got ${request.headers['content-type'] ?? 'no content-type'}`);
        }
        const image = request.body;
        return refusing(async () => ok(await app.chat.saveImage(currentMember(request).memberId, image)));
      },
    );
  });

  async function addReport(memberId: number, input: ReportAddRequest) {
    const cateId = toId(input.cateId);
    if (!REPORT_CATEGORIES.some((c) => c.id === cateId)) {
      throw new ApiError(400, CODES.INVALID_INPUT, `cateId: expected one of ${REPORT_CATEGORIES.map((c) => c.id).join(', ')} (report/cate), got ${cateId}`);
    }
    return refusing(() => app.chat.report(memberId, String(input.messageId), cateId, input.remark ?? ''));
  }

  app.get(
    CHAT_PATHS.rule,
    {
      schema: { summary: 'The chat rule: the limits the platform enforces', tags: ['chat'], querystring: chatRuleQuerySchema, response: foreheadResponses(chatRuleSchema) },
    },
    async () => ok(app.chat.rule),
  );

  app.get(
    CHAT_PATHS.history,
    {
      onSend: addNoStore,
      schema: {
        summary: 'Older messages of a room (scroll-back): the page before a message, oldest first',
        description:
          'Visitors get normal rooms; exclusive and agent rooms need a member token that may see them (404, code 16007, ' +
          'otherwise, as for an unknown room). Deleted messages are left out. Ask again with the first message id as `before` while `hasMore`.',
        tags: ['chat'],
        querystring: chatHistoryQuerySchema,
        response: { ...foreheadResponses(chatHistoryPageSchema), 404: errorEnvelope },
      },
    },
    async (request) =>
      refusing(async () => {
        const roomId = toId(request.query.roomId);
        if (!(await app.chat.canSee(roomId, await memberIdOf(request)))) throw new ChatRefusal(ChatError.RoomNotFound, `roomId: no live room ${roomId}`, 404);
        const size = request.query.size === undefined ? undefined : Number(request.query.size);
        return ok(await app.chat.earlier(roomId, request.query.before, size));
      }),
  );

  app.get(
    CHAT_PATHS.show,
    {
      schema: {
        summary: 'Whether chat shows for a match: a live room (waiting or living) the caller may see is on it',
        description: 'gameId is the matchId. Visitors are answered normal rooms; a member token adds their special rooms.',
        tags: ['chat'],
        querystring: chatShowQuerySchema,
        response: foreheadResponses(chatShowSchema),
      },
    },
    async (request) => {
      const matchId = toId(request.query.gameId);
      const viewer = await viewerOf(request);
      const roomIds = app.anchors
        .rooms('all', 'CMN')
        .filter((r) => r.matchId === matchId && r.liveStatus !== LiveStatus.Ended && isAnchorVisible(r, viewer))
        .map((r) => r.liveRoomId)
        .sort((a, b) => a - b);
      return ok({ show: roomIds.length > 0, roomIds });
    },
  );

  app.post(
    CHAT_PATHS.emoji,
    {
      schema: { summary: 'Emoji groups (unicode emoji); group names in the request language', tags: ['chat'], body: chatLanguageBodySchema, response: foreheadResponses(emojiListSchema) },
    },
    async (request) => ok(emojiGroups((request.body?.language ?? 'CMN') as Lang)),
  );

  app.post(
    CHAT_PATHS.reportCategories,
    {
      schema: { summary: 'Report categories in the request language', tags: ['chat'], body: chatLanguageBodySchema, response: foreheadResponses(reportCategoriesSchema) },
    },
    async (request) => ok(reportCategories((request.body?.language ?? 'CMN') as Lang)),
  );

  app.post(
    CHAT_PATHS.orderRule,
    {
      schema: { summary: 'The order show rule: orders listed and the least stake per coin', tags: ['chat'], body: chatLanguageBodySchema, response: foreheadResponses(orderShowRuleSchema) },
    },
    async () => ok(orderShowRule(app.platformConfig)),
  );

  app.get(
    `${CHAT_PATHS.file}/:file`,
    {
      schema: {
        summary: 'A chat image by the name the upload answered',
        description: 'Only names the store makes (32 hex digits and .png, .jpg, .gif or .webp) are looked up; any other name answers 400, an unknown one 404.',
        tags: ['chat'],
        params: chatFileParams,
        response: { 200: z.unknown().describe('the image bytes (image/png, image/jpeg, image/gif or image/webp)'), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const stored = app.chat.imagePath(file);
      if (!stored) throw new ApiError(400, CODES.INVALID_INPUT, `file: expected a name like "<32 hex digits>.png" made by the image upload, got ${JSON.stringify(file.slice(0, 80))}`);
      let bytes: Buffer;
      try {
        bytes = await readFile(stored.file);
      } catch {
        throw new ApiError(404, CODES.NOT_FOUND, `file: no file ${file}`);
      }
      return reply
        .type(stored.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );

  app.route({
    method: 'GET',
    url: CHAT_PATHS.socket,
    schema: {
      summary: 'Chat (websocket)',
      description:
        'Upgrade to a websocket: /chat?token=<chat token>&language=<lang> for a member, without token for a visitor (reads, ' +
        'cannot send). Frames: join, leave, send, delete, mute, unmute, block, slow, ping; the platform answers hello, joined, ' +
        'left, ack, error, pong and delivers room events as {chId, seq, epoch, data}. Protocol: docs/api.md "Chat". ' +
        'An unknown or expired token closes with 4401; a foreign origin, or too many connections, with 1008. Without an upgrade the answer is HTTP 426, code 4026.',
      tags: ['chat'],
      querystring: chatSocketQuerySchema,
      response: upgradeRequiredResponse,
    },
    ...websocketHandlers(app.originPolicy, (socket, request) => {
      const query = request.query as ChatSocketQuery;
      app.chatSockets.serve(socket, { token: query.token || undefined, address: request.ip, lang: query.language ?? 'CMN' });
    }),
  });
};
