import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel';
import type { WireMarket } from '../../../../contract';
import { useLiveBook, useStore } from '../../../core/ui/storeContext';
import { selectionOf } from '../selection';

/**
 * A click on a price, wherever it shows: the option at its current price and line goes to the slip (kernel event
 * betSlip.add); a visitor's pick waits in the slip and is added once they have logged in. A price already in the slip
 * (shown pressed) leaves it, as a pressed toggle does.
 */
export function useAddToSlip() {
  const { t } = useTranslation();
  const { events } = useKernel();
  const root = useStore();
  const book = useLiveBook();
  return (market: Pick<WireMarket, 'marketId' | 'matchId' | 'sportId' | 'marketType' | 'period' | 'allowParley'>, optionType: string) => {
    const live = book.market(market.marketId);
    const option = live?.options.get(optionType);
    if (!live || !option) return;
    if (root.betSlip.isPicked(live.marketId, optionType)) {
      root.betSlip.remove(market.matchId);
      return;
    }
    const selection = selectionOf(market, live, optionType, option);
    if (!root.requireLogin(t('login.required'))) {
      root.betSlip.keepPending(selection);
      return;
    }
    events.emit('betSlip.add', selection);
  };
}
