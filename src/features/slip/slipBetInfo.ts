// The bet slip's book side: the bet info call (getBetInfo) for every selection and the parlay's series, and the odds
// channels of the slip's matches. The prices themselves live in the live book, the one the price buttons read: the
// bet info answer seeds it and the odds pushes of the channels the slip holds keep it current (docs/architecture.md,
// "The odds path"). The bet info call is made when the selections change, on accept, after a refusal and after a
// channel's gap, never per price move. Kept apart from the member's edits (betSlip.ts): this is the book talking.
import { addDisposer } from 'mobx-state-tree';
import { reaction } from 'mobx';
import { BETTING_PATHS } from '../../../contract/paths';
import { PushChannel } from '../../../contract/channels';
import type { BetInfoAnswer, BetInfoRequest } from '../../../contract';
import { envOf } from '../../core/store/env';
import { rootOf } from './slipState';
import { SlipStorage } from './slipStorage';

/** The scheduler's name for the bet info call after the slip's odds channels missed messages (one call for them all). */
const GAP_REFRESH = 'betSlip.gap';

export const SlipBetInfo = SlipStorage
  .volatile(() => ({
    /** The odds channels of the slip's matches, held while the match is in the slip (syncSubscriptions). */
    subscriptions: new Map<number, () => void>(),
  }))
  .actions((self) => ({
    applyBetInfo(requested: ReadonlyArray<{ matchId: number; marketId: number }>, answer: BetInfoAnswer, askedAt: number, signature: string, markRejected: boolean) {
      // The prices go into the book first: the entries read them from there (markPriceRejected included).
      envOf(self).liveBook.seedSelections(answer.betInfo, askedAt);
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
      envOf(self).scheduler.stop(GAP_REFRESH);
    },
    /** A moved line gave the book's slot of an entry a new id: the entry follows it (its bet goes to the market on sale). */
    followMovedLines() {
      for (const entry of self.entries) {
        const onSale = entry.bookMarket?.marketId;
        if (onSale !== undefined && onSale !== entry.marketId) entry.followMarket(onSale);
      }
    },
  }))
  .actions((self) => ({
    /** Current bet info of every selection (and the series, in a parlay); the newest request's answer wins. */
    refreshBetInfo(options: { markRejected?: boolean } = {}) {
      self.cancelRefresh();
      if (!self.isLogin || self.isEmpty) return Promise.resolve('superseded' as const);
      const { http, logger, liveBook } = envOf(self);
      const requested = self.entries.map((e) => ({ marketId: e.marketId, matchId: e.matchId, type: e.optionType }));
      const signature = self.legsSignature;
      const askedAt = liveBook.pushMark;
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
        (answer) => self.applyBetInfo(requested, answer, askedAt, signature, options.markRejected ?? false),
        { failed: (error) => logger.warn('bet info not loaded', error) },
      );
    },
  }))
  .actions((self) => ({
    /**
     * A channel of the slip missed messages (a reconnect, a restarted platform): the book may hold stale prices of
     * markets no list refetches, so the bet info call asks for them, once for every channel that says so at once.
     */
    refreshAfterGap() {
      const { scheduler } = envOf(self);
      if (!scheduler.isRunning(GAP_REFRESH)) scheduler.once(GAP_REFRESH, 0, () => void self.refreshBetInfo());
    },
  }))
  .actions((self) => ({
    /**
     * Holds the odds channel of each of the slip's matches while it is in the slip. No handler of its own: the push
     * client's route takes the channel's prices into the live book (livePush.ts connectLiveBook), as for the rows.
     */
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
        self.subscriptions.set(matchId, push.subscribe(PushChannel.odds(matchId), undefined, () => self.refreshAfterGap()));
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
      addDisposer(
        self,
        reaction(
          () => self.entries.some((e) => e.bookMarket !== undefined && e.bookMarket.marketId !== e.marketId),
          (moved) => moved && self.followMovedLines(),
          { fireImmediately: true },
        ),
      );
      addDisposer(self, () => self.close());
    },
  }));
