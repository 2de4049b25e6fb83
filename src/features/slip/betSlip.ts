// The bet slip's store (BetSlipStore, spec: quick bet cart), the last link of its chain: state (slipState.ts), checks
// (slipChecks.ts), storage (slipStorage.ts), live prices (slipBetInfo.ts), and here what the member and placement do
// to it: add and remove selections, switch modes, type stakes, the placement's results, and the wiring to the
// login and language. The one module the rest of the app makes the slip from.
import { reaction, when } from 'mobx';
import { addDisposer, isAlive, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { reasonKey, SlipReason } from './domain/slipReasons';
import type { SelectionEvent } from '../../kernel/events';
import { envOf } from '../../core/store/env';
import type { SlipEntry, SlipEntryInstance } from './slipEntry';
import { REASON_VALUES, rootOf, SLIP_NS, type PlacementStatus, type SeriesMaths, type SlipMode } from './slipState';
import { SlipBetInfo } from './slipBetInfo';

/**
 * The bet slip (spec: quick bet cart): single and parlay modes, one selection per match, at most 10 matches, stakes
 * per option and per series, live prices and states, and every reason it cannot be placed as views. Persisted per
 * merchant (storage key betSlip) so it survives a reload.
 */
export const BetSlipStore = SlipBetInfo
  .actions((self) => {
    const tr = (key: string, options: Record<string, unknown> = {}) => envOf(self).i18n.t(key, { ns: SLIP_NS, ...options });
    return {
      reasonText(reason: SlipReason) {
        return tr(reasonKey(reason), REASON_VALUES);
      },
      notify(type: 'success' | 'warn' | 'info', key: string) {
        envOf(self).toast[type](tr(key));
      },
    };
  })
  .actions((self) => ({
    setMode(mode: SlipMode) {
      if (mode === self.mode) return;
      self.mode = mode;
      self.refusal = undefined;
      self.stakeTarget = undefined;
    },
    setStake(matchId: number, value: string) {
      const entry = self.entry(matchId);
      if (!entry || entry.locked) return;
      entry.setStake(value);
      self.stakeTouched = true;
      self.refusal = undefined;
    },
    setSeriesStake(seriesNumber: number, value: string) {
      if (value === '') self.seriesStakes.delete(String(seriesNumber));
      else self.seriesStakes.set(String(seriesNumber), value);
      self.stakeTouched = true;
      self.refusal = undefined;
    },
    /** A stake field lost the focus: from now on a missing stake is said. */
    touchStake() {
      self.stakeTouched = true;
    },
    setStakeTarget(target: string | undefined) {
      self.stakeTarget = target;
    },
    /** True once for the field `target` the focus was asked for (see focusRequest). */
    takeFocusRequest(target: string): boolean {
      if (self.focusRequest !== target) return false;
      self.focusRequest = undefined;
      return true;
    },
    setPlacement(status: PlacementStatus | undefined) {
      self.placement = status;
    },
    setRefusal(reason: SlipReason | undefined) {
      self.refusal = reason;
    },
    keepPending(selection: SelectionEvent | undefined) {
      self.pending = selection;
    },
    /** Takes the current prices and lines; their stake ranges (which follow the price) are asked for again. */
    acceptChanges() {
      for (const entry of self.entries) entry.acceptChanges();
      self.refusal = undefined;
      void self.refreshBetInfo();
    },
    /** Drops stakes of series the current number of legs does not offer (once the maths are there to say which). */
    pruneSeriesStakes() {
      const maths = self.seriesMaths;
      if (!maths && self.entries.length >= 2) return;
      const offered = new Set(maths ? maths.offeredSeriesNumbers(self.entries.length).map(String) : []);
      for (const key of [...self.seriesStakes.keys()]) if (!offered.has(key)) self.seriesStakes.delete(key);
    },
  }))
  .actions((self) => ({
    /**
     * Adds a clicked selection (spec: bet slip rules). A visitor's click is kept and added after they log in. A match
     * already in the slip has its selection replaced (in a parlay with the spec's one-per-match notice); an 11th
     * match is ignored; in parlay mode a market that cannot join a parlay is refused with its reason, and so is a
     * selection of a sport the merchant switched off, in every mode.
     */
    add(selection: SelectionEvent): 'pending' | 'added' | 'replaced' | 'same' | 'full' | 'refused' {
      // A price of a sport the merchant switched off never gets in (the platform refuses it too: 15015).
      if (!envOf(self).sports.offers(selection.sportId, 'A')) {
        envOf(self).toast.warn(self.reasonText(SlipReason.SportNotOffered));
        return 'refused';
      }
      if (!self.isLogin) {
        self.keepPending(selection);
        return 'pending';
      }
      const parlay = self.mode === 'parlay';
      if (parlay && !selection.allowParley) {
        envOf(self).toast.warn(self.reasonText(SlipReason.ParlayNotAllowed));
        return 'refused';
      }
      const index = self.entries.findIndex((e) => e.matchId === selection.matchId);
      const existing = index >= 0 ? self.entries[index] : undefined;
      if (existing && existing.marketId === selection.marketId && existing.optionType === selection.optionType) return 'same';
      if (!existing && self.isFull) {
        envOf(self).toast.warn(self.reasonText(SlipReason.TooManyMatches));
        return 'full';
      }
      const snapshot: SnapshotIn<typeof SlipEntry> = {
        matchId: selection.matchId,
        sportId: selection.sportId,
        marketId: selection.marketId,
        marketType: selection.marketType,
        outcomeCount: selection.outcomeCount,
        period: selection.period,
        optionType: selection.optionType,
        line: selection.line,
        odd: selection.odd,
        allowParley: selection.allowParley,
        inParlay: parlay || (existing?.inParlay ?? false),
        showInSingle: !parlay || (existing?.showInSingle ?? false),
        // A replaced single keeps the stake typed for the match.
        stake: existing && !existing.locked ? existing.stake : '',
      };
      if (existing) self.entries.splice(index, 1, snapshot);
      else self.entries.push(snapshot);
      self.placement = undefined;
      self.refusal = undefined;
      self.stakeTarget = parlay ? self.stakeTarget : `entry:${selection.matchId}`;
      // A parlay is built from several prices in a row: the focus stays where the member is picking them.
      self.focusRequest = parlay ? undefined : `entry:${selection.matchId}`;
      self.pruneSeriesStakes();
      if (parlay) self.notify(existing ? 'warn' : 'success', existing ? 'notice.onePerMatch' : 'notice.addedToParlay');
      void self.refreshBetInfo();
      return existing ? 'replaced' : 'added';
    },
    /** Spec: deleting one entry clears the temporary order status and re-fetches the bet info. */
    remove(matchId: number) {
      const entry = self.entry(matchId);
      if (!entry) return;
      self.entries.remove(entry);
      self.placement = undefined;
      self.refusal = undefined;
      if (self.stakeTarget === `entry:${matchId}`) self.stakeTarget = undefined;
      self.pruneSeriesStakes();
      void self.refreshBetInfo();
    },
    /** Spec: deleting all clears the slip. */
    clear() {
      self.cancelRefresh();
      self.infoRequest.reset();
      self.entries.clear();
      self.seriesStakes.clear();
      self.seriesInfo = [];
      self.seriesInfoFor = '';
      self.placement = undefined;
      self.refusal = undefined;
      self.stakeTarget = undefined;
      self.stakeTouched = false;
    },
    /** A quick-stake preset fills the field last focused (the newest selection, or the parlay's accumulator). */
    applyQuickStake(amount: string) {
      const target = self.quickStakeTarget;
      if (!target) return;
      const [kind, id] = target.split(':');
      if (kind === 'entry') self.setStake(Number(id), amount);
      else if (kind === 'series') self.setSeriesStake(Number(id), amount);
    },
  }))
  .actions((self) => ({
    /** Max fills the quick stakes' field with the most it may take (maxStake). */
    applyMaxStake() {
      const most = self.maxStake;
      if (most) self.applyQuickStake(most.toFixed(2));
    },
    /** Placement answered: the entries wait for their orders (locked), or leave the slip when already confirmed. */
    placed(entries: readonly SlipEntryInstance[], waitingByEntry: ReadonlyArray<readonly string[]>, seriesDone: readonly number[]) {
      entries.forEach((entry, i) => {
        const waiting = waitingByEntry[i] ?? [];
        if (waiting.length > 0) entry.lock(waiting);
        else self.entries.remove(entry);
      });
      for (const n of seriesDone) self.seriesStakes.delete(String(n));
      if (self.isEmpty) self.seriesStakes.clear();
      self.placement = waitingByEntry.some((w) => w.length > 0) ? 'confirming' : 'confirmed';
      self.refusal = undefined;
      self.stakeTouched = false;
      self.pruneSeriesStakes();
    },
    /**
     * An order reached a final status: entries with nothing left waiting leave the slip on success, or come back for
     * another try after a refusal, re-offering the current price with the refusal's reason beside the place button.
     */
    orderFinished(orderId: string, ok: boolean, seriesNumber: number, reason?: SlipReason) {
      let retry = false;
      for (const entry of [...self.entries]) {
        if (!entry.waitingOrderIds.includes(orderId)) continue;
        if (!entry.orderDone(orderId, ok)) continue;
        if (entry.placementFailed) {
          entry.unlockAfterFailure();
          retry = true;
        } else {
          self.entries.remove(entry);
        }
      }
      if (ok && seriesNumber > 0) self.seriesStakes.delete(String(seriesNumber));
      if (self.isEmpty) self.seriesStakes.clear();
      self.placement = ok ? (self.entries.some((e) => e.locked) ? 'confirming' : 'confirmed') : 'rejected';
      if (!ok && reason) self.refusal = reason;
      self.pruneSeriesStakes();
      if (retry) void self.refreshBetInfo({ markRejected: true });
    },
    /** Entries locked for orders nobody follows any more (storage lost them) are released. */
    releaseUnfollowed(followed: ReadonlySet<string>) {
      for (const entry of self.entries) {
        const kept = entry.waitingOrderIds.filter((id) => followed.has(id));
        if (kept.length !== entry.waitingOrderIds.length) entry.waitingOrderIds.replace(kept);
      }
    },
    /** The series maths arrived: stakes kept for them meanwhile (a restored slip, a leg added) are checked now. */
    setSeriesMaths(maths: SeriesMaths) {
      self.seriesMaths = maths;
      self.pruneSeriesStakes();
    },
  }))
  .actions((self) => ({
    afterCreate() {
      // The slip's storage (slipStorage.ts) and live prices (slipBetInfo.ts) were wired by their own afterCreate.
      const { i18n } = envOf(self);
      if (typeof i18n.loadNamespaces === 'function') void i18n.loadNamespaces(SLIP_NS);
      // The maths come with the slip's chunk the first time the slip holds two selections.
      addDisposer(
        self,
        when(
          () => self.entries.length >= 2,
          () =>
            void import(/* webpackChunkName: "bet-slip" */ './slipSeries').then((maths) => {
              if (isAlive(self)) self.setSeriesMaths(maths);
            }),
        ),
      );
    },
    /** Wires what the slip follows in its siblings: the login (pending click, fresh bet info) and the language. */
    connect() {
      addDisposer(
        self,
        reaction(
          () => self.isLogin,
          (isLogin) => {
            if (!isLogin) return;
            const pending = self.pending;
            self.keepPending(undefined);
            if (pending) self.add(pending);
            else void self.refreshBetInfo();
          },
          { fireImmediately: true },
        ),
      );
      addDisposer(
        self,
        reaction(
          () => [rootOf(self).settings?.apiLanguage, self.isSingle] as const,
          () => void self.refreshBetInfo(),
          { equals: (a, b) => a[0] === b[0] && a[1] === b[1] },
        ),
      );
    },
  }));

export type BetSlipStoreInstance = Instance<typeof BetSlipStore>;
