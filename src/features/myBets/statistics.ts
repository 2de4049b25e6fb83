import { types, type Instance } from 'mobx-state-tree';
import type { MatchStatistics } from '../../../contract/match';
import { LOOP_INTERVALS } from '../../services/scheduler';
import { envOf } from '../../core/store/env';
import { request, type Progress, type RequestStatus } from '../../sdk/request';
import { MATCH_PATHS } from '../../../contract/paths';

/** The answer of POST /api/match/statistical in the spec's short keys (docs/api.md), as the contract says. */
export type StatisticsAnswer = MatchStatistics;
/** A hot league as the statistics call lists it (spec: hotList id, logoUrl, count, name; the platform adds sportId). */
export type HotLeague = MatchStatistics['hls'][number];
/** One list type of the spec's playTypeMap: its getList type code, name, count and per-sport counts. */
export type PlayTypeStatistics = MatchStatistics['sl'][number];

const LOOP = 'statistics';
const RETRY = 'statistics.retry';
/** Spec section 9: "statistics retry 1.5 s". */
export const STATISTICS_RETRY_MS = 1500;

const isAnswer = (value: unknown): value is StatisticsAnswer =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as StatisticsAnswer).hls) &&
  Array.isArray((value as StatisticsAnswer).sl) &&
  typeof (value as StatisticsAnswer).ht === 'number';

/**
 * Match counts for the sports menu and the hot leagues for home and the hot view. Loaded on boot and every 60 s (the
 * match loop). Spec rule on failure: retried once after 1.5 s, then ignored: the last counts stay on screen and the
 * next loop tries again.
 */
export const StatisticsStore = types
  .model('StatisticsStore', {
    request: request(),
    hotCount: 0,
    totalCount: 0,
  })
  .volatile(() => ({
    hotList: [] as HotLeague[],
    playTypes: [] as PlayTypeStatistics[],
    /** Cancels a pending retry delay; set while one waits. */
    cancelRetry: undefined as (() => void) | undefined,
  }))
  .views((self) => ({
    /** A load's wait for its retry counts as loading; a load that failed twice keeps earlier counts (ready). */
    get status(): RequestStatus {
      return self.request.status;
    },
  }))
  .views((self) => ({
    /** Matches of a sport in a list type; undefined until counts have loaded (the menu then shows none). */
    countOf(type: number, sportId: number): number | undefined {
      if (self.status !== 'ready' && self.playTypes.length === 0) return undefined;
      return self.playTypes.find((p) => p.type === type)?.sports.find((s) => s.sportId === sportId)?.count ?? 0;
    },
    get hotLeagueIds(): number[] {
      return self.hotList.map((league) => league.id);
    },
    /** Whether there is anything to show: counts from this or an earlier load. */
    get loaded() {
      return self.playTypes.length > 0 || self.status === 'ready';
    },
  }))
  .actions((self) => ({
    apply(answer: StatisticsAnswer) {
      // Hot leagues of a sport the merchant switched off are not offered (home's hot section and the hot view load
      // them), nor counted, whatever the platform answered.
      const { sports } = envOf(self);
      const hotList = sports.all ? answer.hls : answer.hls.filter((league) => sports.offers(league.sportId, 'A'));
      self.hotCount = sports.all ? answer.ht : hotList.reduce((sum, league) => sum + league.count, 0);
      self.totalCount = answer.tc;
      self.hotList = hotList;
      self.playTypes = answer.sl;
    },
    setCancelRetry(cancel: (() => void) | undefined) {
      self.cancelRetry = cancel;
    },
  }))
  .actions((self) => {
    const ask = async (): Promise<StatisticsAnswer> => {
      const answer: unknown = await envOf(self).http.match.post(MATCH_PATHS.statistics, {}, { noAuth: true });
      if (!isAnswer(answer)) throw new TypeError('statistics: unexpected answer');
      return answer;
    };
    /** Resolves true after the retry delay (through the scheduler), false when close() cancelled it. */
    const retryDelay = () =>
      new Promise<boolean>((resolve) => {
        const { scheduler } = envOf(self);
        scheduler.once(RETRY, STATISTICS_RETRY_MS, () => {
          self.setCancelRetry(undefined);
          resolve(true);
        });
        self.setCancelRetry(() => {
          scheduler.stop(RETRY);
          resolve(false);
        });
      });
    /** One try and, when it fails, one more after the spec's delay (the loop waits for both). */
    const askWithRetry = async ({ isCurrent }: Progress) => {
      try {
        return await ask();
      } catch (error) {
        envOf(self).logger.warn('statistics failed', error);
        if (!(await retryDelay()) || !isCurrent()) throw error;
        return ask();
      }
    };
    return {
      /** Ignored when both tries fail: counts from an earlier load stay; only a first load that never succeeded fails. */
      load() {
        return self.request.run(askWithRetry, self.apply, {
          quiet: true,
          failed: (error) => envOf(self).logger.warn('statistics failed', error),
        });
      },
    };
  })
  .actions((self) => ({
    /** Loads now and every 60 s while the page is visible. */
    start() {
      void self.load();
      self.request.poll(LOOP, LOOP_INTERVALS.matches, { task: () => self.load(), pauseWhenHidden: true });
    },
    close() {
      self.request.cancel();
      self.cancelRetry?.();
      self.setCancelRetry(undefined);
    },
  }));

export type StatisticsStoreInstance = Instance<typeof StatisticsStore>;
