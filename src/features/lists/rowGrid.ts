import type { CSSProperties } from 'react';
import { showsLine } from './findMarket';
import type { RowColumn } from './points';

/** Narrowest track of a winner price ("101.00") and of a price with its line beside it ("-0.5/1 -0.66"). */
const PRICE_MIN = 54;
const LINED_PRICE_MIN = 78;

/**
 * The price tracks of RowGrid.module.css's grid for these columns, as the custom property it reads: set on the table
 * (or a row outside one), so the header's labels sit over the prices of every row.
 */
export function priceTracks(columns: readonly RowColumn[]): CSSProperties {
  const tracks = columns.map((column) => (showsLine(column) ? `minmax(${LINED_PRICE_MIN}px, 1.2fr)` : `minmax(${PRICE_MIN}px, 1fr)`));
  return { ['--sp-price-tracks' as string]: tracks.join(' ') || '0' };
}
