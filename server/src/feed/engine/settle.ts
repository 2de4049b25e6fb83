import { MatchStatus, ResultCode } from '../codes';
import { halves } from '../pricing/asian';
import { GOAL_BANDS } from '../pricing/football';
import type { FinalScores, Market, Pair, PeriodTotals, SettledMarket, Side } from '../types';

/**
 * Settlement of the feed's markets from final scores (DOMAIN.md section 2): each half of a quarter
 * line settles on its own, x = (own - opponent) + line for a handicap, total - line for an over,
 * line - total for an under; x > 0 wins, 0 pushes, < 0 loses.
 */
export function halfResults(xs: readonly number[]): ResultCode {
  const score = (x: number): number => (x > 1e-9 ? 1 : x < -1e-9 ? -1 : 0);
  const parts = xs.map(score);
  if (parts.length === 1) return parts[0] === 1 ? ResultCode.Won : parts[0] === -1 ? ResultCode.Lost : ResultCode.Return;
  const wins = parts.filter((p) => p === 1).length;
  const losses = parts.filter((p) => p === -1).length;
  if (wins === 2) return ResultCode.Won;
  if (losses === 2) return ResultCode.Lost;
  if (wins === 1 && losses === 0) return ResultCode.WinReturn;
  if (losses === 1 && wins === 0) return ResultCode.LoseReturn;
  if (wins === 1 && losses === 1) return ResultCode.Return;
  return ResultCode.Return;
}

/** Handicap result of one side: line is that side's own handicap. */
export function handicapResult(own: number, opponent: number, line: number): ResultCode {
  return halfResults(halves(line).map((h) => own - opponent + h));
}

export function totalResult(total: number, line: number, side: 'over' | 'under'): ResultCode {
  return halfResults(halves(line).map((h) => (side === 'over' ? total - h : h - total)));
}

const won = (yes: boolean): ResultCode => (yes ? ResultCode.Won : ResultCode.Lost);

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
export function settleOption(market: Market, optionType: string, final: FinalScores | null, matchStatus: number, winnerTeamId?: number): ResultCode {
  if (matchStatus === MatchStatus.Cancelled || matchStatus === MatchStatus.Postponed) return ResultCode.Cancel;
  if (market.kind === 'outright') return winnerTeamId === undefined ? ResultCode.Cancel : won(optionType === `t${winnerTeamId}`);
  if (!final) return ResultCode.Cancel;
  if (matchStatus === MatchStatus.Abandoned && !final.completed.includes(market.period)) return ResultCode.Cancel;
  const totals = final.periods[market.period];
  if (!totals) return ResultCode.Cancel;
  const line = market.line === undefined ? 0 : Number(market.line);
  const pair = pairOf(totals, market.unit);
  switch (market.kind) {
    case 'win1x2':
      return pair ? won(resultSide(pair) === optionType) : ResultCode.Cancel;
    case 'moneyLine': {
      const outcome = market.period === 'ft' ? final.winner : pair ? resultSide(pair) : null;
      if (outcome === null) return ResultCode.Cancel;
      return outcome === 'draw' ? ResultCode.Return : won(outcome === optionType);
    }
    case 'handicap':
    case 'spread':
    case 'cornersHandicap':
      if (!pair) return ResultCode.Cancel;
      return optionType === 'home' ? handicapResult(pair.home, pair.away, line) : handicapResult(pair.away, pair.home, line === 0 ? 0 : -line);
    case 'overUnder':
    case 'total':
    case 'cornersOverUnder': {
      const total = market.unit === 'length' ? totals.length : pair ? pair.home + pair.away : undefined;
      if (total === undefined) return ResultCode.Cancel;
      return totalResult(total, line, optionType === 'over' ? 'over' : 'under');
    }
    case 'oddEven':
      return pair ? won(((pair.home + pair.away) % 2 === 1) === (optionType === 'odd')) : ResultCode.Cancel;
    case 'correctScore': {
      if (!pair) return ResultCode.Cancel;
      const actual = `${pair.home}:${pair.away}`;
      if (optionType === 'other') return won(!market.options.some((o) => o.type === actual));
      return won(optionType === actual);
    }
    case 'totalGoals': {
      if (!pair) return ResultCode.Cancel;
      const band = GOAL_BANDS.find((b) => b.type === optionType);
      const t = pair.home + pair.away;
      return band ? won(t >= band.lo && t <= band.hi) : ResultCode.Cancel;
    }
    case 'halfTimeFullTime': {
      const ht = final.periods['1h']?.goals;
      if (!ht || !pair) return ResultCode.Cancel;
      return won(optionType === `${resultSide(ht)}/${resultSide(pair)}`);
    }
    case 'firstGoal':
    case 'lastGoal': {
      const who = market.kind === 'firstGoal' ? totals.first : totals.last;
      if (who === undefined) return ResultCode.Cancel;
      return won(optionType === (who === 'none' ? 'noGoal' : who));
    }
    default:
      return ResultCode.Cancel;
  }
}

export function settleMarket(market: Market, final: FinalScores | null, matchStatus: number, winnerTeamId?: number): SettledMarket {
  const outcomes: Record<string, ResultCode> = {};
  for (const o of market.options) outcomes[o.type] = settleOption(market, o.type, final, matchStatus, winnerTeamId);
  const settled: SettledMarket = { marketId: market.marketId, key: market.key, kind: market.kind, marketType: market.marketType, period: market.period, outcomes };
  if (market.line !== undefined) settled.line = market.line;
  return settled;
}
