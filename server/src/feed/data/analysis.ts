import { fill, text, type Lang, type Text } from '../i18n';
import type { HistoryData, ScheduleRow, Weather } from '../types';

/**
 * Analysis and intelligence: short paragraphs per language, written from the match's own data
 * (form, table, head-to-head, injuries, weather, venue).
 */
const T = {
  form: text(
    '{team}近{n}场{w}胜{d}平{l}负',
    '{team}近{n}場{w}勝{d}和{l}負',
    '{team}: {w}W {d}D {l}L in the last {n}',
    '{team}: {w} thắng, {d} hòa, {l} thua trong {n} trận gần nhất',
    '{team}: ชนะ {w} เสมอ {d} แพ้ {l} จาก {n} นัดหลังสุด',
  ),
  rank: text('{team}目前排名第{rank}，积{points}分', '{team}目前排名第{rank}，積{points}分', '{team} sit {rank} in the table with {points} points', '{team} đứng thứ {rank} với {points} điểm', '{team} อยู่อันดับ {rank} มี {points} คะแนน'),
  h2h: text(
    '两队近{n}次交锋，{team}{w}胜{d}平{l}负',
    '兩隊近{n}次交鋒，{team}{w}勝{d}和{l}負',
    'In their last {n} meetings {team} won {w}, drew {d} and lost {l}',
    'Trong {n} lần đối đầu gần nhất, {team} thắng {w}, hòa {d}, thua {l}',
    'พบกัน {n} ครั้งหลังสุด {team} ชนะ {w} เสมอ {d} แพ้ {l}',
  ),
  edge: text('综合来看，{team}更占优势', '綜合來看，{team}更佔優勢', 'On balance {team} look the stronger side', 'Nhìn chung {team} nhỉnh hơn', 'โดยรวม {team} ดูเหนือกว่า'),
  even: text('两队实力接近，胜负难料', '兩隊實力接近，勝負難料', 'Two evenly matched sides; hard to call', 'Hai đội ngang tài ngang sức, khó đoán', 'สองทีมสูสี ยากจะคาดเดา'),
  injuries: text('{team}伤停：{players}', '{team}傷停：{players}', '{team} missing: {players}', '{team} vắng mặt: {players}', '{team} ขาด: {players}'),
  fullSquad: text('{team}阵容齐整，无伤停', '{team}陣容齊整，無傷停', '{team} have a fully fit squad', '{team} có đội hình đầy đủ', '{team} มีผู้เล่นครบ'),
  weather: text(
    '比赛日天气：{weather}，气温{temp}°C，湿度{humidity}%，风速{wind}米/秒',
    '比賽日天氣：{weather}，氣溫{temp}°C，濕度{humidity}%，風速{wind}米/秒',
    'Match-day weather: {weather}, {temp}°C, humidity {humidity}%, wind {wind} m/s',
    'Thời tiết ngày thi đấu: {weather}, {temp}°C, độ ẩm {humidity}%, gió {wind} m/s',
    'สภาพอากาศวันแข่ง: {weather} {temp}°C ความชื้น {humidity}% ลม {wind} ม./วินาที',
  ),
  neutral: text('本场比赛在中立场地进行', '本場比賽在中立場地進行', 'The match is played on neutral ground', 'Trận đấu diễn ra trên sân trung lập', 'การแข่งขันนัดนี้เล่นในสนามกลาง'),
  home: text('{team}坐镇主场', '{team}坐鎮主場', '{team} play at home', '{team} được chơi trên sân nhà', '{team} ได้เล่นในบ้าน'),
  unbeaten: text('{team}已连续{n}场不败', '{team}已連續{n}場不敗', '{team} are unbeaten in {n}', '{team} bất bại {n} trận liên tiếp', '{team} ไม่แพ้ติดต่อกัน {n} นัด'),
  winless: text('{team}已连续{n}场不胜', '{team}已連續{n}場不勝', '{team} have not won in {n}', '{team} không thắng {n} trận liên tiếp', '{team} ไม่ชนะติดต่อกัน {n} นัด'),
};

function ordinal(n: number): string {
  const rem = n % 100;
  if (rem >= 11 && rem <= 13) return `${n}th`;
  const suffix: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };
  return `${n}${suffix[n % 10] ?? 'th'}`;
}

function tally(rows: readonly ScheduleRow[]): { w: number; d: number; l: number; n: number } {
  const w = rows.filter((r) => r.status === 'win').length;
  const d = rows.filter((r) => r.status === 'draw').length;
  return { w, d, l: rows.length - w - d, n: rows.length };
}

function streak(rows: readonly ScheduleRow[], unbeaten: boolean): number {
  let n = 0;
  for (const r of rows) {
    if (unbeaten ? r.status !== 'lose' : r.status !== 'win') n++;
    else break;
  }
  return n;
}

export interface AnalysisInput {
  home: Text;
  away: Text;
  homeId: number;
  awayId: number;
  history: HistoryData;
  /** Home's pre-match win probability minus away's. */
  edge: number;
}

export function analysisOf(input: AnalysisInput, lang: Lang): string[] {
  const { history } = input;
  const out: Text[] = [fill(T.form, { team: input.home, ...tally(history.homeLastMatch) }), fill(T.form, { team: input.away, ...tally(history.awayLastMatch) })];
  for (const [team, id] of [[input.home, input.homeId], [input.away, input.awayId]] as const) {
    const r = history.leagueRanking.find((x) => x.teamId === id);
    if (r) out.push(fill(T.rank, { team, rank: lang === 'ENG' ? ordinal(r.rank) : r.rank, points: r.points }));
  }
  if (history.historyMatch.length > 0) out.push(fill(T.h2h, { team: input.home, ...tally(history.historyMatch) }));
  out.push(Math.abs(input.edge) < 0.08 ? T.even : fill(T.edge, { team: input.edge > 0 ? input.home : input.away }));
  return out.map((t) => t[lang]);
}

export interface IntelligenceInput extends AnalysisInput {
  weather: Weather | null;
  isNeutral: boolean;
}

export function intelligenceOf(input: IntelligenceInput, lang: Lang): string[] {
  const out: Text[] = [];
  for (const [team, side] of [[input.home, 'home'], [input.away, 'away']] as const) {
    const missing = input.history.injury.filter((i) => i.side === side);
    if (missing.length === 0) out.push(fill(T.fullSquad, { team }));
    else out.push(fill(T.injuries, { team, players: missing.map((i) => `${i.player.name[lang]} (${i.reason[lang]})`).join(lang === 'CMN' || lang === 'zh-TW' ? '、' : ', ') }));
  }
  for (const [team, rows] of [[input.home, input.history.homeLastMatch], [input.away, input.history.awayLastMatch]] as const) {
    const unbeaten = streak(rows, true);
    const winless = streak(rows, false);
    if (unbeaten >= 3) out.push(fill(T.unbeaten, { team, n: unbeaten }));
    else if (winless >= 3) out.push(fill(T.winless, { team, n: winless }));
  }
  if (input.weather) out.push(fill(T.weather, { weather: input.weather.weather, temp: input.weather.temperature, humidity: input.weather.humidity, wind: input.weather.wind }));
  out.push(input.isNeutral ? T.neutral : fill(T.home, { team: input.home }));
  return out.map((t) => t[lang]);
}
