import { BASKETBALL_PERIODS, FOOTBALL_PERIODS } from '../../static/tables';
import { PROFILES, type SimKind } from '../fixtures/profiles';
import { fill, text, type Text } from '../i18n';

/**
 * Match periods per sport. A period id is the position in its sport's list (0 = not started).
 * Football's 16 and basketball's 19 follow staticList's order (server/src/static/tables.ts); the
 * other sports' lists are the feed's own:
 *
 * | sport                         | ids                                                                                   |
 * |-------------------------------|---------------------------------------------------------------------------------------|
 * | football, e-football          | 0 not started, 1 1st half, 2 half-time, 3 2nd half, 4 regular time ended, 5 waiting for extra time, 6 ET 1st half, 7 ET half-time, 8 ET 2nd half, 9 ET ended, 10 waiting for penalties, 11 penalty shootout, 12 shootout ended, 13 finished, 14 interrupted, 15 abandoned |
 * | basketball, e-basketball      | 0 not started, 1 Q1, 2 break, 3 Q2, 4 half-time, 5 Q3, 6 break, 7 Q4, 8 1st half, 9 2nd half, 10 regular time ended, 11 waiting for OT, 12 overtime, 13 OT break, 14 finished, 15 finished after OT, 16 postponed, 17 interrupted, 18 abandoned |
 * | tennis                        | 0, 1-5 set 1-5, 6 finished, 7 interrupted, 8 abandoned                                 |
 * | volleyball, beach volleyball, badminton, table tennis | 0, 1-7 set 1-7, 8 break between sets, 9 finished, 10 interrupted, 11 abandoned |
 * | snooker                       | 0, 1 frame in play, 2 between frames, 3 mid-session interval, 4 finished, 5 interrupted, 6 abandoned |
 * | baseball                      | 0, 2k-1 top of inning k and 2k bottom (k 1-9), 19 extra top, 20 extra bottom, 21 break, 22 finished, 23 interrupted, 24 abandoned |
 * | ice hockey                    | 0, 1 P1, 2 intermission, 3 P2, 4 intermission, 5 P3, 6 regular time ended, 7 overtime, 8 shootout, 9 finished, 10 finished after OT, 11 finished after shootout, 12 interrupted, 13 abandoned |
 * | handball, rugby               | 0, 1 1st half, 2 half-time, 3 2nd half, 4 finished, 5 interrupted, 6 abandoned          |
 * | american football             | 0, 1 Q1, 2 break, 3 Q2, 4 half-time, 5 Q3, 6 break, 7 Q4, 8 regular time ended, 9 overtime, 10 finished, 11 finished after OT, 12 interrupted, 13 abandoned |
 * | boxing, MMA                   | 0, 1-12 round 1-12, 13 between rounds, 14 finished, 15 interrupted, 16 abandoned        |
 */
export interface PeriodDef {
  id: number;
  key: string;
  name: Text;
}

export interface PeriodTable {
  list: readonly PeriodDef[];
  id(key: string): number;
  name(id: number): Text;
  finished: number;
  interrupted: number;
  abandoned: number;
}

const COMMON: Record<string, Text> = {
  notStarted: text('未开赛', '未開賽', 'Not Started', 'Chưa bắt đầu', 'ยังไม่เริ่ม'),
  finished: text('完场', '完場', 'Finished', 'Kết thúc', 'จบการแข่งขัน'),
  interrupted: text('中断', '中斷', 'Interrupted', 'Tạm dừng', 'หยุดชั่วคราว'),
  abandoned: text('腰斩', '腰斬', 'Abandoned', 'Hủy giữa chừng', 'ยกเลิกกลางคัน'),
  postponed: text('推迟', '推遲', 'Postponed', 'Hoãn', 'เลื่อนการแข่งขัน'),
  firstHalf: text('上半场', '上半場', '1st Half', 'Hiệp 1', 'ครึ่งแรก'),
  halfTime: text('中场休息', '中場休息', 'Half Time', 'Nghỉ giữa hiệp', 'พักครึ่ง'),
  secondHalf: text('下半场', '下半場', '2nd Half', 'Hiệp 2', 'ครึ่งหลัง'),
  regularTimeEnded: text('常规时间结束', '常規時間結束', 'Regular Time Ended', 'Hết thời gian chính thức', 'จบเวลาปกติ'),
  overtime: text('加时', '加時', 'Overtime', 'Hiệp phụ', 'ต่อเวลา'),
  finishedAfterOvertime: text('加时后完场', '加時後完場', 'Finished after Overtime', 'Kết thúc sau hiệp phụ', 'จบหลังต่อเวลา'),
  penaltyShootout: text('点球大战', '點球大戰', 'Penalty Shootout', 'Đá luân lưu', 'ยิงจุดโทษ'),
};

