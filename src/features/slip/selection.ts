import type { WireMarket } from '../../../contract';
import type { LiveMarket, LiveOption } from '../../core/store/liveBook';
import type { SelectionEvent } from '../../kernel/events';

/** What of a market the slip's selection names (the rest comes from the live book). */
export type SelectionMarket = Pick<WireMarket, 'matchId' | 'sportId' | 'marketType' | 'period' | 'allowParley'>;

/**
 * The slip's selection of an option at its price and line on sale now, as a click on the price sends it (kernel
 * event betSlip.add). A moved line gave the market slot a new id: the selection takes the live book's, the one on sale.
 */
export function selectionOf(market: SelectionMarket, live: LiveMarket, optionType: string, option: LiveOption): SelectionEvent {
  return {
    matchId: market.matchId,
    sportId: market.sportId,
    marketId: live.marketId,
    marketType: market.marketType,
    outcomeCount: live.outcomeCount,
    period: market.period,
    optionType,
    line: option.line,
    odd: option.odd,
    allowParley: market.allowParley,
  };
}
