// The slip's series (parlay mode), apart from its store: they load with the slip's chunk the first time the slip
// holds two selections (betSlip.ts), so the maths of domain/series.ts stay out of the initial bundle.
import Decimal from 'decimal.js';
import { parseStake, roundMoney } from '../../../domain/money';
import { potentialReturn } from '../../../domain/odds';
import { MAX_SERIES_LEGS, MIN_SERIES_LEGS, seriesOptions } from '../../../domain/series';
import { SlipReason } from './domain/slipReasons';
import type { SeriesInfoEntry } from '../../../contract';

/** A series offered for the parlay's legs, with the member's unit stake. */
export interface SlipSeries {
  seriesNumber: number;
  /** "N串M". */
  asianName: string;
  /** Full covers: `series.trixie` etc. (common namespace). */
  i18nKey?: string;
  combination: number;
  betCount: number;
  seriesOdd: Decimal;
  minBet?: string;
  maxBet?: string;
  stake: string;
  unitStake: Decimal | null;
  totalStake: Decimal | null;
  potentialReturn: Decimal | null;
  reason?: SlipReason;
}

/** Series numbers offered for n legs (they depend on n only, not on the odds). */
export function offeredSeriesNumbers(n: number): number[] {
  if (n < MIN_SERIES_LEGS || n > MAX_SERIES_LEGS) return [];
  return seriesOptions(Array.from({ length: n }, () => '2')).map((s) => s.seriesNumber);
}

/**
 * Every k-fold and full cover of the legs' current odds, with the platform's ranges (`info`, for these legs) and the
 * member's unit stake per series (`stakeOf`); a stake outside its range, or one typed that is not an amount, says why.
 */
export function slipSeries(legOdds: readonly string[], info: readonly SeriesInfoEntry[], stakeOf: (seriesNumber: number) => string): SlipSeries[] {
  if (legOdds.length < MIN_SERIES_LEGS || legOdds.length > MAX_SERIES_LEGS) return [];
  return seriesOptions(legOdds).map((option) => {
    const range = info.find((s) => s.seriesNumber === option.seriesNumber);
    const stake = stakeOf(option.seriesNumber);
    const parsed = parseStake(stake);
    const unitStake = parsed && !parsed.isZero() ? parsed : null;
    let reason: SlipReason | undefined;
    if (unitStake && range) {
      if (unitStake.lt(range.minBet)) reason = SlipReason.BelowRange;
      else if (new Decimal(range.maxBet).gt(0) && unitStake.gt(range.maxBet)) reason = SlipReason.ExceedRange;
    } else if (!unitStake && stake.trim() !== '') {
      reason = SlipReason.EnterStake;
    }
    return {
      seriesNumber: option.seriesNumber,
      asianName: option.asianName,
      ...(option.i18nKey ? { i18nKey: option.i18nKey } : {}),
      combination: option.combination,
      betCount: option.betCount,
      seriesOdd: option.seriesOdd,
      ...(range ? { minBet: range.minBet, maxBet: range.maxBet } : {}),
      stake,
      unitStake,
      totalStake: unitStake ? roundMoney(unitStake.times(option.betCount)) : null,
      potentialReturn: unitStake ? potentialReturn(unitStake, option.seriesOdd) : null,
      ...(reason ? { reason } : {}),
    };
  });
}
