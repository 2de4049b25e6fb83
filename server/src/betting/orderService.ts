/**
 * The order service put together from its steps (orders.ts names them): a placing request is drafted (orderDrafts.ts,
 * builderBets.ts) and written through the group commit (groupCommit.ts); in-play orders end their delay in
 * acceptanceDelay.ts; the pre-bet info and the builder quote are reads of the feed. What the steps share (the ids, the
 * snapshot memory) is made here once and handed to them as explicit context.
 */
import { betInfo } from './betInfo';
import { builderQuote, draftBuilder } from './builderBets';
import { createAcceptanceDelay } from './acceptanceDelay';
import { createGroupCommit } from './groupCommit';
import { draftMultiple, draftSingle, parseStake, type DraftContext } from './orderDrafts';
import { createIdSource, type BettingDeps, type Draft, type OrderService, type PlaceContext, type PlaceResult } from './orders';
import { placedOf, refusalOf, repeatOf, writeDraft } from './orderWrites';
import { priceLeg } from './rules';
import { createSnapshotCache } from './snapshots';

export function createOrderService(deps: BettingDeps): OrderService {
  const { db, clock, feed, wallet, config } = deps;
  const nextId = createIdSource(clock);
  const snapshots = createSnapshotCache();
  const drafting: DraftContext = { clock, feed, config, nextId, snapshots };
  const write = createGroupCommit({ db, clock, wallet, snapshots });
  const delay = createAcceptanceDelay(deps);

  /**
   * Drafts the orders of a request and writes them. A repeated request id answers the first request's orders even when
   * the request would be refused now (odds moved, market closed): the group writer looks the id up inside its
   * transaction, and a refusal before that looks it up too. The common case, a new request, costs no extra query.
   */
  async function place(ctx: PlaceContext, draft: () => Draft[]): Promise<PlaceResult> {
    let drafts: Draft[];
    try {
      drafts = draft();
    } catch (error) {
      const seen = ctx.requestId === undefined ? undefined : await repeatOf(db, ctx);
      if (seen) return seen;
      throw error;
    }
    return write(ctx, drafts);
  }

  return {
    betInfo: (requests, options) => betInfo(feed, config, requests, options),
    placeSingles(ctx, bets) {
      return place(ctx, () =>
        bets.map((bet, i) => {
          const where = `singleBetList[${i}]`;
          const leg = priceLeg(feed, bet.leg, bet.oddsChange, `${where}.betOptionList[0]`);
          return draftSingle(drafting, ctx, leg, parseStake(bet.unitStake, `${where}.unitStake`), bet.oddsChange, where);
        }),
      );
    },
    placeMultiple(ctx, requests, series) {
      return place(ctx, () => draftMultiple(drafting, ctx, requests, series));
    },
    builderQuote: (requests, currency) => builderQuote(feed, config, requests, currency),
    placeBuilder(ctx, requests, bet) {
      return place(ctx, () => [draftBuilder(drafting, ctx, requests, bet)]);
    },
    draftBet(ctx, legs, stake, oddsChange, stakeName) {
      if (legs.length === 1) return draftSingle(drafting, ctx, priceLeg(feed, legs[0]!, oddsChange, 'betOptionList[0]'), stake, oddsChange, 'stake', undefined, stakeName);
      return draftMultiple(drafting, ctx, legs, [{ seriesNumber: legs.length * 1000 + 1, itemCount: legs.length, unitStake: stake.toFixed(2), oddsChange }], stakeName)[0]!;
    },
    async writeDraft(trx, ctx, draft) {
      try {
        await writeDraft(wallet, trx, ctx, draft);
      } catch (error) {
        throw refusalOf(ctx, error);
      }
      return placedOf(draft);
    },
    async writeSingle(trx, ctx, leg, unitStake, oddsChange, reserveId) {
      const draft = draftSingle(drafting, ctx, leg, unitStake, oddsChange, 'pre-bet', reserveId);
      await writeDraft(wallet, trx, ctx, draft);
      return placedOf(draft);
    },
    processDue: () => delay.processDue(),
    noteDanger: (matchId) => delay.noteDanger(matchId),
    async statuses(memberId, orderIds) {
      if (orderIds.length === 0) return [];
      const rows = await db.selectFrom('orders').select(['id', 'status', 'reject_type']).where('member_id', '=', memberId).where('id', 'in', [...orderIds]).execute();
      return rows.map((r) => (r.reject_type === null ? { oid: r.id, st: r.status } : { oid: r.id, st: r.status, rt: r.reject_type }));
    },
    nextId,
  };
}
