import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attentionRequestSchema,
  attentionSchema,
  bankerDetailRequestSchema,
  bankerDetailSchema,
  commentLikeRequestSchema,
  commentLikeSchema,
  commentListRequestSchema,
  commentPublishRequestSchema,
  commentReportCategoriesSchema,
  commentReportRequestSchema,
  commentReportSchema,
  commentRuleSchema,
  EXPERT_PAGE_SIZE,
  ExpertError,
  expertCommentPageSchema,
  expertCommentSchema,
  expertEmptyRequestSchema,
  expertMessagePageSchema,
  expertMessageSchema,
  expertPageRequestSchema,
  expertPersonPageSchema,
  expertPersonSchema,
  messageBuyRequestSchema,
  messageBuySchema,
  messageDetailQuery,
  messageListQuery,
  myCommentPageSchema,
  personDetailRequestSchema,
  personMessagesRequestSchema,
  portraitParams,
  serviceNewsReadRequestSchema,
  serviceNewsRequestSchema,
  serviceNewsSchema,
} from '../../../../contract/experts';
import { svgSchema } from '../../../../contract/media';
import { BANKER_PATHS, EXPERTS_PATHS, SERVICE_NEWS_PATHS } from '../../../../contract/paths';
import { bankerDetailOf } from '../../experts/banker';
import { CommentNotAllowed } from '../../experts/comments';
import { ExpertRefusal, type PageInput } from '../../experts/messages';
import { portraitSvg } from '../../experts/portrait';
import type { Lang } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { addNoStore } from '../../http/securityHeaders';

const REFUSAL_CODES = { notFound: CODES.NOT_FOUND, settled: ExpertError.MessageSettled, coins: ExpertError.NotEnoughCoins } as const;

/** The experts' refusals as the forehead envelope: 404 unknown id, 409 settled, 422 a rule (coins, the comment rule). */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ExpertRefusal) throw new ApiError(error.status, REFUSAL_CODES[error.reason], error.message);
    if (error instanceof CommentNotAllowed) throw new ApiError(422, ExpertError.CommentNotAllowed, error.message);
    throw error;
  }
}

const pageInput = (body: { page?: number | undefined; size?: number | undefined } | null | undefined): PageInput => ({ page: body?.page ?? 1, size: body?.size ?? EXPERT_PAGE_SIZE });
const langOf = (body: { language?: Lang | undefined } | null | undefined): Lang => body?.language ?? 'CMN';

const refusals = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/**
 * Experts, their messages, comments and follows; the banker detail; the customer-service news (docs/api.md "Experts,
 * banker, banners, customer service"). Lists and details are open to visitors (spec 001 section 6); a paid message's
 * content reaches only a member who bought it. Writing (buying, commenting, liking, reporting, following) needs a member.
 */
