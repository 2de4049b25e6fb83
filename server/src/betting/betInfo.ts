/**
 * The spec's pre-bet info (betInfo): the current state of the selected markets, following a market replaced by a line
 * move, with each selection's stake range and, for several selections, the series they allow. A read of the feed
 * only: separate from placing, which prices the same selections again when the bet arrives.
 */
import Decimal from 'decimal.js';
import { seriesOptions } from '../../../domain/series';
import type { PlatformConfig } from '../config/platformConfig';
import type { Feed, Market } from '../feed';
import type { Currency } from '../money';
import { parlayRange, singleRange } from './orderDrafts';
import type { BetInfoEntry, BetInfoRequest, Lang, SeriesInfo } from './orders';

/** Follows replaced markets to the one on sale now (a line move replaces a market; the app remaps its id). */
function currentMarket(feed: Feed, marketId: number): { market: Market | undefined; oldMarketId: number | null } {
  let market = feed.market(marketId);
  for (let hops = 0; market?.replacedBy !== undefined && hops < 20; hops++) market = feed.market(market.replacedBy);
  return { market, oldMarketId: market && market.marketId !== marketId ? marketId : null };
}

export function betInfo(
  feed: Feed,
  config: PlatformConfig,
  requests: readonly BetInfoRequest[],
  options: { isSelectSeries: boolean; currency: Currency; lang: Lang },
): { betInfo: BetInfoEntry[]; seriesInfo: SeriesInfo[] } {
  const entries = requests.map((r): BetInfoEntry => {
    const { market, oldMarketId } = currentMarket(feed, r.marketId);
    const option = market?.options.find((o) => o.type === r.type);
    const fixture = feed.fixture(market?.matchId ?? r.matchId);
    const status = !market || !option ? -1 : market.status;
    const odd = option && !option.isLock ? option.odd : '0';
    const range = option && !option.isLock ? singleRange(config, options.currency, option.odd) : undefined;
    return {
      marketId: market?.marketId ?? r.marketId,
      oldMarketId,
      matchId: fixture?.matchId ?? r.matchId,
      sportId: fixture?.sportId ?? market?.sportId ?? 0,
      allowParley: market?.allowParley ?? false,
      isInPlay: fixture?.inPlay ?? false,
      minBet: range ? range.min.toFixed(2) : '0.00',
      maxBet: range ? range.max.toFixed(2) : '0.00',
      status,
      marketType: market?.marketType ?? 0,
      outcomeCount: market?.options.length ?? 0,
      period: market?.period ?? '',
      line: option?.line ?? market?.line ?? null,
      option: { name: option?.name[options.lang] ?? '', odd, type: r.type, isLock: !option || option.isLock || status !== 1 },
      homeName: fixture?.home.name[options.lang] ?? '',
      awayName: fixture?.away?.name[options.lang] ?? '',
      leagueName: fixture?.league.name[options.lang] ?? '',
      beginTime: fixture?.beginTime ?? 0,
    };
  });
  const seriesInfo: SeriesInfo[] = [];
  const distinctMatches = new Set(entries.map((e) => e.matchId)).size === entries.length;
  const bettable = entries.every((e) => e.status === 1 && e.allowParley && !e.option.isLock);
  if (options.isSelectSeries && entries.length >= 2 && entries.length <= config.betting.maxParlayLegs && distinctMatches && bettable) {
    for (const s of seriesOptions(entries.map((e) => e.option.odd))) {
      const range = parlayRange(config, options.currency, s.seriesOdd);
      seriesInfo.push({
        seriesNumber: s.seriesNumber,
        name: s.asianName,
        combination: s.combination,
        seriesOdd: s.seriesOdd.toDecimalPlaces(4, Decimal.ROUND_DOWN).toString(),
        betCount: s.betCount,
        minBet: range.min.toFixed(2),
        maxBet: range.max.toFixed(2),
      });
    }
  }
  return { betInfo: entries, seriesInfo };
}