const FOOTBALL_NAMES: Record<(typeof FOOTBALL_PERIODS)[number], Text> = {
  notStarted: COMMON.notStarted as Text,
  firstHalf: COMMON.firstHalf as Text,
  halfTime: COMMON.halfTime as Text,
  secondHalf: COMMON.secondHalf as Text,
  regularTimeEnded: COMMON.regularTimeEnded as Text,
  waitingForExtraTime: text('等待加时', '等待加時', 'Waiting for Extra Time', 'Chờ hiệp phụ', 'รอต่อเวลาพิเศษ'),
  extraTimeFirstHalf: text('加时上半场', '加時上半場', 'Extra Time 1st Half', 'Hiệp phụ 1', 'ต่อเวลาพิเศษครึ่งแรก'),
  extraTimeHalfTime: text('加时中场', '加時中場', 'Extra Time Half Time', 'Nghỉ giữa hiệp phụ', 'พักครึ่งต่อเวลาพิเศษ'),
  extraTimeSecondHalf: text('加时下半场', '加時下半場', 'Extra Time 2nd Half', 'Hiệp phụ 2', 'ต่อเวลาพิเศษครึ่งหลัง'),
  extraTimeEnded: text('加时结束', '加時結束', 'Extra Time Ended', 'Hết hiệp phụ', 'จบต่อเวลาพิเศษ'),
  waitingForPenalties: text('等待点球大战', '等待點球大戰', 'Waiting for Penalties', 'Chờ đá luân lưu', 'รอยิงจุดโทษ'),
  penaltyShootout: COMMON.penaltyShootout as Text,
  penaltyShootoutEnded: text('点球大战结束', '點球大戰結束', 'Penalty Shootout Ended', 'Kết thúc luân lưu', 'จบการยิงจุดโทษ'),
  finished: COMMON.finished as Text,
  interrupted: COMMON.interrupted as Text,
  abandoned: COMMON.abandoned as Text,
};

const quarter = (n: number): Text => fill(text('第{n}节', '第{n}節', 'Q{n}', 'Hiệp {n}', 'ควอเตอร์ {n}'), { n });
const quarterBreak = (n: number): Text => fill(text('第{n}节休息', '第{n}節休息', 'Break after Q{n}', 'Nghỉ sau hiệp {n}', 'พักหลังควอเตอร์ {n}'), { n });

const BASKETBALL_NAMES: Record<(typeof BASKETBALL_PERIODS)[number], Text> = {
  notStarted: COMMON.notStarted as Text,
  firstQuarter: quarter(1),
  firstBreak: quarterBreak(1),
  secondQuarter: quarter(2),
  halfTime: COMMON.halfTime as Text,
  thirdQuarter: quarter(3),
  thirdBreak: quarterBreak(3),
  fourthQuarter: quarter(4),
  firstHalf: COMMON.firstHalf as Text,
  secondHalf: COMMON.secondHalf as Text,
  regularTimeEnded: COMMON.regularTimeEnded as Text,
  waitingForOvertime: text('等待加时', '等待加時', 'Waiting for Overtime', 'Chờ hiệp phụ', 'รอต่อเวลา'),
  overtime: COMMON.overtime as Text,
  overtimeBreak: text('加时休息', '加時休息', 'Overtime Break', 'Nghỉ hiệp phụ', 'พักต่อเวลา'),
  finished: COMMON.finished as Text,
  finishedAfterOvertime: COMMON.finishedAfterOvertime as Text,
  postponed: COMMON.postponed as Text,
  interrupted: COMMON.interrupted as Text,
  abandoned: COMMON.abandoned as Text,
};

