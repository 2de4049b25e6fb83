import { MarketStatus } from '../../../contract/enums';
import type { AddPickOutcome, SlipPick } from '../../sdk/services';
import { isApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import { isDetail } from '../match/matchDetailWire';
import type { RootStoreInstance } from '../../core/store/RootStore';
import { selectionOf } from './selection';
import { MATCH_PATHS } from '../../../contract/paths';

/**
 * Puts a pick in the bet slip at the live book's price: the match is asked for afresh (the book may not hold it), the
 * book takes the answer, and the pick goes in at the price and line on sale now, as a click on that price would. A
 * moved line gave the market a new id: the slip takes the one on sale (its line shows in the slip), like any price
 * clicked. Nothing goes in when the market is not on sale.
 */
export async function addPickToSlip(root: RootStoreInstance, pick: SlipPick): Promise<AddPickOutcome> {
  const env = envOf(root);
  const askedAt = env.liveBook.pushMark;
  let answer: unknown;
  try {
    answer = await env.http.match.post(MATCH_PATHS.detail, { matchId: pick.matchId }, { noAuth: true });
  } catch (error) {
    // A match the platform no longer knows (ended and gone) has no market on sale.
    return isApiError(error) && error.httpStatus === 404 ? 'closed' : 'failed';
  }
  if (!isDetail(answer) || !env.sports.offers(answer.sportId, 'A')) return 'closed';
  env.liveBook.seed([{ ...answer, betGroup: answer.betGroups }], askedAt);
  const market = answer.betGroups.flatMap((group) => group.moneyHandicap).find((m) => m.marketId === pick.marketId || m.oldMarketId === pick.marketId);
  const live = market && env.liveBook.market(market.marketId);
  const option = live?.options.get(pick.optionType);
  if (!market || !live || !option || live.status !== MarketStatus.On || option.isLock) return 'closed';
  const selection = selectionOf(market, live, pick.optionType, option);
  if (!root.requireLogin(env.i18n.t('login.required'))) {
    root.betSlip.keepPending(selection);
    return 'login';
  }
  env.events.emit('betSlip.add', selection);
  return 'added';
}
