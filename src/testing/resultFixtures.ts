import type { ResultModel } from '../features/results/model';

/** A wall-clock time in Shanghai (UTC+8, the results screen's zone in the tests) as epoch ms; month from 1. */
export const shanghai = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => Date.UTC(y, m - 1, d, h - 8, min, s, ms);

/** A finished match as a results provider maps it, kicked off 2024-03-14 19:45 in Shanghai; override what a test needs. */
export function resultMatch(id: number, over: Partial<ResultModel> = {}): ResultModel {
  return {
    id: String(id),
    sportId: 1,
    beginTime: shanghai(2024, 3, 14, 19, 45),
    status: 'Ended',
    format: '',
    neutral: false,
    league: { id: 'L1', name: 'Harbour League' },
    home: `Home ${id}`,
    away: `Away ${id}`,
    score: { home: 2, away: 1 },
    periods: [
      { name: '1st Half', home: 1, away: 0 },
      { name: '2nd Half', home: 1, away: 1 },
    ],
    ...over,
  };
}