function table(entries: ReadonlyArray<[string, Text]>): PeriodTable {
  const list = entries.map(([key, name], id) => ({ id, key, name }));
  const ids = new Map(list.map((p) => [p.key, p.id]));
  const id = (key: string): number => {
    const found = ids.get(key);
    if (found === undefined) throw new Error(`unknown period ${key}`);
    return found;
  };
  return {
    list,
    id,
    name: (n) => list[n]?.name ?? (COMMON.notStarted as Text),
    finished: id('finished'),
    interrupted: id('interrupted'),
    abandoned: id('abandoned'),
  };
}

const common = (key: string): [string, Text] => [key, COMMON[key] as Text];
const tail = [common('finished'), common('interrupted'), common('abandoned')];

const setName = (n: number): Text => fill(text('第{n}局', '第{n}局', 'Set {n}', 'Set {n}', 'เซตที่ {n}'), { n });
const tennisSetName = (n: number): Text => fill(text('第{n}盘', '第{n}盤', 'Set {n}', 'Set {n}', 'เซตที่ {n}'), { n });
export const roundName = (n: number): Text => fill(text('第{n}回合', '第{n}回合', 'Round {n}', 'Hiệp {n}', 'ยกที่ {n}'), { n });
export const inningName = (n: number, top: boolean): Text =>
  top
    ? fill(text('第{n}局上', '第{n}局上', 'Top {n}', 'Đầu hiệp {n}', 'ครึ่งบนอินนิ่งที่ {n}'), { n })
    : fill(text('第{n}局下', '第{n}局下', 'Bottom {n}', 'Cuối hiệp {n}', 'ครึ่งล่างอินนิ่งที่ {n}'), { n });
export const frameName = (n: number): Text => fill(text('第{n}局', '第{n}局', 'Frame {n}', 'Frame {n}', 'เฟรมที่ {n}'), { n });
const hockeyPeriod = (n: number): Text => fill(text('第{n}节', '第{n}節', 'Period {n}', 'Hiệp {n}', 'ช่วงที่ {n}'), { n });
const intermission = (n: number): Text => fill(text('第{n}次休息', '第{n}次休息', 'Intermission {n}', 'Nghỉ giữa hiệp {n}', 'พักครั้งที่ {n}'), { n });

