import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { oddsPushSchema } from '../../contract/push';
import { exactOddsPush } from '../../src/services/oddsCheck.generated';
import { ODDS_CHECK_FILE, oddsCheckSource } from './oddsCheck';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Odds messages zod takes, with and without the optional keys, one market and several, locked and empty. */
const VALID: Json[] = [
  { kind: 'odds', matchId: 1, markets: [] },
  {
    kind: 'odds',
    matchId: 1234,
    markets: [
      { marketId: 123400, marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, options: [{ type: 'home', line: '-0.5', odd: '1.950', isLock: false }, { type: 'away', line: '0.5', odd: '1.900', isLock: false }] },
      { marketId: 123401, oldMarketId: 123399, marketType: 1001, period: '1h', status: 0, allowParley: false, options: [{ type: 'home', odd: '2.100', isLock: true }, { type: 'draw', odd: '3.300', isLock: true }, { type: 'away', odd: '2.900', isLock: true }] },
      { marketId: 123402, marketType: 1002, period: 'ft', status: -1, allowParley: true, options: [] },
    ],
  },
];

/** Values of other kinds, put in place of each value in turn. */
const WRONG: Json[] = [null, 'x', '', 1.5, -0, 2 ** 53, true, [], {}, 7];

/** Every message one change away from `message`: each value deleted, replaced by a wrong one, and a key added beside it. */
function mutations(message: Json): Json[] {
  const out: Json[] = [];
  const walk = (value: Json, rebuild: (next: Json | undefined) => Json) => {
    for (const wrong of WRONG) out.push(rebuild(wrong));
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, (next) => rebuild(next === undefined ? value.filter((_, j) => j !== i) : value.map((v, j) => (j === i ? next : v)))));
    } else if (value !== null && typeof value === 'object') {
      out.push(rebuild({ ...value, extra: 1 }));
      for (const key of Object.keys(value)) {
        walk(value[key]!, (next) => {
          const copy = { ...value };
          if (next === undefined) delete copy[key];
          else copy[key] = next;
          return rebuild(copy);
        });
      }
    }
  };
  walk(message, (next) => (next === undefined ? null : next));
  return out;
}

describe('the generated odds check (scripts/contract/oddsCheck.ts)', () => {
  it('is what the generator makes from the contract now: run `node --import tsx scripts/contract/oddsCheck.ts` if not', () => {
    expect(readFileSync(ODDS_CHECK_FILE, 'utf8')).toBe(oddsCheckSource());
  });

  it('takes the messages zod takes unchanged', () => {
    for (const message of VALID) {
      expect(exactOddsPush(structuredClone(message))).toBe(true);
      expect(oddsPushSchema.safeParse(message)).toEqual({ success: true, data: message });
    }
  });

  it('takes nothing zod would refuse or change: over every message one change away from a valid one', () => {
    let taken = 0;
    let refused = 0;
    for (const message of VALID.flatMap(mutations)) {
      if (!exactOddsPush(structuredClone(message))) {
        refused += 1;
        continue;
      }
      taken += 1;
      // Taken: zod takes it too and gives back the same data (nothing stripped, nothing refused).
      expect(oddsPushSchema.safeParse(message)).toEqual({ success: true, data: message });
    }
    // The corpus reaches both sides: changes the schema allows (a different string, an int for an int) and refusals.
    expect(taken).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(100);
  });

  it('leaves a message with a key the schema does not name to zod (which strips it)', () => {
    const message = { ...(VALID[1] as object), sentAt: 5 };
    expect(exactOddsPush(message)).toBe(false);
    expect(oddsPushSchema.safeParse(message).success).toBe(true);
  });
});
