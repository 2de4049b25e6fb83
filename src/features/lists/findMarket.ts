import type { RowColumn } from './points';
import type { WireMarket, WireMatch } from '../../../contract';

/** The market a row column shows: the main line (first) of the first listed kind the match offers for the period. */
export function findMarket(match: WireMatch, column: RowColumn): WireMarket | undefined {
  for (const kind of column.kinds) {
    const group = match.betGroup.find((g) => g.groupType === kind && g.period === column.period);
    if (group?.moneyHandicap[0]) return group.moneyHandicap[0];
  }
  return undefined;
}

/** Handicaps and totals print their line beside the price; winner markets do not. */
export const showsLine = (column: RowColumn) => column.options.includes('over') || column.kinds.some((k) => /handicap|spread/i.test(k));
