import { sameText } from '../i18n';
import { goalBandName, OPTION_NAMES } from '../texts/markets';
import type { Pair, Side } from '../types';
import { range } from './asian';
import { convolve, poissonPmf, type Dist } from './distributions';
import { differenceDist, outcomes, remainingShare, scoreMatrix, totalDist } from './dixonColes';
import { handicapQuotes, LINE_KEEP, listQuote, oddEvenQuote, pairName, sideName, totalQuotes, winnerQuote, type Quote, type QuoteContext, type QuoteOption } from './quote';

/** rho of the Dixon-Coles correction (DOMAIN.md section 6). */
export const RHO = -0.1;

export interface FootballPriceState {
  /** Expected regulation goals for the whole match at the current strength (red cards change them). */
  lambda: number;
  mu: number;
  /** Expected corners for the whole match. */
  cornersHome: number;
  cornersAway: number;
  /** Regulation length in minutes (90; e-football 12). */
  regulation: number;
  /** Regulation minute reached, stoppage time folded in (0..regulation). */
  minute: number;
  /** Regulation is over: full-time markets close. */
  over: boolean;
  goals: Pair;
  firstHalfGoals: Pair;
  corners: Pair;
  firstScorer: Side | null;
  lastScorer: Side | null;
  /** Full market list (football) or the short one (e-football). */
  rich: boolean;
}

const HALF_SIDE = 7;
const CS_FLOOR = 0.004;
const AH_CANDIDATES = range(-6, 6, 0.25);

function matrix(lambda: number, mu: number, share: number, size?: number): Float64Array {
  return scoreMatrix(Math.max(lambda * share, 1e-6), Math.max(mu * share, 1e-6), RHO, size);
}

export function footballQuotes(ctx: QuoteContext, s: FootballPriceState): Quote[] {
  if (s.over) return [];
  const quotes: Quote[] = [];
  const T = s.regulation;
  const half = T / 2;
  const left = T - s.minute;
  const shareFt = remainingShare(left, T);
  const m = matrix(s.lambda, s.mu, shareFt);
  const { goals } = s;
  const ft = { period: 'ft', unit: 'goals' as const };

  const o = outcomes(m, goals.home, goals.away);
  quotes.push(winnerQuote(ctx, { key: '1x2', kind: 'win1x2', ...ft }, o.home, o.away, o.draw));
  const total = goals.home + goals.away;
  quotes.push(...handicapQuotes(ctx, { key: 'ah', kind: 'handicap', ...ft, dist: differenceDist(m, goals.home, goals.away), candidates: AH_CANDIDATES, alts: [-0.5, 0.5], keep: LINE_KEEP }));
  quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'overUnder', ...ft, dist: totalDist(m, goals.home, goals.away), candidates: range(total + 0.5, total + 9, 0.25), alts: [-0.5, 0.5], keep: LINE_KEEP }));
  quotes.push(oddEvenQuote({ key: 'oe', kind: 'oddEven', ...ft }, totalDist(m, goals.home, goals.away)));

  if (s.rich) {
    quotes.push(correctScore(m, goals));
    quotes.push(totalGoalBands(totalDist(m, goals.home, goals.away)));
    const lambdaLeft = s.lambda * shareFt;
    const muLeft = s.mu * shareFt;
    const pNone = m[0] as number;
    const homeShare = lambdaLeft + muLeft > 0 ? lambdaLeft / (lambdaLeft + muLeft) : 0.5;
    if (s.firstScorer === null) {
      quotes.push(
        listQuote(
          { key: 'tts1st', kind: 'firstGoal', ...ft },
          [
            { type: 'home', p: (1 - pNone) * homeShare, name: ctx.home },
            { type: 'noGoal', p: pNone, name: OPTION_NAMES.noGoal },
            { type: 'away', p: (1 - pNone) * (1 - homeShare), name: ctx.away },
          ],
          CS_FLOOR,
        ),
      );
    }
    const lastOptions: QuoteOption[] = [
      { type: 'home', p: (1 - pNone) * homeShare + (s.lastScorer === 'home' ? pNone : 0), name: ctx.home },
      { type: 'noGoal', p: s.lastScorer === null ? pNone : 0, name: OPTION_NAMES.noGoal },
      { type: 'away', p: (1 - pNone) * (1 - homeShare) + (s.lastScorer === 'away' ? pNone : 0), name: ctx.away },
    ];
    quotes.push(listQuote({ key: 'ttslast', kind: 'lastGoal', ...ft }, lastOptions, CS_FLOOR));
    quotes.push(...cornerQuotes(ctx, s, left / T));
    if (s.minute < half) quotes.push(halfTimeFullTime(ctx, s));
  }

  if (s.minute < half) {
    const share1h = Math.max(0, remainingShare(left, T) - remainingShare(half, T));
    const m1 = matrix(s.lambda, s.mu, share1h, 8);
    const g1 = s.firstHalfGoals;
    const h = { period: '1h', unit: 'goals' as const };
    const o1 = outcomes(m1, g1.home, g1.away);
    quotes.push(winnerQuote(ctx, { key: '1x2', kind: 'win1x2', ...h }, o1.home, o1.away, o1.draw));
    const t1 = g1.home + g1.away;
    quotes.push(...handicapQuotes(ctx, { key: 'ah', kind: 'handicap', ...h, dist: differenceDist(m1, g1.home, g1.away), candidates: range(-3, 3, 0.25), alts: [-0.5, 0.5], keep: LINE_KEEP }));
    quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'overUnder', ...h, dist: totalDist(m1, g1.home, g1.away), candidates: range(t1 + 0.5, t1 + 5, 0.25), alts: [-0.5, 0.5], keep: LINE_KEEP }));
  }
  return quotes;
}

