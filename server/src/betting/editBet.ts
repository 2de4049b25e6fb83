import type { EditBetConfirmRequest, EditBetPreview, EditBetResult } from '../../../contract/editBet';
import { OddsFormat } from '../../../domain/odds';
import { BetResult } from '../../../domain/series';
import { BetType } from '../../../contract/enums';
import { lockOrders } from '../db/locks';
import { ApiError } from '../http/envelope';
import { fromMinor, minorToDecimal, toMinor, type Currency } from '../money';
import type { CashOutService } from './cashOut';
import { CashOutRefused } from './cashOutChecks';
import type { FullOffer } from './cashOutExecution';
import { BetError, CashOutFailure, OddsChange, OrderStatus } from './codes';
import type { BettingDeps, Draft, OrderService, PlaceContext } from './orders';
import { refuse, type LegRequest } from './rules';

/** What the preview route takes (the contract's request after parsing). */
export interface EditPreviewInput {
  orderId: string;
  removeLegNos: readonly number[];
  addBetOptionList: readonly LegRequest[];
  stakeChange: string;
}

/** What the confirm route takes: the preview's legs and figures. */
export type EditConfirmInput = Pick<EditBetConfirmRequest, 'orderId'> & {
  betOptionList: readonly LegRequest[];
  stakeChange: string;
  cashOutValue: string;
  oddsChange: OddsChange;
};

export interface EditBetService {
  preview(memberId: number, input: EditPreviewInput): Promise<EditBetPreview>;
  confirm(memberId: number, input: EditConfirmInput): Promise<EditBetResult>;
}

/** The new order's request_id names the order it replaced, so the two can be told apart and joined in the books. */
export const editRequestId = (oldOrderId: string) => `edit-${oldOrderId}`;

/**
 * Edit bet (issue 33, docs/api.md "Edit bet"), as bet365 does it: the open bet is cashed out in full at its current
 * offer (the cash-out service's own pricing and payment, so both paths pay the same) and a new bet is placed at
 * today's prices with that value plus the stake change, in one transaction: the ledger shows the cash out's credit and
 * the new stake's debit, and the wallet moves by the stake change only. On PostgreSQL the transaction locks the old
 * order first (lockOrders, as a cash out and settlement do), then the wallet through the credit and the debit.
 *
 * In play: a cash out and an in-play bet each wait the acceptance delay and are re-checked at its end, and an edit must
 * swap the two bets at one moment (a delayed pair could end half done: the cash out paid, the new bet rejected). So an
 * edit whose old bet or new bet would wait that delay is refused (15040); with no delay configured, an in-play edit is
 * immediate, as both paths then are.
 */
