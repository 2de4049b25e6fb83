import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editBetConfirmRequestSchema, editBetPreviewRequestSchema, editBetPreviewSchema, editBetResultSchema } from '../../../../contract/editBet';
import { ok } from '../../http/envelope';
import { currentMember } from '../../http/requireMember';
import { bettingResponses, refuseSportsNotOffered } from './fields';

const RULES =
  'The order (a single or an accumulator of the member’s, Confirmed, offered a cash out) is cashed out in full at its current offer and a new bet placed at today’s prices ' +
  'with stake = cash-out value + stakeChange (positive: more from the wallet; negative: returned to it), in one transaction. ' +
  'Refused (nothing changes): 409 15021 when the order cannot be cashed out (the reason named) or its value fell below the preview’s; 409 15040 when the order or a new selection is in play ' +
  '(both paths wait the acceptance delay), a leg is already settled, or nothing would change; 409 15001-15005 when a selection is off or its price moved past oddsChange; ' +
  '422 15006 / 15007 when the new stake is outside the range; 422 15008 when the balance does not cover a positive stakeChange.';

/** Edit bet (issue 33; the platform's paths in the betting family, docs/api.md "Edit bet"): preview, then confirm. */
export const editBetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bet/edit/preview',
    {
      schema: {
        summary: 'Preview an edit of an open bet: the cash-out value, the new stake, odds and potential return',
        description: `removeLegNos: legs of the order to drop; addBetOptionList: selections to add (as the slip sends them). The answer's betOptionList, stakeChange and cashOutValue go back to confirm as they are. ${RULES}`,
        tags: ['betting'],
        body: editBetPreviewRequestSchema,
        response: bettingResponses(editBetPreviewSchema),
      },
    },
    async (request) => {
      const { orderId, removeLegNos, addBetOptionList, stakeChange } = request.body;
      refuseSportsNotOffered(app, request, addBetOptionList.map((o, i) => ({ marketId: o.marketId, where: `addBetOptionList[${i}]` })));
      return ok(await app.betting.editBet.preview(currentMember(request).memberId, { orderId, removeLegNos, addBetOptionList, stakeChange }));
    },
  );

  app.post(
    '/bet/edit/confirm',
    {
      schema: {
        summary: 'Confirm an edit: cash the order out and place the new bet, in one transaction',
        description: `betOptionList, stakeChange and cashOutValue as the preview answered them; oddsChange (0 none, 1 better, 2 any) applies to the new bet's prices as when placing. ${RULES}`,
        tags: ['betting'],
        body: editBetConfirmRequestSchema,
        response: bettingResponses(editBetResultSchema),
      },
    },
    async (request) => {
      const { orderId, betOptionList, stakeChange, cashOutValue, oddsChange } = request.body;
      refuseSportsNotOffered(app, request, betOptionList.map((o, i) => ({ marketId: o.marketId, where: `betOptionList[${i}]` })));
      return ok(await app.betting.editBet.confirm(currentMember(request).memberId, { orderId, betOptionList, stakeChange, cashOutValue, oddsChange }));
    },
  );
};