function correctScore(m: Float64Array, goals: Pair): Quote {
  const n = Math.round(Math.sqrt(m.length));
  const options: QuoteOption[] = [];
  let other = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p = m[i * n + j] as number;
      const h = goals.home + i;
      const a = goals.away + j;
      if (i <= 4 && j <= 4 && h <= 6 && a <= 6 && p >= CS_FLOOR) options.push({ type: `${h}:${a}`, p, name: sameText(`${h}:${a}`) });
      else other += p;
    }
  }
  if (other >= CS_FLOOR) options.push({ type: 'other', p: other, name: OPTION_NAMES.other });
  return listQuote({ key: 'cs', kind: 'correctScore', period: 'ft', unit: 'goals', allowParley: false }, options);
}

/** Total-goal bands; a band the score has passed drops out. */
export const GOAL_BANDS: ReadonlyArray<{ type: string; lo: number; hi: number }> = [
  { type: '0-1', lo: 0, hi: 1 },
  { type: '2-3', lo: 2, hi: 3 },
  { type: '4-6', lo: 4, hi: 6 },
  { type: '7+', lo: 7, hi: Infinity },
];

function totalGoalBands(total: Dist): Quote {
  const options = GOAL_BANDS.map((band) => {
    let p = 0;
    for (let i = 0; i < total.p.length; i++) {
      const t = total.offset + i;
      if (t >= band.lo && t <= band.hi) p += total.p[i] as number;
    }
    return { type: band.type, p, name: goalBandName(band.type) };
  });
  return listQuote({ key: 'tg', kind: 'totalGoals', period: 'ft', unit: 'goals', allowParley: false }, options, CS_FLOOR);
}

function cornerQuotes(ctx: QuoteContext, s: FootballPriceState, leftShare: number): Quote[] {
  const home = { offset: s.corners.home, p: poissonPmf(Math.max(s.cornersHome * leftShare, 1e-6), 20) };
  const away = { offset: s.corners.away, p: poissonPmf(Math.max(s.cornersAway * leftShare, 1e-6), 20) };
  const total = convolve(home, away);
  const reversedAway = { offset: -(away.offset + away.p.length - 1), p: away.p.slice().reverse() };
  const diff = convolve(home, reversedAway);
  const t = s.corners.home + s.corners.away;
  const base = { key: 'jqs' as const, period: 'ft', unit: 'corners' as const };
  return [
    ...handicapQuotes(ctx, { ...base, kind: 'cornersHandicap', dist: diff, candidates: range(-8.5, 8.5, 1), alts: [], keep: LINE_KEEP }),
    ...totalQuotes(ctx, { ...base, kind: 'cornersOverUnder', dist: total, candidates: range(t + 0.5, t + 20.5, 1), alts: [], keep: LINE_KEEP }),
  ];
}

type Res = 'home' | 'draw' | 'away';
const RESULTS: readonly Res[] = ['home', 'draw', 'away'];

function halfTimeFullTime(ctx: QuoteContext, s: FootballPriceState): Quote {
  const T = s.regulation;
  const left = T - s.minute;
  const share1h = Math.max(0, remainingShare(left, T) - remainingShare(T / 2, T));
  const share2h = remainingShare(T / 2, T);
  const m1 = matrix(s.lambda, s.mu, share1h, HALF_SIDE);
  const m2 = matrix(s.lambda, s.mu, share2h, HALF_SIDE);
  const n = HALF_SIDE + 1;
  // joint[ht * 3 + ft] with results indexed home 0, draw 1, away 2.
  const joint = new Float64Array(9);
  const g = s.firstHalfGoals;
  const index = (h: number, a: number): number => (h > a ? 0 : h === a ? 1 : 2);
  // The second half only matters through its goal difference.
  const diff2 = new Float64Array(2 * n - 1);
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) diff2[x - y + n - 1] = (diff2[x - y + n - 1] as number) + (m2[x * n + y] as number);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p1 = m1[i * n + j] as number;
      const lead = g.home + i - (g.away + j);
      const ht = index(lead, 0);
      for (let k = 0; k < diff2.length; k++) {
        const final = lead + k - (n - 1);
        joint[ht * 3 + index(final, 0)] = (joint[ht * 3 + index(final, 0)] as number) + p1 * (diff2[k] as number);
      }
    }
  }
  const options = RESULTS.flatMap((ht, hi) => RESULTS.map((ftRes, fi) => ({ type: `${ht}/${ftRes}`, p: joint[hi * 3 + fi] as number, name: pairName(sideName(ctx, ht), sideName(ctx, ftRes)) })));
  return listQuote({ key: 'hf', kind: 'halfTimeFullTime', period: 'ft', unit: 'goals', allowParley: false }, options, CS_FLOOR);
}