export function createEditBetService(deps: BettingDeps, orders: OrderService, cashOut: CashOutService): EditBetService {
  const { db, wallet } = deps;

  function checkEditable(offer: FullOffer): void {
    const { order, legs } = offer;
    // Singles and parlays (issue 33): a builder's legs are priced together on one match, not as a parlay of them.
    if (order.bet_type === BetType.Builder) throw refuse(BetError.EditUnavailable, `order ${order.id} is a bet builder: cash it out and build again instead`);
    const settled = legs.find((l) => l.result !== BetResult.NoResulted);
    if (settled) throw refuse(BetError.EditUnavailable, `leg ${settled.leg_no} of order ${order.id} is already settled: cash it out instead`);
    if (offer.delayed) throw refuse(BetError.EditUnavailable, `order ${order.id} is in play: cash it out or bet again instead (both wait the in-play delay)`);
  }

  function parseChange(stakeChange: string): number {
    try {
      return toMinor(stakeChange);
    } catch {
      throw new ApiError(400, 4001, `stakeChange: expected a signed amount with at most 2 decimals, got "${stakeChange}"`);
    }
  }

  /** The new bet drafted at today's prices with the cash-out value plus the change as its stake. */
  function draftNew(ctx: PlaceContext, offer: FullOffer, legs: readonly LegRequest[], changeMinor: number, oddsChange: OddsChange): Draft {
    const stakeMinor = offer.payoutMinor + changeMinor;
    const figures = `the cash-out value ${fromMinor(offer.payoutMinor)} with the stake change ${fromMinor(changeMinor)}`;
    if (stakeMinor <= 0) throw refuse(BetError.BelowRange, `${figures} leaves a new stake of ${fromMinor(stakeMinor)}`);
    // An edit's stake is no field of its request: a range refusal names it by the two figures it is made of.
    const draft = orders.draftBet(ctx, legs, minorToDecimal(stakeMinor), oddsChange, `the new stake (${figures})`);
    if (draft.order.status !== OrderStatus.Confirmed) {
      throw refuse(BetError.EditUnavailable, 'a selection of the new bet is in play: place it on its own (in-play bets wait the acceptance delay)');
    }
    return draft;
  }

  const contextOf = (memberId: number, offer: FullOffer): PlaceContext => ({
    memberId,
    currency: offer.order.currency as Currency,
    requestId: editRequestId(offer.order.id),
  });

  return {
    async preview(memberId, input) {
      const changeMinor = parseChange(input.stakeChange);
      const offer = await cashOut.fullOffer(db, memberId, input.orderId);
      checkEditable(offer);
      const known = new Set(offer.legs.map((l) => l.leg_no));
      const unknown = input.removeLegNos.find((n) => !known.has(n));
      if (unknown !== undefined) throw new ApiError(400, 4001, `removeLegNos: order ${input.orderId} has no leg ${unknown} (legs ${[...known].join(', ')})`);
      if (input.removeLegNos.length === 0 && input.addBetOptionList.length === 0 && changeMinor === 0) {
        throw refuse(BetError.EditUnavailable, 'nothing to change: remove or add a selection, or change the stake');
      }
      const kept = offer.legs.filter((l) => !input.removeLegNos.includes(l.leg_no));
      if (kept.length + input.addBetOptionList.length === 0) throw refuse(BetError.EditUnavailable, 'no selection left: cash the bet out instead');
      if (changeMinor > 0) {
        const balance = await wallet.getBalance(memberId, offer.order.currency as Currency);
        if (balance < changeMinor) {
          throw refuse(BetError.InsufficientBalance, `${offer.order.currency} balance ${fromMinor(balance)} is below the stake change ${fromMinor(changeMinor)}`);
        }
      }
      const legs: LegRequest[] = [
        ...kept.map((l) => ({ marketId: Number(l.market_id), optionType: l.option_type, odds: l.odds, oddsFormat: OddsFormat.Europe })),
        ...input.addBetOptionList,
      ];
      // Quoted at today's prices whatever the member saw: the confirm applies their acceptance to these.
      const draft = draftNew(contextOf(memberId, offer), offer, legs, changeMinor, OddsChange.Any);
      return {
        orderId: offer.order.id,
        cashOutValue: fromMinor(offer.payoutMinor),
        stakeChange: fromMinor(changeMinor),
        newStake: fromMinor(draft.order.stake_minor),
        odds: draft.order.odds,
        potentialReturn: fromMinor(draft.order.max_win_minor),
        betOptionList: draft.legs.map((leg) => ({ marketId: Number(leg.market_id), optionType: leg.option_type, odds: leg.odds, oddsFormat: OddsFormat.Europe })),
        legNos: draft.legs.map((_, i) => (i < kept.length ? kept[i]!.leg_no : null)),
      };
    },

    async confirm(memberId, input) {
      const changeMinor = parseChange(input.stakeChange);
      const expectedMinor = toMinor(input.cashOutValue);
      return db.transaction().execute(async (trx) => {
        await lockOrders(trx, [input.orderId]);
        const offer = await cashOut.fullOffer(trx, memberId, input.orderId);
        checkEditable(offer);
        if (offer.payoutMinor < expectedMinor) {
          throw new CashOutRefused(
            CashOutFailure.TraderReject,
            `the cash-out value of order ${offer.order.id} is ${fromMinor(offer.payoutMinor)} now, below the ${fromMinor(expectedMinor)} previewed: preview again`,
          );
        }
        const ctx = contextOf(memberId, offer);
        const draft = draftNew(ctx, offer, input.betOptionList, changeMinor, input.oddsChange);
        const cashedOut = await cashOut.payFull(trx, offer);
        const placed = await orders.writeDraft(trx, ctx, draft);
        return {
          oldOrderId: offer.order.id,
          cashOutId: cashedOut.cashOutId,
          cashOutValue: cashedOut.payout,
          newOrderId: placed.orderId,
          newStake: placed.betAmount,
          odds: placed.odds,
          potentialReturn: fromMinor(draft.order.max_win_minor),
          status: placed.status,
        };
      });
    },
  };
}
