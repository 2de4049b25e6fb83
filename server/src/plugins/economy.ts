import fp from 'fastify-plugin';
import { HostLanguage, LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import { createCoins, type Coins } from '../economy/coins';
import type { EconomyConfig, EventTemplate } from '../economy/config';
import { createEvents, type Events } from '../economy/events';
import type { EventRoom } from '../economy/events/context';
import type { FairSecrets } from '../economy/fair';
import { createGifts, type Gifts } from '../economy/gifts';
import { periodTable } from '../feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Coins, gifts and room events (server/src/economy). */
    economy: Economy;
  }
}

export interface Economy {
  config: EconomyConfig;
  coins: Coins;
  gifts: Gifts;
  events: Events;
  /** The room as events and gifts need it, if its anchor has a broadcast (waiting or living) now. */
  roomOnAir(liveRoomId: number): (EventRoom & { hostId: number; liveStatus: number }) | undefined;
  /** Runs the event clock once: schedules due, openings, draws. The loop calls it every economy.tickMs; tests await it. */
  tick(): Promise<void>;
}

/** How often the event loop sweeps coin transfers interrupted by a stop (platform clock). */
const INTERRUPTED_SWEEP_MS = 60_000;

const templateOf = ({ rooms: _rooms, everyMinutes: _every, offsetMinutes: _offset, ...template }: EconomyConfig['schedules'][number]): EventTemplate => template;

/**
 * The economy's shared services and its clock. Events follow the feed's simulated time: a loop checks every
 * economy.tickMs (real) what fell due, so a lottery is drawn at its end with or without anyone in the room. Scheduled
 * events start when the event clock enters a new slot of their schedule (so not at start-up, and a slot missed while
 * the platform was down is skipped); a rain at half-time starts when a room's match reaches half-time.
 */
