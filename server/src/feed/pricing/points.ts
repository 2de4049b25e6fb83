import { convolve, discreteNormal, mean, poissonPmf, prob, type Dist } from './distributions';
import { halfLines, handicapQuotes, LINE_KEEP, oddEvenQuote, totalQuotes, winnerQuote, type Quote, type QuoteContext } from './quote';

/**
 * Final margin and total of a points game: what is on the board plus a normal (basketball,
 * handball, rugby, american football) or Poisson (hockey, baseball) model of what is left.
 */
export interface PointsOutlook {
  /** Home minus away at the end. */
  margin: Dist;
  total: Dist;
}

export function normalOutlook(home: number, away: number, meanHome: number, meanAway: number, sdMargin: number, sdTotal: number): PointsOutlook {
  return {
    margin: discreteNormal(home - away + meanHome - meanAway, sdMargin),
    total: discreteNormal(home + away + meanHome + meanAway, sdTotal),
  };
}

export function poissonOutlook(home: number, away: number, meanHome: number, meanAway: number): PointsOutlook {
  const max = (m: number): number => Math.max(8, Math.ceil(m + 8 * Math.sqrt(m + 0.5)));
  const h: Dist = { offset: home, p: poissonPmf(Math.max(meanHome, 0), max(meanHome)) };
  const a: Dist = { offset: away, p: poissonPmf(Math.max(meanAway, 0), max(meanAway)) };
  const reversed: Dist = { offset: -(a.offset + a.p.length - 1), p: a.p.slice().reverse() };
  return { margin: convolve(h, reversed), total: convolve(h, a) };
}

function winDrawLose(margin: Dist): { home: number; draw: number; away: number } {
  const home = prob(margin, (x) => x > 0);
  const away = prob(margin, (x) => x < 0);
  return { home, away, draw: Math.max(0, 1 - home - away) };
}


/**
 * How a tie at the end of a period resolves the winner market: `overtime` splits it (the match
 * goes on: basketball, american football, hockey's money line), `push` returns the stake (a
 * quarter or half), `threeWay` offers the draw (1X2).
 */
export type TieRule = 'overtime' | 'push' | 'threeWay';

export function winnerMarket(ctx: QuoteContext, period: string, margin: Dist, rule: TieRule): Quote {
  const r = winDrawLose(margin);
  if (rule === 'threeWay') return winnerQuote(ctx, { key: '1x2', kind: 'win1x2', period, unit: 'goals' }, r.home, r.away, r.draw);
  const home = rule === 'overtime' ? r.home + r.draw / 2 : r.home;
  const away = rule === 'overtime' ? r.away + r.draw / 2 : r.away;
  return winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period, unit: 'goals' }, home, away);
}

export interface LineOptions {
  spreadAlts: readonly number[];
  totalAlts: readonly number[];
  keep?: number;
  oddEven?: boolean;
  /** Kinds of the handicap and total markets (spread/total; e-football uses handicap/overUnder). */
  kinds?: { spread: 'spread' | 'handicap'; total: 'total' | 'overUnder' };
  /** Smallest handicap offered (baseball's run line and hockey's puck line are 1.5). */
  minSpread?: number;
}

/** Handicap and total (main plus alternatives) on half-point lines, and odd/even when asked. */
export function lineMarkets(ctx: QuoteContext, period: string, outlook: PointsOutlook, current: number, opts: LineOptions): Quote[] {
  const kinds = opts.kinds ?? { spread: 'spread', total: 'total' };
  const m = mean(outlook.margin);
  const t = mean(outlook.total);
  const spanM = 4 * Math.sqrt(variance(outlook.margin)) + 3;
  const spanT = 4 * Math.sqrt(variance(outlook.total)) + 3;
  const keep = opts.keep ?? LINE_KEEP;
  const quotes = [
    ...handicapQuotes(ctx, { key: 'ah', kind: kinds.spread, period, unit: 'goals', dist: outlook.margin, candidates: halfLines(-m, spanM), alts: opts.spreadAlts, keep, allowed: (line) => Math.abs(line) >= (opts.minSpread ?? 0) }),
    ...totalQuotes(ctx, { key: 'ou', kind: kinds.total, period, unit: 'goals', dist: outlook.total, candidates: halfLines(t, spanT, current), alts: opts.totalAlts, keep }),
  ];
  if (opts.oddEven) quotes.push(oddEvenQuote({ key: 'oe', kind: 'oddEven', period, unit: 'goals' }, outlook.total));
  return quotes;
}

function variance(d: Dist): number {
  const mu = mean(d);
  let v = 0;
  for (let i = 0; i < d.p.length; i++) v += (d.p[i] as number) * (d.offset + i - mu) ** 2;
  return v;
}
