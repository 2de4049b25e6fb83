import Decimal from 'decimal.js';
import { MessageResult } from '../../../contract/experts';
import { fill, text, type Lang, type Text } from '../feed/i18n';

/**
 * An expert's record, computed from their settled messages (never stored): spec 001's person fields. Void messages
 * (a match called off, a push) neither hit nor miss, so they count nowhere.
 */

export interface SettledTip {
  result: number;
  /** The return on a stake of 1, 3 decimals. */
  yieldRate: string;
  settledAt: number;
}

export interface ExpertRecord {
  sportsSession: number;
  hitSession: number;
  hitPercents: string;
  tenHistory: Array<1 | 2>;
  tenWin: number;
  weekRateReturn: string;
  longestWin: number;
  winContinuous: number;
}

const WEEK_MS = 7 * 86_400_000;

/** `tips` in the order they settled (oldest first); `now` in the same (feed) time as settledAt. */
export function recordOf(tips: readonly SettledTip[], now: number): ExpertRecord {
  const counted = tips.filter((t) => t.result === MessageResult.Hit || t.result === MessageResult.Miss);
  const hits = counted.filter((t) => t.result === MessageResult.Hit).length;
  let longest = 0;
  let run = 0;
  for (const t of counted) {
    run = t.result === MessageResult.Hit ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const ten = counted.slice(-10).reverse().map((t) => t.result as 1 | 2);
  const week = counted.filter((t) => t.settledAt > now - WEEK_MS);
  const weekSum = week.reduce((sum, t) => sum.plus(t.yieldRate), new Decimal(0));
  return {
    sportsSession: counted.length,
    hitSession: hits,
    hitPercents: counted.length === 0 ? '0.00' : new Decimal(hits).times(100).dividedBy(counted.length).toFixed(2, Decimal.ROUND_HALF_UP),
    tenHistory: ten,
    tenWin: ten.filter((r) => r === MessageResult.Hit).length,
    weekRateReturn: week.length === 0 ? '0.00' : weekSum.times(100).dividedBy(week.length).toFixed(2, Decimal.ROUND_HALF_UP),
    longestWin: longest,
    winContinuous: run,
  };
}

const TAGS = {
  run: text('{n}连红', '{n}連紅', '{n} in a row', 'Thắng {n} liên tiếp', 'ถูก {n} ติด'),
  ten: text('近10中{n}', '近10中{n}', '{n} of last 10', '{n}/10 gần nhất', 'ถูก {n} จาก 10 ล่าสุด'),
  rate: text('命中率{rate}%', '命中率{rate}%', '{rate}% hit rate', 'Tỉ lệ trúng {rate}%', 'อัตราถูก {rate}%'),
  fresh: text('新晋专家', '新晉專家', 'New expert', 'Chuyên gia mới', 'ผู้เชี่ยวชาญใหม่'),
} satisfies Record<string, Text>;

/** The tag a record earns: a run of 3 or more hits, else 6 or more of the last ten, else the hit rate; "new" before any. */
export function tagOf(record: ExpertRecord): Text {
  if (record.winContinuous >= 3) return fill(TAGS.run, { n: record.winContinuous });
  if (record.tenWin >= 6) return fill(TAGS.ten, { n: record.tenWin });
  if (record.sportsSession > 0) return fill(TAGS.rate, { rate: new Decimal(record.hitPercents).toFixed(0, Decimal.ROUND_HALF_UP) });
  return TAGS.fresh;
}

export function tagText(record: ExpertRecord, lang: Lang): string {
  return tagOf(record)[lang];
}