export const expertRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });
  const tags = ['experts'];
  const { messages, comments, news } = app.experts;

  /** The caller's member id when a live session is sent; a visitor (or a stale token) reads as a visitor. */
  async function optionalMember(request: FastifyRequest): Promise<number | null> {
    const token = readToken(request.headers.authorization);
    const session = token ? await app.auth.authenticate(token) : undefined;
    return session?.ok ? session.session.memberId : null;
  }

  // Answers that can carry a bought message's content or a member's own state are never cached.
  const private_ = { onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => addNoStore(request, reply, payload) };

  app.get(
    EXPERTS_PATHS.messageList,
    {
      ...private_,
      schema: {
        summary: 'Program (expert) messages, newest first, paged',
        description:
          'sportsType: the sport (scheme A; 0 or absent all); sportsIds: match ids (the live room sends its match); sportsSource: 0 all, 1 own, ' +
          '2 third-party. Content and picks of a paid message are null unless the caller bought it.',
        tags,
        querystring: messageListQuery,
        response: foreheadResponses(expertMessagePageSchema),
      },
    },
    async (request) => {
      const q = request.query;
      const filter = { sportId: q.sportsType || undefined, matchIds: q.sportsIds, source: q.sportsSource };
      return ok(await messages.list(filter, pageInput(q), await optionalMember(request), langOf(q)));
    },
  );

  app.get(
    EXPERTS_PATHS.messageDetail,
    {
      ...private_,
      schema: {
        summary: "A message; a member's first look counts as a read",
        description: 'Unknown id: 404. Content and picks of a paid message are null unless the caller bought it.',
        tags,
        querystring: messageDetailQuery,
        response: { ...foreheadResponses(expertMessageSchema), 404: errorEnvelope },
      },
    },
    async (request) => ok(await answering(async () => messages.detail(request.query.id, await optionalMember(request), langOf(request.query)))),
  );

  app.post(
    EXPERTS_PATHS.buy,
    {
      onRequest: member,
      ...private_,
      schema: {
        summary: 'Unlock a paid message with coins (once; a repeat or a race charges nothing more)',
        description: `goldPrice in COIN, one transaction with its ledger entry. Not enough coins: 422 code ${ExpertError.NotEnoughCoins}; a settled message: 409 code ${ExpertError.MessageSettled}; a free one charges nothing.`,
        tags,
        body: messageBuyRequestSchema,
        response: { ...foreheadResponses(messageBuySchema, { auth: true }), ...refusals },
      },
    },
    async (request) => ok(await answering(() => messages.buy(request.body.messageId, currentMember(request).memberId, langOf(request.body)))),
  );

  app.post(
    EXPERTS_PATHS.commentPublish,
    {
      onRequest: member,
      schema: {
        summary: 'Comment on a message, or reply to a comment (parentId)',
        description: `The comment rule is checked first: refused with 422 code ${ExpertError.CommentNotAllowed} and the rule's text. Unknown message or parent: 404.`,
        tags,
        body: commentPublishRequestSchema,
        response: { ...foreheadResponses(expertCommentSchema, { auth: true }), ...refusals },
      },
    },
    async (request) => {
      const { messageId, content, parentId } = request.body;
      return ok(await answering(() => comments.publish(currentMember(request).memberId, { messageId, content, parentId: parentId ?? 0 }, langOf(request.body))));
    },
  );

  app.post(
    EXPERTS_PATHS.commentList,
    {
      ...private_,
      schema: {
        summary: "A message's comments, newest first, each with its replies oldest first",
        tags,
        body: commentListRequestSchema,
        response: { ...foreheadResponses(expertCommentPageSchema), 404: errorEnvelope },
      },
    },
    async (request) => ok(await answering(async () => comments.list(request.body.messageId, pageInput(request.body), await optionalMember(request)))),
  );

  app.post(
    EXPERTS_PATHS.myCommentList,
    {
      onRequest: member,
      ...private_,
      schema: { summary: "The member's comments and replies, newest first", tags, body: expertPageRequestSchema, response: foreheadResponses(myCommentPageSchema, { auth: true }) },
    },
    async (request) => ok(await comments.mine(currentMember(request).memberId, pageInput(request.body), langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.commentLiked,
    {
      onRequest: member,
      schema: {
        summary: 'Like a comment (once per member; a repeat changes nothing)',
        tags,
        body: commentLikeRequestSchema,
        response: { ...foreheadResponses(commentLikeSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => ok(await answering(() => comments.like(request.body.commentId, currentMember(request).memberId))),
  );

  app.post(
    EXPERTS_PATHS.commentReportCate,
    { schema: { summary: 'Report categories of comments', tags, body: expertEmptyRequestSchema, response: foreheadResponses(commentReportCategoriesSchema) } },
    async (request) => ok(comments.categories(langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.commentReportAdd,
    {
      onRequest: member,
      schema: {
        summary: 'Report a comment (once per member and comment; a repeat answers the first report)',
        tags,
        body: commentReportRequestSchema,
        response: { ...foreheadResponses(commentReportSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { commentId, cateId, remark } = request.body;
      return ok(await answering(() => comments.report(currentMember(request).memberId, { commentId, cateId, remark: remark ?? '' })));
    },
  );

  app.post(
    EXPERTS_PATHS.commentRule,
    {
      ...private_,
      schema: {
        summary: 'Whether the caller may comment: recharge limit, VIP limit and ban, with the texts to show',
        description: 'A visitor gets isAvailable false. comment/publish applies the same rule.',
        tags,
        body: expertEmptyRequestSchema,
        response: foreheadResponses(commentRuleSchema),
      },
    },
    async (request) => ok(await comments.rule(await optionalMember(request), langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.personList,
    {
      ...private_,
      schema: {
        summary: 'Experts, paged (10 a page): those with open messages first, then by hit rate',
        tags,
        body: expertPageRequestSchema,
        response: foreheadResponses(expertPersonPageSchema),
      },
    },
    async (request) => ok(await app.experts.messages.persons('all', pageInput(request.body), await optionalMember(request), langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.godList,
    {
      ...private_,
      schema: {
        summary: 'The god list: experts with a settled record, by hits in their last ten, hit rate, then week return',
        tags,
        body: expertPageRequestSchema,
        response: foreheadResponses(expertPersonPageSchema),
      },
    },
    async (request) => ok(await app.experts.messages.persons('god', pageInput(request.body), await optionalMember(request), langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.attentionList,
    {
      onRequest: member,
      ...private_,
      schema: { summary: 'The experts the member follows, latest follow first', tags, body: expertPageRequestSchema, response: foreheadResponses(expertPersonPageSchema, { auth: true }) },
    },
    async (request) => ok(await app.experts.messages.persons('attention', pageInput(request.body), currentMember(request).memberId, langOf(request.body))),
  );

  app.post(
    EXPERTS_PATHS.personDetail,
    {
      ...private_,
      schema: { summary: 'An expert and their record', tags, body: personDetailRequestSchema, response: { ...foreheadResponses(expertPersonSchema), 404: errorEnvelope } },
    },
    async (request) => ok(await answering(async () => app.experts.messages.person(request.body.id, await optionalMember(request), langOf(request.body)))),
  );

  app.post(
    EXPERTS_PATHS.personMessages,
    {
      ...private_,
      schema: {
        summary: "An expert's messages: state 1 now (not settled), 2 history (settled), newest first",
        tags,
        body: personMessagesRequestSchema,
        response: { ...foreheadResponses(expertMessagePageSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { professorId, state } = request.body;
      if (!app.experts.messages.expert(professorId)) throw new ApiError(404, CODES.NOT_FOUND, `professorId: no expert ${professorId}`);
      return ok(await messages.list({ professorId, state }, pageInput(request.body), await optionalMember(request), langOf(request.body)));
    },
  );

  app.post(
    EXPERTS_PATHS.attention,
    {
      onRequest: member,
      schema: {
        summary: 'Follow (isAttention 1, the default) or unfollow (0) an expert; idempotent',
        tags,
        body: attentionRequestSchema,
        response: { ...foreheadResponses(attentionSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { professorId, isAttention } = request.body;
      return ok(await answering(() => app.experts.messages.attend(professorId, currentMember(request).memberId, isAttention !== 0)));
    },
  );

  const portrait = (find: (id: number) => string | undefined, what: string) => async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const id = Number(request.params.file.replace(/\.svg$/, ''));
    const name = find(id);
    if (name === undefined) throw new ApiError(404, CODES.NOT_FOUND, `file: no ${what} ${id}`);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(portraitSvg(id, name));
  };

  app.get(
    EXPERTS_PATHS.avatar,
    {
      schema: { summary: "An expert's avatar (SVG), the person's profile", tags, params: portraitParams, response: { 200: svgSchema, 400: errorEnvelope, 404: errorEnvelope, 500: errorEnvelope } },
    },
    portrait((id) => app.experts.messages.expert(id)?.name, 'expert'),
  );

  app.post(
    BANKER_PATHS.detail,
    {
      schema: {
        summary: 'The banker detail: pledge, remaining amount, bounds of one bet and the plan',
        description: 'By bankerId or inviteCode; neither: the first banker. Unknown: 404.',
        tags: ['banker'],
        body: bankerDetailRequestSchema,
        response: { ...foreheadResponses(bankerDetailSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { bankerId, inviteCode } = request.body ?? {};
      const bankers = app.experts.bankers;
      const banker =
        bankerId !== undefined ? bankers.find((b) => b.id === bankerId) : inviteCode !== undefined ? bankers.find((b) => b.inviteCode === inviteCode) : bankers[0];
      if (!banker) {
        throw new ApiError(404, CODES.NOT_FOUND, bankerId !== undefined ? `bankerId: no banker ${bankerId}` : `inviteCode: no banker with invite code ${inviteCode}`);
      }
      return ok(bankerDetailOf(banker, app.platformConfig.betting.single, langOf(request.body)));
    },
  );

  app.get(
    BANKER_PATHS.head,
    { schema: { summary: "A banker's head image (SVG)", tags: ['banker'], params: portraitParams, response: { 200: svgSchema, 400: errorEnvelope, 404: errorEnvelope, 500: errorEnvelope } } },
    portrait((id) => app.experts.bankers.find((b) => b.id === id)?.nickname, 'banker'),
  );

  app.post(
    SERVICE_NEWS_PATHS.news,
    {
      ...private_,
      schema: {
        summary: 'Customer-service news: hasNews, showMessageBubble, hasNotice and the items, newest first',
        description: 'A visitor gets the platform notices (no read state: hasNews and showMessageBubble false).',
        tags: ['service'],
        body: serviceNewsRequestSchema,
        response: foreheadResponses(serviceNewsSchema),
      },
    },
    async (request) => ok(await news.news(await optionalMember(request), langOf(request.body))),
  );

  app.post(
    SERVICE_NEWS_PATHS.read,
    {
      onRequest: member,
      ...private_,
      schema: {
        summary: 'Mark one news item (id) or all (all: 1) read; answers the news as it now stands',
        tags: ['service'],
        body: serviceNewsReadRequestSchema,
        response: { ...foreheadResponses(serviceNewsSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id, all } = request.body;
      const memberId = currentMember(request).memberId;
      if (id === undefined && all !== 1) throw new ApiError(400, CODES.INVALID_INPUT, 'id: missing, expected a news id (or all: 1)');
      if (!(await news.read(memberId, all === 1 ? 'all' : id!))) throw new ApiError(404, CODES.NOT_FOUND, `id: no news ${id}`);
      return ok(await news.news(memberId, langOf(request.body)));
    },
  );

  app.post(
    SERVICE_NEWS_PATHS.bubbleClose,
    {
      onRequest: member,
      ...private_,
      schema: {
        summary: 'Close the message bubble: it shows again when a newer unread item arrives',
        tags: ['service'],
        body: serviceNewsRequestSchema,
        response: foreheadResponses(serviceNewsSchema, { auth: true }),
      },
    },
    async (request) => {
      const memberId = currentMember(request).memberId;
      await news.closeBubble(memberId);
      return ok(await news.news(memberId, langOf(request.body)));
    },
  );
};
