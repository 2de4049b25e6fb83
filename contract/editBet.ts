import * as z from 'zod/mini';
import { amountField, betOptionRequestSchema, decimalText, oddsChangeField, orderIdField } from './betting';
import { described } from './described';
import { languageField, request } from './fields';
import { expecting } from './issues';

/**
 * Edit bet (issue 33, docs/api.md "Edit bet"): an open single or accumulator that can be cashed out is cashed out at
 * its current offer and a new bet placed at today's prices with that value plus the stake change, in one transaction.
 * The preview answers the figures; the confirm takes them back and refuses (4xx, nothing changed) when they no longer
 * hold.
 */
export const EDIT_BET_PATHS = {
  preview: '/v1/order/bet/edit/preview',
  confirm: '/v1/order/bet/edit/confirm',
} as const;

const STAKE_CHANGE = 'a signed amount with at most 2 decimals, like "20.00" (more from the wallet) or "-10.00" (returned to it)';
/** Money added to (positive) or taken from (negative) the cash-out value to make the new bet's stake. */
export const stakeChangeField = decimalText(STAKE_CHANGE, (v) => /^-?(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(v));

const legNoField = z.number({ error: expecting('a leg number of the order (1, 2, ...)') }).check(z.int(), z.minimum(1), z.maximum(20));

/** POST /v1/order/bet/edit/preview. */
export const editBetPreviewRequestSchema = request(
  z.strictObject({
    orderId: orderIdField,
    /** Legs of the order to leave out of the new bet, by their leg number. */
    removeLegNos: z._default(z.array(legNoField).check(z.maxLength(20)), []),
    /** New selections (from the slip), at the odds the member saw. */
    addBetOptionList: z._default(z.array(betOptionRequestSchema).check(z.maxLength(20)), []),
    stakeChange: z._default(stakeChangeField, '0'),
    language: languageField,
  }),
);
export type EditBetPreviewRequest = z.input<typeof editBetPreviewRequestSchema>;

/** POST /v1/order/bet/edit/confirm: the preview's new legs and figures, as it answered them. */
export const editBetConfirmRequestSchema = request(
  z.strictObject({
    orderId: orderIdField,
    betOptionList: z.array(betOptionRequestSchema).check(z.minLength(1), z.maxLength(20)),
    stakeChange: z._default(stakeChangeField, '0'),
    /** The cash-out value the preview showed; a lower offer now is refused (15021, trader reject). */
    cashOutValue: amountField,
    oddsChange: oddsChangeField,
    language: languageField,
  }),
);
export type EditBetConfirmRequest = z.input<typeof editBetConfirmRequestSchema>;

/** A leg of the new bet as confirm takes it back: the placing calls' selection at today's decimal odds. */
export const editBetLegSchema = z.object({
  marketId: z.int(),
  optionType: z.string(),
  odds: z.string(),
  oddsFormat: described(z.literal(1), 'always 1 (decimal)'),
});
export type EditBetLeg = z.infer<typeof editBetLegSchema>;

export const editBetPreviewSchema = z.object({
  orderId: z.string(),
  /** The order's whole remaining stake cashed out now. */
  cashOutValue: z.string(),
  stakeChange: z.string(),
  /** cashOutValue + stakeChange. */
  newStake: z.string(),
  /** The new bet's total decimal odds at today's prices. */
  odds: z.string(),
  potentialReturn: z.string(),
  /** The new bet's legs, the order's kept ones first: send them to confirm as they are. */
  betOptionList: z.array(editBetLegSchema),
  /** For each of betOptionList, its leg number in the order being edited; null for a selection added. */
  legNos: z.array(z.nullable(z.int())),
});
export type EditBetPreview = z.infer<typeof editBetPreviewSchema>;

export const editBetResultSchema = z.object({
  oldOrderId: z.string(),
  cashOutId: z.string(),
  cashOutValue: z.string(),
  newOrderId: z.string(),
  newStake: z.string(),
  odds: z.string(),
  potentialReturn: z.string(),
  /** The new order's status: 4 Confirmed. */
  status: z.int(),
});
export type EditBetResult = z.infer<typeof editBetResultSchema>;
