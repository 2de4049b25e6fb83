import fp from 'fastify-plugin';
import type { Lang } from '../feed/i18n';
import { buildBankers, type Banker } from '../experts/banker';
import { createExpertComments, type ExpertComments } from '../experts/comments';
import { createExpertMessages, type ExpertMessages } from '../experts/messages';
import { createServiceNews, type ServiceNewsStore } from '../experts/news';
import { buildRoster, type Expert } from '../experts/roster';
import { createTips, type Tips } from '../experts/tips';

/** How often (feed time) experts look for matches to tip and missed settlements are caught up. */
export const PUBLISH_CHECK_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    experts: {
      roster: readonly Expert[];
      bankers: readonly Banker[];
      tips: Tips;
      messages: ExpertMessages;
      comments: ExpertComments;
      news: ServiceNewsStore;
    };
    /** Resolves when the experts' feed-driven work queued so far (publishing, settling) is done; tests wait on it. */
    expertsIdle: () => Promise<void>;
  }
}

/**
 * The experts' shared services (docs/api.md "Experts, banker, banners, customer service"). Two things follow the
 * feed: experts publish as feed time passes (on new fixtures and every PUBLISH_CHECK_MS), and a match that ends
 * settles the messages on it (refunds included). Both are idempotent (unique indexes, guarded updates), so a second
 * instance or a restart never publishes or pays twice.
 */
export const expertsPlugin = fp(
  async (app) => {
    const roster = buildRoster(app.feed.seed);
    const news = createServiceNews(app.db, app.clock);
    const tips = createTips({ db: app.db, feed: app.feed, wallet: app.wallet, news, roster });
    const messages = createExpertMessages({ db: app.db, clock: app.clock, feed: app.feed, wallet: app.wallet, roster });
    const comments = createExpertComments({
      db: app.db,
      clock: app.clock,
      config: app.platformConfig.experts.commentRule,
      banOf: (memberId) => app.chat.banOf(memberId, 0),
      titleOf: (ids: readonly number[], lang: Lang) => messages.titles(ids, lang),
    });
    app.decorate('experts', { roster, bankers: buildBankers(app.feed.seed), tips, messages, comments, news });

    /** One job at a time, in feed order: a match's publishing before its settlement. */
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (what: string, job: () => Promise<unknown>) => {
      queue = queue.then(job).then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `experts: ${what} failed`),
      );
    };

    let checkedAt = Number.NEGATIVE_INFINITY;
    let pending = false;
    const round = () => {
      if (pending) return;
      pending = true;
      checkedAt = app.feed.now();
      enqueue('publishing', async () => {
        pending = false;
        await tips.settleDue();
        await tips.publish();
      });
    };
    // Publishing and settling are the feed leader's (issue 19); a new leader's first round catches up (settleDue).
    const stop = app.leaderFeed.on((change) => {
      if (change.kind === 'ended') enqueue(`settling match ${change.matchId}`, () => tips.settleMatch(change.result));
      if (change.kind === 'scheduled' || app.feed.now() - checkedAt >= PUBLISH_CHECK_MS) round();
    });
    app.onPromoted(round);
    app.addHook('onReady', async () => {
      enqueue('notices', () => news.ensureNotices());
      await queue;
    });
    app.decorate('expertsIdle', () => queue);
    app.addHook('onClose', async () => {
      stop();
      await queue;
    });
  },
  { name: 'sport-pc-experts', dependencies: ['sport-pc-core', 'sport-pc-cluster', 'sport-pc-feed', 'sport-pc-chat'], fastify: '5.x' },
);
