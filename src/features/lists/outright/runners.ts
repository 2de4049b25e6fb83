import Decimal from 'decimal.js';
import type { WireMarket, WireMatch } from '../../../../contract';
import type { LiveMarket } from '../../../core/store/liveBook';

/** The platform's market key of a champion market (docs/api.md, Outrights): one per outright, a runner per option. */
export const OUTRIGHT_KEY = 'outright';

/** An outright's market: the getList and getMatchDetail answers carry it in their bet groups like any other market. */
export function outrightMarketOf(match: Pick<WireMatch, 'betGroup'>): WireMarket | undefined {
  for (const group of match.betGroup) {
    const market = group.moneyHandicap.find((m) => m.key === OUTRIGHT_KEY);
    if (market) return market;
  }
  return undefined;
}

export interface Runner {
  type: string;
  name: string;
}

/**
 * Runners by price, shortest first, at the prices on sale now (the live book's, which push keeps current); a runner
 * without a price or locked goes last, then by name so the order is stable. Prices compare as decimals, never numbers.
 */
export function runnersByPrice(wire: WireMarket, live: LiveMarket | undefined): Runner[] {
  const price = (type: string): Decimal | undefined => {
    const option = live?.options.get(type) ?? wire.options.find((o) => o.type === type);
    if (!option || option.isLock) return undefined;
    const odd = new Decimal(option.odd || '0');
    return odd.gt(0) ? odd : undefined;
  };
  return wire.options
    .map((o) => ({ type: o.type, name: o.name, odd: price(o.type) }))
    .sort((a, b) => {
      if (a.odd && b.odd) return a.odd.comparedTo(b.odd) || a.name.localeCompare(b.name);
      if (a.odd) return -1;
      if (b.odd) return 1;
      return a.name.localeCompare(b.name);
    })
    .map(({ type, name }) => ({ type, name }));
}
