import { MatchStatus, BetResult } from '../codes';
import { halves } from '../pricing/asian';
import { GOAL_BANDS } from '../pricing/football';
import type { FinalScores, Market, Pair, PeriodTotals, SettledMarket, Side } from '../types';

/**
 * Settlement of the feed's markets from final scores (DOMAIN.md section 2): each half of a quarter
 * line settles on its own, x = (own - opponent) + line for a handicap, total - line for an over,
 * line - total for an under; x > 0 wins, 0 pushes, < 0 loses.
 */
export function halfResults(xs: readonly number[]): BetResult {
  const score = (x: number): number => (x > 1e-9 ? 1 : x < -1e-9 ? -1 : 0);
  const parts = xs.map(score);
  if (parts.length === 1) return parts[0] === 1 ? BetResult.Won : parts[0] === -1 ? BetResult.Lost : BetResult.Return;
  const wins = parts.filter((p) => p === 1).length;
  const losses = parts.filter((p) => p === -1).length;
  if (wins === 2) return BetResult.Won;
  if (losses === 2) return BetResult.Lost;
  if (wins === 1 && losses === 0) return BetResult.WinReturn;
  if (losses === 1 && wins === 0) return BetResult.LoseReturn;
  if (wins === 1 && losses === 1) return BetResult.Return;
  return BetResult.Return;
}

/** Handicap result of one side: line is that side's own handicap. */
export function handicapResult(own: number, opponent: number, line: number): BetResult {
  return halfResults(halves(line).map((h) => own - opponent + h));
}

export function totalResult(total: number, line: number, side: 'over' | 'under'): BetResult {
  return halfResults(halves(line).map((h) => (side === 'over' ? total - h : h - total)));
}

const won = (yes: boolean): BetResult => (yes ? BetResult.Won : BetResult.Lost);

function resultSide(p: Pair): Side | 'draw' {
  return p.home > p.away ? 'home' : p.away > p.home ? 'away' : 'draw';
}

function pairOf(totals: PeriodTotals, unit: Market['unit']): Pair | undefined {
  if (unit === 'length') return undefined;
  return totals[unit];
}

/**
 * The result code of one option of a market, or undefined when the data it needs is missing.
 * A cancelled or postponed match voids everything; an abandoned one settles only the periods
 * it completed.
 */
/** What settling an option reads of its market: a market of the feed, or a leg's stored snapshot of one. */
export type SettledTerms = Pick<Market, 'kind' | 'period' | 'line' | 'unit'> & { options: ReadonlyArray<{ type: string }> };

export function settleOption(market: SettledTerms, optionType: string, final: FinalScores | null, matchStatus: number, winnerTeamId?: number): BetResult {
  if (matchStatus === MatchStatus.Cancelled || matchStatus === MatchStatus.Postponed) return BetResult.Cancel;
  if (market.kind === 'outright') return winnerTeamId === undefined ? BetResult.Cancel : won(optionType === `t${winnerTeamId}`);
  if (!final) return BetResult.Cancel;
  if (matchStatus === MatchStatus.Abandoned && !final.completed.includes(market.period)) return BetResult.Cancel;
  const totals = final.periods[market.period];
  if (!totals) return BetResult.Cancel;
  const line = market.line === undefined ? 0 : Number(market.line);
  const pair = pairOf(totals, market.unit);
  switch (market.kind) {
    case 'win1x2':
      return pair ? won(resultSide(pair) === optionType) : BetResult.Cancel;
    case 'moneyLine': {
      const outcome = market.period === 'ft' ? final.winner : pair ? resultSide(pair) : null;
      if (outcome === null) return BetResult.Cancel;
      return outcome === 'draw' ? BetResult.Return : won(outcome === optionType);
    }
    case 'handicap':
    case 'spread':
    case 'cornersHandicap':
      if (!pair) return BetResult.Cancel;
      return optionType === 'home' ? handicapResult(pair.home, pair.away, line) : handicapResult(pair.away, pair.home, line === 0 ? 0 : -line);
    case 'overUnder':
    case 'total':
    case 'cornersOverUnder': {
      const total = market.unit === 'length' ? totals.length : pair ? pair.home + pair.away : undefined;
      if (total === undefined) return BetResult.Cancel;
      return totalResult(total, line, optionType === 'over' ? 'over' : 'under');
    }
    case 'oddEven':
      return pair ? won(((pair.home + pair.away) % 2 === 1) === (optionType === 'odd')) : BetResult.Cancel;
    case 'correctScore': {
      if (!pair) return BetResult.Cancel;
      const actual = `${pair.home}:${pair.away}`;
      if (optionType === 'other') return won(!market.options.some((o) => o.type === actual));
      return won(optionType === actual);
    }
    case 'totalGoals': {
      if (!pair) return BetResult.Cancel;
      const band = GOAL_BANDS.find((b) => b.type === optionType);
      const t = pair.home + pair.away;
      return band ? won(t >= band.lo && t <= band.hi) : BetResult.Cancel;
    }
    case 'halfTimeFullTime': {
      const ht = final.periods['1h']?.goals;
      if (!ht || !pair) return BetResult.Cancel;
      return won(optionType === `${resultSide(ht)}/${resultSide(pair)}`);
    }
    case 'firstGoal':
    case 'lastGoal': {
      const who = market.kind === 'firstGoal' ? totals.first : totals.last;
      if (who === undefined) return BetResult.Cancel;
      return won(optionType === (who === 'none' ? 'noGoal' : who));
    }
    default:
      return BetResult.Cancel;
  }
}

export function settleMarket(market: Market, final: FinalScores | null, matchStatus: number, winnerTeamId?: number): SettledMarket {
  const outcomes: Record<string, BetResult> = {};
  for (const o of market.options) outcomes[o.type] = settleOption(market, o.type, final, matchStatus, winnerTeamId);
  const settled: SettledMarket = { marketId: market.marketId, key: market.key, kind: market.kind, marketType: market.marketType, period: market.period, outcomes };
  if (market.line !== undefined) settled.line = market.line;
  return settled;
}
