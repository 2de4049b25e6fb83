import fp from 'fastify-plugin';
import { PushChannel } from '../../../contract/channels';
import type { MemberLivePush } from '../../../contract/push';
import { IN_PLAY_STATUSES } from '../feed';
import { AnchorDirectory } from '../live/anchors';
import { createLiveBookings, type LiveBookings } from '../live/bookings';
import { createFirstBetCover, type FirstBetCover } from '../live/firstBetCover';
import { createLiveFollows, type LiveFollows } from '../live/follows';
import { createSpecialRooms, type SpecialRooms } from '../live/specialRooms';
import { createMemberTitles, type MemberTitles } from '../live/titles';
import { createLiveWatches, type LiveWatches } from '../live/watches';

/** How often (feed time) open bookings are checked against the rooms on air. */
const BOOKING_CHECK_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Anchors and the matches their rooms are on, following the feed. */
    anchors: AnchorDirectory;
    specialRooms: SpecialRooms;
    liveFollows: LiveFollows;
    liveBookings: LiveBookings;
    liveWatches: LiveWatches;
    memberTitles: MemberTitles;
    firstBetCover: FirstBetCover;
    /** Resolves when the live side's feed-driven work queued so far (notices, closing) is done; tests wait on it. */
    liveIdle: () => Promise<void>;
  }
}

/**
 * The live side's shared services: the anchors' rooms, the members' special rooms, follows, bookings, views, titles
 * and first-bet coverage. Two things follow the feed here: a booked room that goes live notices its members on their
 * private push channel, and a match that ends closes its coverage offers; first-bet coverage itself is
 * settled inside the betting engine's settlement transaction.
 */
export const livePlugin = fp(
  async (app) => {
    const anchors = new AnchorDirectory(app.feed);
    const bookings = createLiveBookings(app.db, app.clock);
    const cover = createFirstBetCover({ db: app.db, clock: app.clock, wallet: app.wallet });
    app.decorate('anchors', anchors);
    app.decorate('specialRooms', createSpecialRooms(app.db, app.clock));
    app.decorate('liveFollows', createLiveFollows(app.db, app.clock));
    app.decorate('liveBookings', bookings);
    app.decorate('liveWatches', createLiveWatches(app.db, app.clock));
    app.decorate('memberTitles', createMemberTitles(app.db, app.clock));
    app.decorate('firstBetCover', cover);
    app.betting.settlement.onSettled((trx, orders, now) => cover.settle(trx, orders, now));

    /** One job at a time, in feed order: a match's start is handled before its end. */
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (what: string, job: () => Promise<void>) => {
      queue = queue.then(job).catch((error: unknown) => app.log.error({ err: error }, `live: ${what} failed`));
    };

    /** Notices the members whose booked rooms are live now, on their private channels. */
    async function noticeBookings(): Promise<void> {
      const booked = new Set(await bookings.bookedRooms());
      if (booked.size === 0) return;
      const live = anchors.rooms('inplay', 'CMN').filter((room) => booked.has(room.liveRoomId));
      for (const notice of await bookings.noticeLive(live)) {
        const hostName = anchors.roster.host(notice.hostId)?.hostName ?? '';
        app.pushHub.publish(PushChannel.memberLive(notice.memberId), {
          kind: 'bookingLive',
          liveRoomId: notice.liveRoomId,
          hostId: notice.hostId,
          hostName,
          matchId: notice.matchId,
        } satisfies MemberLivePush);
      }
    }

    // Rooms go live when their match kicks off, and when their anchor takes a match already in play (the directory
    // books anchors as the feed moves), so bookings are checked on kick-offs and every BOOKING_CHECK_MS of feed time.
    let checkedAt = Number.NEGATIVE_INFINITY;
    let checking = false;
    // Notices and coverage closing are the feed leader's (issue 19): one notice per booking whatever the instances.
    const stop = app.leaderFeed.on((change) => {
      const now = app.feed.now();
      const kickOff = change.kind === 'status' && IN_PLAY_STATUSES.has(change.matchStatus);
      if ((kickOff || now - checkedAt >= BOOKING_CHECK_MS) && !checking) {
        checkedAt = now;
        checking = true;
        enqueue('booking notices', async () => {
          checking = false;
          await noticeBookings();
        });
      }
      if (change.kind === 'ended') {
        enqueue(`first-bet coverage of match ${change.matchId}`, async () => {
          // After the betting engine's settlement of the match, which the feed queued first.
          await app.betting.idle();
          await cover.close(change.matchId);
        });
      }
    });
    // A new leader notices what became live while no one led (noticeLive marks each booking once).
    app.onPromoted(() => enqueue('booking notices', noticeBookings));
    app.decorate('liveIdle', () => queue);
    app.addHook('onClose', async () => {
      stop();
      await queue;
    });
  },
  { name: 'sport-pc-live', dependencies: ['sport-pc-core', 'sport-pc-cluster', 'sport-pc-feed', 'sport-pc-betting'], fastify: '5.x' },
);
