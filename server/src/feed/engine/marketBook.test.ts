import { describe, expect, it } from '@jest/globals';
import { text } from '../i18n';
import { DEFAULT_MARGINS } from '../pricing/margin';
import type { Quote } from '../pricing/quote';
import { MARKET_ID_SPAN, MarketBook, matchIdOfMarket } from './marketBook';

const n = text('x', 'x', 'x', 'x', 'x');

function ah(line: number, pHome: number): Quote {
  return {
    slot: 'ah:handicap:ft:main',
    key: 'ah',
    kind: 'handicap',
    period: 'ft',
    unit: 'goals',
    line,
    allowParley: true,
    options: [
      { type: 'home', p: pHome, name: n, line: String(line) },
      { type: 'away', p: 1 - pHome, name: n, line: String(-line) },
    ],
  };
}

describe('MarketBook', () => {
  it('keeps the id while the line stays, and a new line gets a new id that carries the old one', () => {
    const book = new MarketBook(1234, 1, DEFAULT_MARGINS);
    const [first] = book.apply([ah(-0.5, 0.5)], false, true);
    expect(matchIdOfMarket(first!.marketId)).toBe(1234);
    expect(first!.marketId).toBe(1234 * MARKET_ID_SPAN + 1);
    const [same] = book.apply([ah(-0.5, 0.52)], false, true);
    expect(same!.marketId).toBe(first!.marketId);
    expect(same!.options[0]!.odd).not.toBe(first!.options[0]!.odd);
    const changed = book.apply([ah(-0.75, 0.5)], false, true);
    const moved = changed.find((m) => m.status === 1)!;
    expect(moved.marketId).not.toBe(first!.marketId);
    expect(moved.oldMarketId).toBe(first!.marketId);
    expect(moved.line).toBe('-0.75');
    const old = book.get(first!.marketId)!;
    expect(old.status).toBe(-1);
    expect(old.replacedBy).toBe(moved.marketId);
    expect(old.line).toBe('-0.5');
    expect(book.current()).toEqual([moved]);
    expect(book.all()).toHaveLength(2);
  });

  it('suspends with frozen odds, opens no new line while suspended, and closes what is no longer quoted', () => {
    const book = new MarketBook(7, 1, DEFAULT_MARGINS);
    const [open] = book.apply([ah(0, 0.5)], false, false);
    const [suspended] = book.suspendAll();
    expect(suspended!.status).toBe(0);
    expect(suspended!.options.every((o) => o.isLock)).toBe(true);
    book.apply([ah(-0.25, 0.5)], true, true);
    expect(book.current().map((m) => m.marketId)).toEqual([open!.marketId]);
    expect(book.current()[0]!.options[0]!.odd).toBe(open!.options[0]!.odd);
    const [closed] = book.apply([], false, true);
    expect(closed!.status).toBe(-1);
    expect(book.current()).toEqual([]);
  });

  it('takes a market off when a price would fall below 1.01', () => {
    const book = new MarketBook(9, 1, DEFAULT_MARGINS);
    book.apply([ah(0, 0.6)], false, true);
    const [off] = book.apply([ah(0, 0.999)], false, true);
    expect(off!.status).toBe(-1);
    const [back] = book.apply([ah(0, 0.7)], false, true);
    expect(back!.status).toBe(1);
    expect(back!.marketId).toBe(off!.marketId);
  });
});
