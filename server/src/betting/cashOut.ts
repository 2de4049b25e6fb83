import type { Market } from '../feed';
import type { BettingDeps, OrderService } from './orders';

export interface CashOutService {
  /** Auto cash-out rules on these markets whose offer reached the threshold fire. */
  onOdds(markets: readonly Market[]): Promise<void>;
  /** Ends the in-play delay of due cash outs. */
  processDue(): Promise<number>;
}

export function createCashOutService(deps: BettingDeps, orders: OrderService): CashOutService {
  void deps;
  void orders;
  return {
    async onOdds() {},
    async processDue() {
      return 0;
    },
  };
}
