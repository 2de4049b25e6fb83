// How the slip, its orders and pre-bets name a series and a market, apart from the slip's store: only the screens and
// stores that load with the slip's chunk use them, so they stay out of the initial bundle.

/** The i18n key (betSlip namespace) naming a series: the full covers by name, the k-folds by size. */
export function seriesNameKey(series: { seriesNumber: number; i18nKey?: string }): [string, Record<string, unknown>] {
  if (series.i18nKey) return [series.i18nKey, {}];
  const size = Math.floor(series.seriesNumber / 1000);
  if (size === 2) return ['series.doubles', {}];
  if (size === 3) return ['series.trebles', {}];
  return ['series.fold', { size }];
}

/**
 * The i18n key (betSlip namespace) of a k-fold's shape from its series number (N x 1000 + 1): "3串1" in Chinese,
 * "3-fold" in English. A full cover has none: its name says it in every language ("Trixie", "三串四"), so no Chinese
 * count is left beside an English name after a switch (issue 28).
 */
export function seriesShapeKey(seriesNumber: number): [string, Record<string, unknown>] | undefined {
  return seriesNumber % 1000 === 1 ? ['series.shapeFold', { n: Math.floor(seriesNumber / 1000) }] : undefined;
}

/**
 * The i18n key (betSlip namespace) of a market's period when it is not the full time: markets of a half, quarter,
 * set or frame carry the period in their name, as the lists print them ("Handicap - 1st half").
 */
export function periodNameKey(period: string): [string, Record<string, unknown>] | undefined {
  if (period === '1h') return ['period.firstHalf', {}];
  if (period === '2h') return ['period.secondHalf', {}];
  if (period === 'match') return ['period.match', {}];
  const numbered = /^(q|set|frame)(\d+)$/.exec(period);
  if (!numbered) return undefined;
  const kind = numbered[1] === 'q' ? 'quarter' : numbered[1]!;
  return [`period.${kind}`, { n: Number(numbered[2]) }];
}

/** "Handicap", "Handicap - 1st half": the market type's name (staticList) with its period when not the full time. */
export function marketLabel(marketName: string | undefined, period: string, t: (key: string, options: Record<string, unknown>) => string): string | undefined {
  const key = periodNameKey(period);
  const periodText = key ? t(key[0], key[1]) : undefined;
  if (!marketName) return periodText;
  return periodText ? `${marketName} - ${periodText}` : marketName;
}
