import { displayOddsFormat, formatOdds, priceKindOf, type OddsFormat } from '../../../../domain/odds';
import type { WireBetGroup, WireMarket, WireMatch, WireOption } from '../../../../contract/match';
import type { BetGroup, Lang, Market, MatchView, Option } from '../../feed';

/**
 * What the match routes send: the feed's views with every name in the request's language and each
 * option's price also as `showOdd`, the display string in the format the app shows it in: the requested odds
 * format on a two-way market, decimal on the others (domain/odds displayOddsFormat). The shapes are the
 * contract's (contract/match.ts).
 */

/** Distinct prices number a few thousand at a time; the bound only keeps a long run from growing without end. */
const MAX_CACHED_PRICES = 50_000;
const shown = new Map<OddsFormat, Map<string, string>>();

/**
 * formatOdds (domain/odds.ts, which owns the truncation rules) behind a cache: decimal.js
 * arithmetic is the costliest part of building a list page, and a price string maps to one display
 * string per format. An odd of 1 or less is no price (such an option is locked): it shows "".
 */
export function showOdd(odd: string, format: OddsFormat): string {
  let byOdd = shown.get(format);
  if (!byOdd) {
    byOdd = new Map();
    shown.set(format, byOdd);
  }
  let text = byOdd.get(odd);
  if (text === undefined) {
    text = Number(odd) > 1 ? formatOdds(odd, format) : '';
    if (byOdd.size >= MAX_CACHED_PRICES) byOdd.clear();
    byOdd.set(odd, text);
  }
  return text;
}

function wireOption(o: Option, lang: Lang, format: OddsFormat): WireOption {
  const out: WireOption = { type: o.type, name: o.name[lang], odd: o.odd, showOdd: showOdd(o.odd, format), isLock: o.isLock };
  if (o.line !== undefined) out.line = o.line;
  return out;
}

export function wireMarket(m: Market, lang: Lang, chosen: OddsFormat): WireMarket {
  const format = displayOddsFormat(chosen, priceKindOf(m.options.length));
  const out: WireMarket = {
    marketId: m.marketId,
    matchId: m.matchId,
    sportId: m.sportId,
    key: m.key,
    kind: m.kind,
    marketType: m.marketType,
    period: m.period,
    status: m.status,
    allowParley: m.allowParley,
    isInPlay: m.isInPlay,
    unit: m.unit,
    name: m.name[lang],
    options: m.options.map((o) => wireOption(o, lang, format)),
  };
  if (m.oldMarketId !== undefined) out.oldMarketId = m.oldMarketId;
  if (m.line !== undefined) out.line = m.line;
  return out;
}

export function wireBetGroups(groups: readonly BetGroup[], lang: Lang, format: OddsFormat): WireBetGroup[] {
  return groups.map((g) => ({
    name: g.name[lang],
    groupType: g.groupType,
    marketType: g.marketType,
    period: g.period,
    moneyHandicap: g.moneyHandicap.map((m) => wireMarket(m, lang, format)),
  }));
}

/** Field by field, so nothing the feed adds later leaks into the wire shape unannounced. */
export function wireMatch(v: MatchView, lang: Lang, format: OddsFormat): WireMatch {
  return {
    matchId: v.matchId,
    sportId: v.sportId,
    matchStatus: v.matchStatus,
    isNeutral: v.isNeutral,
    beginTime: v.beginTime,
    matchInfo: { ...v.matchInfo },
    leagueInfo: { ...v.leagueInfo },
    score: v.score.map((s) => ({ pe: s.pe, tyg: s.tyg, home: s.home, away: s.away })),
    matchCount: v.matchCount,
    marketCount: v.marketCount,
    betGroup: wireBetGroups(v.betGroup, lang, format),
    media: { videos: v.media.videos.map((m) => ({ pc: m.pc, h5: m.h5, line: m.line })), animation: v.media.animation },
    bo: v.bo,
    serveIn: v.serveIn,
    matchClock: { ...v.matchClock },
    isOutright: v.isOutright,
  };
}

export function wireMatches(views: readonly MatchView[], lang: Lang, format: OddsFormat): WireMatch[] {
  return views.map((v) => wireMatch(v, lang, format));
}

/** The parlay list's view of a match: only the markets that may join a parlay, or undefined when none may. */
export function parlayView(v: MatchView): MatchView | undefined {
  const betGroup: BetGroup[] = [];
  for (const g of v.betGroup) {
    const markets = g.moneyHandicap.filter((m) => m.allowParley);
    if (markets.length > 0) betGroup.push(markets.length === g.moneyHandicap.length ? g : { ...g, moneyHandicap: markets });
  }
  return betGroup.length > 0 ? { ...v, betGroup } : undefined;
}
