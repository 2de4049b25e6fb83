import Decimal from 'decimal.js';
import type { BankerDetail } from '../../../contract/experts';
import { BANKER_PATHS } from '../../../contract/paths';
import { text, type Lang, type Text } from '../feed/i18n';
import { Rng } from '../feed/random';
import { EXPERT_SPORTS } from './roster';

/**
 * Bankers (pledge-based bettors, spec 001 "Banker detail"), drawn from FEED_SEED like the experts. A banker pledges an
 * amount and takes bets within their plan's bounds on the plan's sports; the book's own bounds for one bet (config
 * betting.single) are the global ones. Members cannot bet against a banker yet (no route of the spec does it), so
 * nothing is committed and the remaining amount is the whole pledge; docs/api.md says so.
 */

export interface Banker {
  id: number;
  nickname: string;
  inviteCode: string;
  pledge: string;
  plan: { id: number; name: Text; lower: string; upper: string; sports: number[] };
}

export const FIRST_BANKER_ID = 7001;
const NICKNAMES = ['庄家老陈', 'Golden Bank', '稳赢庄', 'North Star', '东方红庄', 'Iron Vault'] as const;
const PLANS: ReadonlyArray<{ name: Text; pledge: string; upper: string }> = [
  { name: text('标准庄', '標準莊', 'Standard', 'Tiêu chuẩn', 'มาตรฐาน'), pledge: '50000.00', upper: '2000.00' },
  { name: text('高级庄', '高級莊', 'Premium', 'Cao cấp', 'พรีเมียม'), pledge: '100000.00', upper: '5000.00' },
  { name: text('至尊庄', '至尊莊', 'Elite', 'Thượng hạng', 'อีลิท'), pledge: '200000.00', upper: '10000.00' },
];
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function buildBankers(seed: number): Banker[] {
  const rng = Rng.of(seed, 'bankers');
  return PLANS.map((plan, i) => {
    const code = Array.from({ length: 6 }, () => CODE_CHARS[rng.int(0, CODE_CHARS.length - 1)]).join('');
    const sports = rng.chance(0.5) ? [...EXPERT_SPORTS] : [EXPERT_SPORTS[0]];
    return {
      id: FIRST_BANKER_ID + i,
      nickname: NICKNAMES[rng.int(0, NICKNAMES.length - 1)]!,
      inviteCode: code,
      pledge: plan.pledge,
      plan: { id: i + 1, name: plan.name, lower: '10.00', upper: plan.upper, sports },
    };
  });
}

export function bankerDetailOf(banker: Banker, single: { min: string; max: string }, lang: Lang): BankerDetail {
  return {
    bankerId: banker.id,
    nickname: banker.nickname,
    headUrl: BANKER_PATHS.head.replace(':file', `${banker.id}.svg`),
    inviteCode: banker.inviteCode,
    currency: 'CNY',
    pledgeAmount: new Decimal(banker.pledge).toFixed(2),
    remainingAmount: new Decimal(banker.pledge).toFixed(2),
    globalSingleMinBet: new Decimal(single.min).toFixed(2),
    globalSingleMaxBet: new Decimal(single.max).toFixed(2),
    plan: {
      id: banker.plan.id,
      name: banker.plan.name[lang],
      deposit: new Decimal(banker.pledge).toFixed(2),
      singleBettingAmountLower: banker.plan.lower,
      singleBettingAmountUpper: banker.plan.upper,
      sports: banker.plan.sports,
    },
  };
}
