import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../../core/domain/locales';
import { reasonKey, reasonOfCode, SLIP_REASONS, SlipReason } from './slipReasons';

const messages = (lng: string) => JSON.parse(readFileSync(path.join(__dirname, '../../../../locales', lng, 'betSlip.json'), 'utf8')) as { reason: Record<string, string> };

describe('slip reasons', () => {
  it('reads the platform\'s refusal codes, whatever their origin (errcode or rejectType)', () => {
    expect(reasonOfCode(15001)).toBe(SlipReason.MarketSuspended);
    expect(reasonOfCode(15002)).toBe(SlipReason.HandicapClosed);
    expect(reasonOfCode(15003)).toBe(SlipReason.MarketLineChanged);
    expect(reasonOfCode(15004)).toBe(SlipReason.HandicapChanged);
    expect(reasonOfCode(15005)).toBe(SlipReason.OddsChanged);
    expect(reasonOfCode(15006)).toBe(SlipReason.BelowRange);
    expect(reasonOfCode(15007)).toBe(SlipReason.ExceedRange);
    expect(reasonOfCode(15008)).toBe(SlipReason.InsufficientBalance);
    expect(reasonOfCode(15009)).toBe(SlipReason.ParlayNotAllowed);
    expect(reasonOfCode(15010)).toBe(SlipReason.TooManyMatches);
    expect(reasonOfCode(15011)).toBe(SlipReason.SameMatch);
    expect(reasonOfCode(15012)).toBe(SlipReason.SeriesNotOffered);
    expect(reasonOfCode(15014)).toBe(SlipReason.ScoreChanged);
    expect(reasonOfCode(15015)).toBe(SlipReason.SportNotOffered);
    expect(reasonOfCode(14010)).toBe(SlipReason.NotLoggedIn);
    expect(reasonOfCode(4001)).toBe(SlipReason.BetFailed);
    expect(reasonOfCode(undefined)).toBe(SlipReason.BetFailed);
  });

  it('has a message for every reason in all five languages, with the spec\'s wording in English', () => {
    for (const { lng } of LOCALES) {
      const { reason } = messages(lng);
      for (const value of SLIP_REASONS) expect([lng, value, typeof reason[value]]).toEqual([lng, value, 'string']);
    }
    const en = messages('en').reason;
    expect(reasonKey(SlipReason.EnterStake)).toBe('reason.enterStake');
    expect([en.enterStake, en.belowRange, en.exceedRange]).toEqual(['Please enter stake', 'Below the range', 'Exceed the range']);
    expect([en.marketSuspended, en.handicapClosed, en.marketLineChanged, en.oddsChanged, en.handicapChanged]).toEqual([
      'Market suspended',
      'Handicap closed',
      'Market line changed',
      'Odds changed',
      'Handicap changed',
    ]);
  });
});
