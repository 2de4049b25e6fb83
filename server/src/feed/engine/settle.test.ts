import { describe, expect, it } from '@jest/globals';
import { MatchStatus, BetResult } from '../codes';
import { text } from '../i18n';
import type { FinalScores, Market } from '../types';
import { handicapResult, settleOption, totalResult } from './settle';

const name = text('x', 'x', 'x', 'x', 'x');

function market(kind: Market['kind'], key: Market['key'], line: string | undefined, types: string[], period = 'ft', unit: Market['unit'] = 'goals'): Market {
  const m: Market = { marketId: 1, matchId: 1, sportId: 1, key, kind, marketType: 1000, period, status: -1, allowParley: true, isInPlay: false, unit, name, options: types.map((type) => ({ type, name, odd: '1.900', isLock: true })) };
  if (line !== undefined) m.line = line;
  return m;
}

function final(home: number, away: number, half?: [number, number]): FinalScores {
  return {
    periods: { ft: { goals: { home, away }, first: home + away > 0 ? 'home' : 'none', last: 'home' }, '1h': { goals: { home: half?.[0] ?? 0, away: half?.[1] ?? 0 } } },
    completed: ['1h', '2h', 'ft'],
    winner: home > away ? 'home' : home < away ? 'away' : 'draw',
  };
}

describe('DOMAIN.md section 2 examples', () => {
  it('quarter lines split into halves', () => {
    expect(handicapResult(1, 0, -0.75)).toBe(BetResult.WinReturn);
    expect(totalResult(2, 2.25, 'over')).toBe(BetResult.LoseReturn);
    expect(handicapResult(1, 1, -0.25)).toBe(BetResult.LoseReturn);
    expect(handicapResult(1, 1, 0.25)).toBe(BetResult.WinReturn);
    expect(handicapResult(2, 0, -1.5)).toBe(BetResult.Won);
    expect(handicapResult(1, 0, -1)).toBe(BetResult.Return);
    expect(totalResult(3, 2.5, 'under')).toBe(BetResult.Lost);
  });

  it('settles the feed market shapes the same way', () => {
    const ah = market('handicap', 'ah', '-0.75', ['home', 'away']);
    expect(settleOption(ah, 'home', final(1, 0), MatchStatus.Ended)).toBe(BetResult.WinReturn);
    expect(settleOption(ah, 'away', final(1, 0), MatchStatus.Ended)).toBe(BetResult.LoseReturn);
    const ou = market('overUnder', 'ou', '2.25', ['over', 'under']);
    expect(settleOption(ou, 'over', final(1, 1), MatchStatus.Ended)).toBe(BetResult.LoseReturn);
    expect(settleOption(ou, 'under', final(1, 1), MatchStatus.Ended)).toBe(BetResult.WinReturn);
    const quarter = market('handicap', 'ah', '-0.25', ['home', 'away']);
    expect(settleOption(quarter, 'home', final(1, 1), MatchStatus.Ended)).toBe(BetResult.LoseReturn);
    expect(settleOption(quarter, 'away', final(1, 1), MatchStatus.Ended)).toBe(BetResult.WinReturn);
  });

  it('settles the other kinds and voids what did not happen', () => {
    const x12 = market('win1x2', '1x2', undefined, ['home', 'draw', 'away']);
    expect(settleOption(x12, 'draw', final(2, 2), MatchStatus.Ended)).toBe(BetResult.Won);
    expect(settleOption(x12, 'home', final(2, 2), MatchStatus.Ended)).toBe(BetResult.Lost);
    const cs = market('correctScore', 'cs', undefined, ['1:0', '2:1', 'other']);
    expect(settleOption(cs, '2:1', final(2, 1), MatchStatus.Ended)).toBe(BetResult.Won);
    expect(settleOption(cs, 'other', final(5, 1), MatchStatus.Ended)).toBe(BetResult.Won);
    const hf = market('halfTimeFullTime', 'hf', undefined, ['draw/home']);
    expect(settleOption(hf, 'draw/home', final(2, 1, [1, 1]), MatchStatus.Ended)).toBe(BetResult.Won);
    const oe = market('oddEven', 'oe', undefined, ['odd', 'even']);
    expect(settleOption(oe, 'odd', final(2, 1), MatchStatus.Ended)).toBe(BetResult.Won);
    const tg = market('totalGoals', 'tg', undefined, ['2-3', '7+']);
    expect(settleOption(tg, '2-3', final(2, 1), MatchStatus.Ended)).toBe(BetResult.Won);
    const first = market('firstGoal', 'tts1st', undefined, ['home', 'noGoal', 'away']);
    expect(settleOption(first, 'noGoal', final(0, 0), MatchStatus.Ended)).toBe(BetResult.Won);
    const ml = market('moneyLine', 'ml', undefined, ['home', 'away']);
    expect(settleOption(ml, 'home', final(1, 1), MatchStatus.Ended)).toBe(BetResult.Return);
    expect(settleOption(x12, 'home', null, MatchStatus.Cancelled)).toBe(BetResult.Cancel);
    const abandoned = { ...final(1, 0, [1, 0]), completed: ['1h'] };
    expect(settleOption(x12, 'home', abandoned, MatchStatus.Abandoned)).toBe(BetResult.Cancel);
    expect(settleOption(market('win1x2', '1x2', undefined, ['home'], '1h'), 'home', abandoned, MatchStatus.Abandoned)).toBe(BetResult.Won);
    const rounds = market('total', 'ou', '2.5', ['over', 'under'], 'ft', 'length');
    const fight: FinalScores = { periods: { ft: { goals: { home: 2, away: 0 }, length: 2.4 } }, completed: ['ft'], winner: 'home' };
    expect(settleOption(rounds, 'under', fight, MatchStatus.Ended)).toBe(BetResult.Won);
    const outright = market('outright', 'outright', undefined, ['t1', 't2']);
    expect(settleOption(outright, 't2', null, MatchStatus.Ended, 2)).toBe(BetResult.Won);
  });
});
