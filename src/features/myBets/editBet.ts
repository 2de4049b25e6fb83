import Decimal from 'decimal.js';
import { flow, types, type Instance } from 'mobx-state-tree';
import type { BetOptionRequest } from '../../../contract/betting';
import { EDIT_BET_PATHS, type EditBetConfirmRequest, type EditBetPreview, type EditBetPreviewRequest, type EditBetResult } from '../../../contract/editBet';
import { BetError } from '../../../contract/errors';
import { isApiError } from '../../services/http';
import { envOf } from '../../core/store/env';

/** Why an edit was refused, as the dialog words it (myBets namespace, edit.error.*). */
export type EditBetError =
  | 'invalidStake'
  | 'notEditable'
  | 'cashOutUnavailable'
  | 'priceMoved'
  | 'selectionClosed'
  | 'stakeRange'
  | 'balance'
  | 'parlayRules'
  | 'orderNotFound'
  | 'failed';

const ERROR_OF_CODE: ReadonlyMap<number, EditBetError> = new Map([
  [BetError.EditUnavailable, 'notEditable'],
  [BetError.CashOutUnavailable, 'cashOutUnavailable'],
  [BetError.OddsChanged, 'priceMoved'],
  [BetError.MarketSuspended, 'selectionClosed'],
  [BetError.HandicapClosed, 'selectionClosed'],
  [BetError.MarketLineChanged, 'selectionClosed'],
  [BetError.HandicapChanged, 'selectionClosed'],
  [BetError.BelowRange, 'stakeRange'],
  [BetError.ExceedRange, 'stakeRange'],
  [BetError.InsufficientBalance, 'balance'],
  [BetError.ParlayNotAllowed, 'parlayRules'],
  [BetError.TooManyMatches, 'parlayRules'],
  [BetError.SameMatchTwice, 'parlayRules'],
  [BetError.OrderNotFound, 'orderNotFound'],
]);

/** A signed amount with at most 2 decimals ("20", "-5.50"); empty means no change. */
const STAKE_CHANGE = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * One edit of an open bet (issue 33, docs/api.md "Edit bet"), made for its dialog: the legs to remove, the slip's
 * selections to add, the stake change; a preview of the platform's figures, then the confirm that sends them back.
 * Any change of the choices drops the preview, so Confirm always sends what the member last saw previewed.
 */
export const EditBet = types
  .model('EditBet', {
    orderId: types.string,
    removedLegNos: types.array(types.number),
    /** Slip entries (by key) to add. */
    addedKeys: types.array(types.string),
    stakeChange: '',
  })
  .volatile(() => ({
    phase: 'idle' as 'idle' | 'previewing' | 'confirming' | 'done',
    preview: undefined as EditBetPreview | undefined,
    result: undefined as EditBetResult | undefined,
    error: undefined as { kind: EditBetError; message?: string | undefined } | undefined,
  }))
  .views((self) => ({
    get busy() {
      return self.phase === 'previewing' || self.phase === 'confirming';
    },
    /** The stake change as the platform takes it, or undefined when what was typed is not an amount. */
    get stakeChangeAmount(): string | undefined {
      const text = self.stakeChange.trim().replace(/^\+/, '');
      if (text === '') return '0.00';
      return STAKE_CHANGE.test(text) ? new Decimal(text).toFixed(2) : undefined;
    },
    isRemoved(legNo: number) {
      return self.removedLegNos.includes(legNo);
    },
    isAdded(key: string) {
      return self.addedKeys.includes(key);
    },
  }))
  .actions((self) => {
    const changed = () => {
      self.preview = undefined;
      self.error = undefined;
    };
    /** Adds a choice or takes it back (not while a call runs); the preview no longer holds. */
    const flip = <T>(list: { indexOf(value: T): number; splice(start: number, count: number): unknown; push(value: T): unknown }, value: T) => {
      if (self.busy) return;
      const at = list.indexOf(value);
      if (at >= 0) list.splice(at, 1);
      else list.push(value);
      changed();
    };
    const fail = (error: unknown) => {
      self.error = isApiError(error) ? { kind: ERROR_OF_CODE.get(error.code) ?? 'failed', message: error.message } : { kind: 'failed' };
    };
    return {
      toggleLeg(legNo: number) {
        flip(self.removedLegNos, legNo);
      },
      toggleAdded(key: string) {
        flip(self.addedKeys, key);
      },
      setStakeChange(text: string) {
        if (self.busy) return;
        self.stakeChange = text;
        changed();
      },
      /** Asks the platform for the figures of the edit as chosen; `added` are the chosen slip selections as placing sends them. */
      previewEdit: flow(function* previewEdit(added: readonly BetOptionRequest[]) {
        if (self.busy) return;
        const stakeChange = self.stakeChangeAmount;
        if (stakeChange === undefined) {
          self.error = { kind: 'invalidStake' };
          return;
        }
        self.phase = 'previewing';
        self.error = undefined;
        try {
          const body: EditBetPreviewRequest = { orderId: self.orderId, removeLegNos: [...self.removedLegNos], addBetOptionList: [...added], stakeChange };
          self.preview = (yield envOf(self).http.betting.post(EDIT_BET_PATHS.preview, body)) as EditBetPreview;
        } catch (error) {
          self.preview = undefined;
          fail(error);
        } finally {
          if (self.phase === 'previewing') self.phase = 'idle';
        }
      }),
      /** Sends the preview back; refused, the preview goes (the member previews again and sees the new figures). */
      confirmEdit: flow(function* confirmEdit(oddsChange: EditBetConfirmRequest['oddsChange']) {
        const preview = self.preview;
        if (self.busy || !preview) return false;
        self.phase = 'confirming';
        self.error = undefined;
        try {
          const body: EditBetConfirmRequest = {
            orderId: self.orderId,
            betOptionList: preview.betOptionList,
            stakeChange: preview.stakeChange,
            cashOutValue: preview.cashOutValue,
            oddsChange,
          };
          self.result = (yield envOf(self).http.betting.post(EDIT_BET_PATHS.confirm, body)) as EditBetResult;
          self.phase = 'done';
          return true;
        } catch (error) {
          self.phase = 'idle';
          self.preview = undefined;
          fail(error);
          return false;
        }
      }),
    };
  });

export type EditBetInstance = Instance<typeof EditBet>;