const FOOTBALL = table(FOOTBALL_PERIODS.map((key) => [key, FOOTBALL_NAMES[key]]));
const BASKETBALL = table(BASKETBALL_PERIODS.map((key) => [key, BASKETBALL_NAMES[key]]));
const TENNIS = table([common('notStarted'), ...[1, 2, 3, 4, 5].map((n): [string, Text] => [`set${n}`, tennisSetName(n)]), ...tail]);
const RALLY = table([
  common('notStarted'),
  ...[1, 2, 3, 4, 5, 6, 7].map((n): [string, Text] => [`set${n}`, setName(n)]),
  ['setBreak', text('局间休息', '局間休息', 'Break between Sets', 'Nghỉ giữa set', 'พักระหว่างเซต')],
  ...tail,
]);
const SNOOKER = table([
  common('notStarted'),
  ['frameInPlay', text('比赛中', '比賽中', 'Frame in Play', 'Đang thi đấu', 'กำลังแข่งขัน')],
  ['betweenFrames', text('局间', '局間', 'Between Frames', 'Giữa các frame', 'ระหว่างเฟรม')],
  ['interval', text('中场休息', '中場休息', 'Mid-session Interval', 'Nghỉ giữa phiên', 'พักระหว่างเซสชัน')],
  ...tail,
]);
const BASEBALL = table([
  common('notStarted'),
  ...Array.from({ length: 9 }, (_, i) => i + 1).flatMap((k): Array<[string, Text]> => [
    [`inning${k}Top`, inningName(k, true)],
    [`inning${k}Bottom`, inningName(k, false)],
  ]),
  ['extraTop', text('加时局上', '加時局上', 'Extra Innings Top', 'Đầu hiệp phụ', 'ครึ่งบนอินนิ่งพิเศษ')],
  ['extraBottom', text('加时局下', '加時局下', 'Extra Innings Bottom', 'Cuối hiệp phụ', 'ครึ่งล่างอินนิ่งพิเศษ')],
  ['inningBreak', text('局间休息', '局間休息', 'Inning Break', 'Nghỉ giữa hiệp', 'พักระหว่างอินนิ่ง')],
  ...tail,
]);
const HOCKEY = table([
  common('notStarted'),
  ['p1', hockeyPeriod(1)],
  ['break1', intermission(1)],
  ['p2', hockeyPeriod(2)],
  ['break2', intermission(2)],
  ['p3', hockeyPeriod(3)],
  common('regularTimeEnded'),
  common('overtime'),
  ['shootout', text('点球大战', '點球大戰', 'Shootout', 'Loạt sút luân lưu', 'ยิงจุดโทษ')],
  common('finished'),
  common('finishedAfterOvertime'),
  ['finishedAfterShootout', text('点球大战后完场', '點球大戰後完場', 'Finished after Shootout', 'Kết thúc sau luân lưu', 'จบหลังยิงจุดโทษ')],
  common('interrupted'),
  common('abandoned'),
]);
const HALVES = table([common('notStarted'), common('firstHalf'), common('halfTime'), common('secondHalf'), ...tail]);
const AMERICAN_FOOTBALL = table([
  common('notStarted'),
  ['q1', quarter(1)],
  ['break1', quarterBreak(1)],
  ['q2', quarter(2)],
  common('halfTime'),
  ['q3', quarter(3)],
  ['break3', quarterBreak(3)],
  ['q4', quarter(4)],
  common('regularTimeEnded'),
  common('overtime'),
  common('finished'),
  common('finishedAfterOvertime'),
  common('interrupted'),
  common('abandoned'),
]);
const FIGHT = table([
  common('notStarted'),
  ...Array.from({ length: 12 }, (_, i): [string, Text] => [`round${i + 1}`, roundName(i + 1)]),
  ['betweenRounds', text('回合间休息', '回合間休息', 'Between Rounds', 'Nghỉ giữa hiệp', 'พักระหว่างยก')],
  ...tail,
]);

const BY_SPORT: Record<number, PeriodTable> = {
  1: FOOTBALL,
  177: FOOTBALL,
  3: BASKETBALL,
  178: BASKETBALL,
  5: TENNIS,
  13: RALLY,
  51: RALLY,
  47: RALLY,
  15: RALLY,
  16: SNOOKER,
  7: BASEBALL,
  2: HOCKEY,
  8: HALVES,
  4: HALVES,
  6: AMERICAN_FOOTBALL,
  18: FIGHT,
  19: FIGHT,
};

/**
 * A sport a plugin added (its feed.ts) has its simulator's periods, the same as the simulator reports; the timed
 * sports' periods differ per sport, so a new sport cannot use that sim (docs/plugins.md "Feed profile").
 */
const BY_SIM: Readonly<Record<Exclude<SimKind, 'timed'>, PeriodTable>> = {
  football: FOOTBALL,
  basketball: BASKETBALL,
  tennis: TENNIS,
  rally: RALLY,
  snooker: SNOOKER,
  baseball: BASEBALL,
  fight: FIGHT,
};

export function periodTable(sportId: number): PeriodTable {
  const sim = PROFILES.find((p) => p.sportId === sportId)?.sim;
  const found = BY_SPORT[sportId] ?? (sim === undefined || sim === 'timed' ? undefined : BY_SIM[sim]);
  if (!found) throw new Error(`no period table for sport ${sportId}`);
  return found;
}
