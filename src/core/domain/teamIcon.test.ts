import { describe, expect, it } from '@jest/globals';
import { teamIconUrl } from './teamIcon';

describe('teamIconUrl', () => {
  it('adds the team name as kw and appId=2 to a team icon path (spec section 7)', () => {
    expect(teamIconUrl('/api/team/icon/7', 'Real Madrid')).toBe('/api/team/icon/7?kw=Real+Madrid&appId=2');
    expect(teamIconUrl('https://icons.example.com/api/team/icon/7', '皇家马德里')).toBe(
      `https://icons.example.com/api/team/icon/7?kw=${encodeURIComponent('皇家马德里')}&appId=2`,
    );
  });

  it('leaves every other image alone', () => {
    expect(teamIconUrl('/api/league/icon/3', 'Premier League')).toBe('/api/league/icon/3');
    expect(teamIconUrl('/api/team/icon/7?kw=x', 'y')).toBe('/api/team/icon/7?kw=x');
    expect(teamIconUrl('data:image/png;base64,AAAA', 'A')).toBe('data:image/png;base64,AAAA');
  });
});
