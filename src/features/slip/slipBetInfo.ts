// The bet slip's live prices: the bet info call (getBetInfo) for every selection and the parlay's series, and the odds
// pushes of the slip's matches, which update the entries at once and refresh the bet info at most once a second. Kept
// apart from the member's edits (betSlip.ts): this is the book talking, on its own schedule, and it owns the
// subscriptions and the refresh timer it starts.
import { addDisposer } from 'mobx-state-tree';
import { reaction } from 'mobx';
import { BETTING_PATHS } from '../../../contract/paths';
import type { BetInfoAnswer, BetInfoRequest, OddsPush } from '../../../contract';
import { envOf } from '../../core/store/env';
import { rootOf } from './slipState';
import { SlipStorage } from './slipStorage';

/** Odds pushes on the slip's markets refresh its bet info at most this often (trailing). */
export const BET_INFO_REFRESH_MS = 1000;
/** The scheduler's name for that refresh. */
const INFO_REFRESH = 'betSlip.info';

export const SlipBetInfo = SlipStorage
  .volatile(() => ({
    /** The odds channels of the slip's matches, held while the match is in the slip (syncSubscriptions). */
    subscriptions: new Map<number, () => void>(),
  }))
  .actions((self) => ({
    applyBetInfo(requested: ReadonlyArray<{ matchId: number; marketId: number }>, answer: BetInfoAnswer, signature: string, markRejected: boolean) {
      answer.betInfo.forEach((info, i) => {
        const asked = requested[i];
        if (!asked) return;
        const entry = self.entries.find((e) => e.matchId === asked.matchId && e.marketId === asked.marketId);
        if (!entry || (info.oldMarketId ?? info.marketId) !== asked.marketId) return;
        entry.applyInfo(info);
        if (markRejected) entry.markPriceRejected();
      });
      if (answer.seriesInfo.length > 0 || self.seriesInfoFor !== signature) {
        self.seriesInfo = answer.seriesInfo;
        self.seriesInfoFor = signature;
      }
    },
    cancelRefresh() {
      envOf(self).scheduler.stop(INFO_REFRESH);
    },
  }))
  .actions((self) => ({
    /** Current bet info of every selection (and the series, in a parlay); the newest request's answer wins. */
    refreshBetInfo(options: { markRejected?: boolean } = {}) {
      self.cancelRefresh();
      if (!self.isLogin || self.isEmpty) return Promise.resolve('superseded' as const);
      const { http, logger } = envOf(self);
      const requested = self.entries.map((e) => ({ marketId: e.marketId, matchId: e.matchId, type: e.optionType }));
      const signature = self.legsSignature;
      const body = {
        betMatchMarketList: requested,
        isSelectSeries: !self.isSingle && requested.length >= 2,
        language: rootOf(self).settings?.apiLanguage ?? 'CMN',
      } satisfies BetInfoRequest;
      return self.infoRequest.run(
        async () => {
          const answer = (await http.betting.post(BETTING_PATHS.betInfo, body)) as BetInfoAnswer | undefined;
          if (!answer || !Array.isArray(answer.betInfo)) throw new TypeError('getBetInfo: unexpected answer');
          return answer;
        },
        (answer) => self.applyBetInfo(requested, answer, signature, options.markRejected ?? false),
        { failed: (error) => logger.warn('bet info not loaded', error) },
      );
    },
  }))
  .actions((self) => ({
    /** Pushes on the slip's markets refresh its bet info, at most once a second. */
    scheduleRefresh() {
      const { scheduler } = envOf(self);
      if (scheduler.isRunning(INFO_REFRESH)) return;
      scheduler.once(INFO_REFRESH, BET_INFO_REFRESH_MS, () => self.refreshBetInfo());
    },
  }))
  .actions((self) => ({
    applyOddsPush(push: OddsPush) {
      let touched = false;
      for (const market of push.markets ?? []) {
        for (const entry of self.entries) {
          if (entry.marketId === market.marketId || (market.oldMarketId !== undefined && entry.marketId === market.oldMarketId)) {
            entry.applyPush(market);
            touched = true;
          }
        }
      }
      if (touched) self.scheduleRefresh();
    },
  }))
  .actions((self) => ({
    /** Follows the odds of the slip's matches while they are in it. */
    syncSubscriptions(matchIds: readonly number[]) {
      const { push } = envOf(self);
      const wanted = new Set(matchIds);
      for (const [matchId, off] of self.subscriptions) {
        if (!wanted.has(matchId)) {
          off();
          self.subscriptions.delete(matchId);
        }
      }
      for (const matchId of wanted) {
        if (self.subscriptions.has(matchId)) continue;
        self.subscriptions.set(
          matchId,
          push.subscribe(`match:${matchId}:odds`, (data) => {
            if (data && typeof data === 'object' && (data as OddsPush).kind === 'odds') self.applyOddsPush(data as OddsPush);
          }),
        );
      }
    },
    /** Unmount: no pending refresh, no subscriptions. */
    close() {
      self.cancelRefresh();
      for (const off of self.subscriptions.values()) off();
      self.subscriptions.clear();
    },
  }))
  .actions((self) => ({
    afterCreate() {
      addDisposer(
        self,
        reaction(
          () => self.entries.map((e) => e.matchId),
          (ids) => self.syncSubscriptions(ids),
          { fireImmediately: true, equals: (a, b) => a.join() === b.join() },
        ),
      );
      addDisposer(self, () => self.close());
    },
  }));