export const economyPlugin = fp<{ fairSecrets: FairSecrets }>(
  async (app, { fairSecrets }) => {
    const config = app.platformConfig.economy;
    const log = app.log;
    const coins = createCoins({ db: app.db, clock: app.clock, wallet: app.wallet, hub: app.pushHub, config });
    const gifts = createGifts({ db: app.db, clock: app.clock, wallet: app.wallet, hub: app.pushHub, coins, chat: app.chat, config, log });
    const events = createEvents({ db: app.db, now: () => app.feed.now(), clockNow: () => app.clock.now(), wallet: app.wallet, hub: app.pushHub, coins, chat: app.chat, config, fairSecrets, log });

    const asRoom = (room: Anchor) => ({
      liveRoomId: room.liveRoomId,
      matchId: room.matchId,
      hostId: room.hostId,
      liveStatus: room.liveStatus,
      lang: room.hostLanguage === HostLanguage.Cantonese ? ('zh-TW' as const) : ('CMN' as const),
    });
    const roomOnAir = (liveRoomId: number) => {
      const room = app.anchors.room(liveRoomId, 'CMN');
      return room && room.liveStatus !== LiveStatus.Ended ? asRoom(room) : undefined;
    };

    const slotOf = (schedule: EconomyConfig['schedules'][number], t: number) => Math.floor((t - schedule.offsetMinutes * 60_000) / (schedule.everyMinutes * 60_000));
    const lastSlots = config.schedules.map((s) => slotOf(s, app.feed.now()));

    async function startScheduled(): Promise<void> {
      const t = app.feed.now();
      for (const [i, schedule] of config.schedules.entries()) {
        const slot = slotOf(schedule, t);
        if (slot <= lastSlots[i]!) continue;
        lastSlots[i] = slot;
        for (const roomId of schedule.rooms) {
          const room = roomOnAir(roomId);
          if (room?.liveStatus !== LiveStatus.Living) continue;
          await events.start(room, templateOf(schedule), `schedule:${i}:${roomId}:${slot}`);
        }
      }
    }

    /**
     * Coin transfers a stop left pending (issue 29): swept at start and then once a minute of the platform's clock by
     * this loop on every instance, so one interrupted by a crashed instance does not wait for a restart. failInterrupted
     * touches only those pending for over a minute, so a transfer in flight on another instance is left alone.
     */
    let nextSweepAt = 0;
    const sweepInterrupted = async () => {
      if (app.clock.now() < nextSweepAt) return;
      nextSweepAt = app.clock.now() + INTERRUPTED_SWEEP_MS;
      const failed = await coins.failInterrupted();
      if (failed > 0) log.warn({ failed }, 'economy: coin transfers interrupted by a stop marked failed');
    };

    /** One pass of the event clock: the sweep of interrupted transfers, the schedules, then what is due. */
    const pass = async () => {
      try {
        await sweepInterrupted().catch((error: unknown) => log.error({ err: error }, 'economy: interrupted transfers not swept'));
        // Events are the feed leader's (issue 19). A follower keeps its slots one behind the clock, so once promoted it
        // starts the current slot's events if the old leader died before starting them; events.start's unique key
        // refuses those it did start. Older slots stay skipped, as after a restart.
        if (!app.leadership.isLeader()) {
          for (const [i, schedule] of config.schedules.entries()) lastSlots[i] = Math.max(lastSlots[i]!, slotOf(schedule, app.feed.now()) - 1);
          return;
        }
        await startScheduled();
        await events.tick();
      } catch (error) {
        log.error({ err: error }, 'economy: tick failed');
      }
    };
    let ticking: Promise<void> | undefined;
    let again: Promise<void> | undefined;
    /**
     * One pass at a time. A call during a pass gets one more pass after it (shared by every call meanwhile), since the
     * running pass may have read the clock before the caller moved it: the loop never piles passes up behind a slow
     * one, and a caller never sees a pass that started before its call as its own.
     */
    const tick = (): Promise<void> => {
      if (!ticking) {
        ticking = pass().finally(() => (ticking = undefined));
        return ticking;
      }
      again ??= ticking.then(() => {
        again = undefined;
        return tick();
      });
      return again;
    };

    app.decorate('economy', { config, coins, gifts, events, roomOnAir, tick } satisfies Economy);

    const halfTime = config.halfTimeRain;
    /** Whether a period id of a sport is its half-time. */
    const isHalfTime = (sportId: number, period: number) => {
      try {
        return periodTable(sportId).list.find((p) => p.id === period)?.key === 'halfTime';
      } catch {
        return false;
      }
    };
    /** The rain in every in-play room on the match; the event's unique key makes a second start of a room's rain a no-op. */
    const startHalfTimeRains = (matchId: number) => {
      if (!halfTime) return;
      for (const room of app.anchors.rooms('inplay', 'CMN').filter((r) => r.matchId === matchId)) {
        events.start(asRoom(room), halfTime, `halftime:${matchId}:${room.liveRoomId}`).catch((error: unknown) => log.error({ err: error }, 'economy: half-time rain not started'));
      }
    };
    const stopFeed = halfTime
      ? app.leaderFeed.on((change) => {
          if (change.kind !== 'status') return;
          const fixture = app.feed.fixture(change.matchId);
          if (fixture && isHalfTime(fixture.sportId, change.period)) startHalfTimeRains(change.matchId);
        })
      : () => undefined;
    // A leader that died at the whistle started no rain: its successor starts those of the matches still at half-time
    // (a half-time over before anyone led again is skipped, as its rain would fall in the second half).
    app.onPromoted(() => {
      if (!halfTime) return;
      for (const fixture of app.feed.fixtures('inplay')) if (isHalfTime(fixture.sportId, fixture.period)) startHalfTimeRains(fixture.matchId);
    });

    // A new leader runs the event clock at once: draws and openings that fell due while no one led.
    app.onPromoted(() => void tick());
    const timer = setInterval(() => void tick(), config.tickMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopFeed();
      events.stop();
      await again;
      await ticking;
      await events.idle();
    });
  },
  { name: 'sport-pc-economy', dependencies: ['sport-pc-core', 'sport-pc-cluster', 'sport-pc-feed', 'sport-pc-live', 'sport-pc-chat'], fastify: '5.x' },
);
