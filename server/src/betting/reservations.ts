import type { Market } from '../feed';
import type { BettingDeps, OrderService } from './orders';

export interface ReservationService {
  /** Booked pre-bets on these markets whose odds reached the requested value are placed. */
  onOdds(markets: readonly Market[]): Promise<void>;
  /** Pre-bets whose match started or market closed become no longer valid. */
  expire(): Promise<number>;
}

export function createReservationService(deps: BettingDeps, orders: OrderService): ReservationService {
  void deps;
  void orders;
  return {
    async onOdds() {},
    async expire() {
      return 0;
    },
  };
}
