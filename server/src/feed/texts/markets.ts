import type { MarketKind } from '../codes';
import { fill, mapText, text, type Text } from '../i18n';

const KIND_NAMES: Record<MarketKind, Text> = {
  win1x2: text('独赢', '獨贏', '1X2', '1X2', '1X2'),
  handicap: text('让球', '讓球', 'Asian Handicap', 'Kèo chấp châu Á', 'แฮนดิแคปเอเชีย'),
  overUnder: text('大小', '大小', 'Over/Under', 'Tài/Xỉu', 'สูง/ต่ำ'),
  oddEven: text('单双', '單雙', 'Odd/Even', 'Chẵn/Lẻ', 'คี่/คู่'),
  correctScore: text('波胆', '波膽', 'Correct Score', 'Tỷ số chính xác', 'สกอร์ที่ถูกต้อง'),
  totalGoals: text('总进球', '總進球', 'Total Goals', 'Tổng số bàn thắng', 'จำนวนประตูรวม'),
  halfTimeFullTime: text('半全场', '半全場', 'Half Time/Full Time', 'Hiệp 1/Cả trận', 'ครึ่งแรก/เต็มเวลา'),
  firstGoal: text('最先进球', '最先進球', 'First Goal', 'Đội ghi bàn đầu tiên', 'ทีมทำประตูแรก'),
  lastGoal: text('最后进球', '最後進球', 'Last Goal', 'Đội ghi bàn cuối cùng', 'ทีมทำประตูสุดท้าย'),
  cornersHandicap: text('角球让球', '角球讓球', 'Corners Handicap', 'Chấp phạt góc', 'แฮนดิแคปเตะมุม'),
  cornersOverUnder: text('角球大小', '角球大小', 'Corners Over/Under', 'Tài/Xỉu phạt góc', 'สูง/ต่ำเตะมุม'),
  moneyLine: text('独赢', '獨贏', 'Money Line', 'Thắng trận', 'ผู้ชนะ'),
  spread: text('让分', '讓分', 'Spread', 'Chấp điểm', 'แต้มต่อ'),
  total: text('总分大小', '總分大小', 'Total', 'Tổng điểm', 'คะแนนรวม'),
  outright: text('冠军', '冠軍', 'Outright Winner', 'Vô địch', 'ผู้ชนะเลิศ'),
};

/** Sports whose handicap and total count something other than points get their own words. */
const SPORT_KIND_NAMES: Record<number, Partial<Record<MarketKind, Text>>> = {
  5: {
    spread: text('让盘', '讓盤', 'Set Handicap', 'Chấp set', 'แฮนดิแคปเซต'),
    total: text('总局数', '總局數', 'Total Games', 'Tổng số game', 'จำนวนเกมรวม'),
  },
  16: {
    spread: text('让局', '讓局', 'Frame Handicap', 'Chấp frame', 'แฮนดิแคปเฟรม'),
    total: text('总局数', '總局數', 'Total Frames', 'Tổng số frame', 'จำนวนเฟรมรวม'),
  },
  18: { total: text('总回合数', '總回合數', 'Total Rounds', 'Tổng số hiệp', 'จำนวนยกรวม') },
  19: { total: text('总回合数', '總回合數', 'Total Rounds', 'Tổng số hiệp', 'จำนวนยกรวม') },
  2: { spread: KIND_NAMES.handicap, total: KIND_NAMES.overUnder },
  7: { total: text('总分', '總分', 'Total Runs', 'Tổng điểm', 'รันรวม') },
};
const RALLY_NAMES: Partial<Record<MarketKind, Text>> = {
  spread: text('让局', '讓局', 'Set Handicap', 'Chấp set', 'แฮนดิแคปเซต'),
  total: text('总分', '總分', 'Total Points', 'Tổng điểm', 'คะแนนรวม'),
};
for (const id of [13, 51, 47, 15]) SPORT_KIND_NAMES[id] = RALLY_NAMES;

export function kindName(sportId: number, kind: MarketKind): Text {
  return SPORT_KIND_NAMES[sportId]?.[kind] ?? KIND_NAMES[kind];
}

const FIXED_PERIODS: Record<string, Text> = {
  ft: text('全场', '全場', 'Full Time', 'Cả trận', 'เต็มเวลา'),
  '1h': text('上半场', '上半場', '1st Half', 'Hiệp 1', 'ครึ่งแรก'),
  '2h': text('下半场', '下半場', '2nd Half', 'Hiệp 2', 'ครึ่งหลัง'),
};

/** Name of a market period: ft, 1h, 2h, q1-q4, setN, frameN. */
export function marketPeriodName(period: string, sportId: number): Text {
  const fixed = FIXED_PERIODS[period];
  if (fixed) return fixed;
  const n = Number(period.replace(/\D+/g, ''));
  if (period.startsWith('q')) return fill(text('第{n}节', '第{n}節', 'Q{n}', 'Hiệp {n}', 'ควอเตอร์ {n}'), { n });
  if (period.startsWith('set') && sportId === 5) return fill(text('第{n}盘', '第{n}盤', 'Set {n}', 'Set {n}', 'เซตที่ {n}'), { n });
  if (period.startsWith('set')) return fill(text('第{n}局', '第{n}局', 'Set {n}', 'Set {n}', 'เซตที่ {n}'), { n });
  if (period.startsWith('frame')) return fill(text('第{n}局', '第{n}局', 'Frame {n}', 'Frame {n}', 'เฟรมที่ {n}'), { n });
  return text(period, period, period, period, period);
}

export function marketName(sportId: number, kind: MarketKind, period: string): Text {
  const kindText = kindName(sportId, kind);
  if (period === 'ft') return kindText;
  const periodText = marketPeriodName(period, sportId);
  return mapText((lang) => `${kindText[lang]} - ${periodText[lang]}`);
}

export const OPTION_NAMES = {
  draw: text('和局', '和局', 'Draw', 'Hòa', 'เสมอ'),
  over: text('大', '大', 'Over', 'Tài', 'สูง'),
  under: text('小', '小', 'Under', 'Xỉu', 'ต่ำ'),
  odd: text('单', '單', 'Odd', 'Lẻ', 'คี่'),
  even: text('双', '雙', 'Even', 'Chẵn', 'คู่'),
  noGoal: text('无进球', '無進球', 'No Goal', 'Không có bàn thắng', 'ไม่มีประตู'),
  other: text('其他比分', '其他比分', 'Any Other Score', 'Tỷ số khác', 'สกอร์อื่นๆ'),
} as const;

const GOAL_BAND = text('{band}球', '{band}球', '{band} Goals', '{band} bàn', '{band} ประตู');
const GOAL_BAND_PLUS = text('{n}球或以上', '{n}球或以上', '{n} or More Goals', 'Từ {n} bàn trở lên', '{n} ประตูขึ้นไป');

export function goalBandName(band: string): Text {
  return band.endsWith('+') ? fill(GOAL_BAND_PLUS, { n: band.slice(0, -1) }) : fill(GOAL_BAND, { band });
}
