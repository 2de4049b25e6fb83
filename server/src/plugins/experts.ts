import fp from 'fastify-plugin';
import { IN_PLAY_STATUSES, type FeedChange } from '../feed';
import type { Lang } from '../feed/i18n';
import { buildBankers, type Banker } from '../experts/banker';
import { createExpertComments, type ExpertComments } from '../experts/comments';
import { writeHistory } from '../experts/history';
import { createExpertMessages, type ExpertMessages } from '../experts/messages';
import { createServiceNews, type ServiceNewsStore } from '../experts/news';
import { buildRoster, EXPERT_SPORTS, type Expert } from '../experts/roster';
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
 * The experts' shared services (docs/api.md "Experts, banker, banners, customer service"). Three things follow the
 * feed: on the leader's first start the experts' past is written (history.ts), experts publish as feed time passes
 * (on new fixtures, kick-offs, an anchor going on a match and every PUBLISH_CHECK_MS), and a match that ends settles the
 * messages on it (refunds included). All are idempotent (unique indexes, guarded updates, the history's flag), so a
 * second instance or a restart never publishes or pays twice.
 */
export const expertsPlugin = fp(
  async (app) => {
    const roster = buildRoster(app.feed.seed);
    const news = createServiceNews(app.db, app.clock);
    const roomMatches = () => app.anchors.rooms('inplay', 'CMN').map((r) => r.matchId);
    const tips = createTips({ db: app.db, feed: app.feed, wallet: app.wallet, news, roster, roomMatches });
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
    // A kick-off opens a match to in-play tips, and a room that goes on a match wants its program tab filled.
    const kickOff = (change: FeedChange) => change.kind === 'status' && IN_PLAY_STATUSES.has(change.matchStatus) && (EXPERT_SPORTS as readonly number[]).includes(app.feed.fixture(change.matchId)?.sportId ?? 0);
    const stop = app.leaderFeed.on((change) => {
      if (change.kind === 'ended') enqueue(`settling match ${change.matchId}`, () => tips.settleMatch(change.result));
      if (change.kind === 'scheduled' || kickOff(change) || app.feed.now() - checkedAt >= PUBLISH_CHECK_MS) round();
    });
    const stopRooms = app.anchors.onBooked(() => {
      if (app.leadership.isLeader()) round();
    });
    app.onPromoted(() => {
      // The past before the first round: the tags of the first tips count it.
      enqueue('history', () => writeHistory({ db: app.db, feed: app.feed, roster }));
      round();
    });
    app.addHook('onReady', async () => {
      enqueue('notices', () => news.ensureNotices());
      await queue;
    });
    app.decorate('expertsIdle', () => queue);
    app.addHook('onClose', async () => {
      stop();
      stopRooms();
      await queue;
    });
  },
  { name: 'sport-pc-experts', dependencies: ['sport-pc-core', 'sport-pc-cluster', 'sport-pc-feed', 'sport-pc-live', 'sport-pc-chat'], fastify: '5.x' },
);
