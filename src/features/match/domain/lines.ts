import Decimal from 'decimal.js';
import { textCache } from '../../../../domain/textCache';

/**
 * Handicap and total lines as Asian books print them: a quarter line is the two half-lines it splits the stake
 * over ("-0.75" → "-0.5/1", "2.25" → "2/2.5"); other lines print as they are ("-1" → "-1", "0" → "0").
 * Handicap lines keep their sign; a line that is not a multiple of 0.25 is printed as given.
 */
export function formatLine(line: string): string {
  return lineTexts(line, () => quarterText(line));
}

const lineTexts = textCache();

function quarterText(line: string): string {
  let value: Decimal;
  try {
    value = new Decimal(line);
  } catch {
    return line;
  }
  if (!value.mul(4).isInteger()) return line;
  const quarters = value.mul(4).abs();
  if (quarters.mod(2).eq(0)) return value.toString();
  const sign = value.isNegative() ? '-' : '';
  const low = value.abs().minus(0.25);
  const high = value.abs().plus(0.25);
  return `${sign}${low.toString()}/${high.toString()}`;
}
