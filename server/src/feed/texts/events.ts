import { fill, text, type Text, type TextParam } from '../i18n';

/**
 * Wording of every event, per language. The engine fills {team}, {player}, {related} and {score}
 * (home-away at the moment of the event); simulations add the rest. Football texts carry no time
 * prefix (the spec's text live strips it; the entry has the minute separately).
 */
const TEMPLATES: Record<string, Text> = {
  // football
  goal: text('进球！{player}（{team}）破门，比分 {score}', '進球！{player}（{team}）破門，比分 {score}', 'Goal! {player} scores for {team}, {score}', 'Vào! {player} ghi bàn cho {team}, tỷ số {score}', 'ประตู! {player} ทำประตูให้ {team} สกอร์ {score}'),
  penaltyGoal: text('点球命中！{player}（{team}）主罚得手，比分 {score}', '點球命中！{player}（{team}）主罰得手，比分 {score}', 'Penalty scored by {player} ({team}), {score}', '{player} ({team}) sút phạt đền thành công, tỷ số {score}', '{player} ({team}) ยิงจุดโทษเข้า สกอร์ {score}'),
  ownGoal: text('乌龙球！{player}（{team}）自摆乌龙，比分 {score}', '烏龍球！{player}（{team}）自擺烏龍，比分 {score}', 'Own goal by {player} ({team}), {score}', 'Phản lưới nhà! {player} ({team}), tỷ số {score}', 'ทำเข้าประตูตัวเอง! {player} ({team}) สกอร์ {score}'),
  corner: text('{team} 获得角球', '{team} 獲得角球', 'Corner for {team}', 'Phạt góc cho {team}', 'เตะมุมให้ {team}'),
  yellowCard: text('{player}（{team}）吃到黄牌', '{player}（{team}）吃到黃牌', 'Yellow card: {player} ({team})', 'Thẻ vàng: {player} ({team})', 'ใบเหลือง: {player} ({team})'),
  redCard: text('红牌！{player}（{team}）被直接罚下', '紅牌！{player}（{team}）被直接罰下', 'Red card! {player} ({team}) is sent off', 'Thẻ đỏ! {player} ({team}) bị truất quyền thi đấu', 'ใบแดง! {player} ({team}) ถูกไล่ออก'),
  secondYellow: text('两黄变一红！{player}（{team}）被罚下', '兩黃變一紅！{player}（{team}）被罰下', 'Second yellow! {player} ({team}) is sent off', 'Thẻ vàng thứ hai! {player} ({team}) bị truất quyền thi đấu', 'ใบเหลืองใบที่สอง! {player} ({team}) ถูกไล่ออก'),
  throwIn: text('{team} 获得界外球', '{team} 獲得界外球', 'Throw-in for {team}', 'Ném biên cho {team}', 'ทุ่มให้ {team}'),
  freeKick: text('{team} 获得任意球', '{team} 獲得任意球', 'Free kick for {team}', 'Đá phạt cho {team}', 'ฟรีคิกให้ {team}'),
  goalKick: text('{team} 球门球', '{team} 球門球', 'Goal kick for {team}', 'Phát bóng lên cho {team}', 'เตะจากประตูให้ {team}'),
  penalty: text('点球！裁判判给 {team} 一个点球', '點球！裁判判給 {team} 一個點球', 'Penalty to {team}!', 'Phạt đền cho {team}!', 'จุดโทษให้ {team}!'),
  substitution: text('{team} 换人：{player} 替换 {related}', '{team} 換人：{player} 替換 {related}', 'Substitution {team}: {player} replaces {related}', 'Thay người {team}: {player} vào thay {related}', 'เปลี่ยนตัว {team}: {player} ลงแทน {related}'),
  kickOff: text('比赛开始，{team} 开球', '比賽開始，{team} 開球', 'Kick-off, {team} get the match under way', 'Trận đấu bắt đầu, {team} giao bóng', 'เริ่มการแข่งขัน {team} เขี่ยลูก'),
  secondHalfKickOff: text('下半场开始，{team} 中圈开球', '下半場開始，{team} 中圈開球', 'Second half under way, {team} kick off', 'Hiệp 2 bắt đầu, {team} giao bóng', 'เริ่มครึ่งหลัง {team} เขี่ยลูก'),
  extraTimeKickOff: text('加时赛开始，{team} 开球', '加時賽開始，{team} 開球', 'Extra time under way, {team} kick off', 'Hiệp phụ bắt đầu, {team} giao bóng', 'เริ่มต่อเวลาพิเศษ {team} เขี่ยลูก'),
  fullTime: text('比赛结束，最终比分 {score}', '比賽結束，最終比分 {score}', 'Full time, final score {score}', 'Kết thúc trận đấu, tỷ số chung cuộc {score}', 'จบการแข่งขัน สกอร์สุดท้าย {score}'),
  halfTime: text('半场结束，比分 {score}', '半場結束，比分 {score}', 'Half time, score {score}', 'Hết hiệp 1, tỷ số {score}', 'หมดครึ่งแรก สกอร์ {score}'),
  penaltyMissed: text('{player}（{team}）罚失点球', '{player}（{team}）罰失點球', 'Penalty missed by {player} ({team})', '{player} ({team}) sút hỏng phạt đền', '{player} ({team}) ยิงจุดโทษพลาด'),
  shootoutScored: text('点球大战：{player}（{team}）罚进，点球比分 {pen}', '點球大戰：{player}（{team}）罰進，點球比分 {pen}', 'Shootout: {player} ({team}) scores, {pen}', 'Luân lưu: {player} ({team}) thành công, {pen}', 'ยิงจุดโทษ: {player} ({team}) ยิงเข้า {pen}'),
  shootoutMissed: text('点球大战：{player}（{team}）罚失，点球比分 {pen}', '點球大戰：{player}（{team}）罰失，點球比分 {pen}', 'Shootout: {player} ({team}) misses, {pen}', 'Luân lưu: {player} ({team}) sút hỏng, {pen}', 'ยิงจุดโทษ: {player} ({team}) ยิงพลาด {pen}'),
  injuryTime: text('伤停补时 {minutes} 分钟', '傷停補時 {minutes} 分鐘', '{minutes} minutes of added time', 'Bù giờ {minutes} phút', 'ทดเวลาบาดเจ็บ {minutes} นาที'),
  shotOnTarget: text('{player}（{team}）射正', '{player}（{team}）射正', 'Shot on target by {player} ({team})', '{player} ({team}) sút trúng đích', '{player} ({team}) ยิงเข้ากรอบ'),
  shotOffTarget: text('{player}（{team}）射偏', '{player}（{team}）射偏', 'Shot off target by {player} ({team})', '{player} ({team}) sút ra ngoài', '{player} ({team}) ยิงออกนอกกรอบ'),
  attack: text('{team} 发起进攻', '{team} 發起進攻', '{team} attack', '{team} tấn công', '{team} เข้าทำ'),
  dangerousAttack: text('{team} 危险进攻', '{team} 危險進攻', 'Dangerous attack by {team}', '{team} tấn công nguy hiểm', '{team} บุกอันตราย'),
  possession: text('控球率 {home}% - {away}%', '控球率 {home}% - {away}%', 'Possession {home}% - {away}%', 'Kiểm soát bóng {home}% - {away}%', 'การครองบอล {home}% - {away}%'),
  extraTimeEnd: text('加时赛结束，比分 {score}', '加時賽結束，比分 {score}', 'End of extra time, score {score}', 'Kết thúc hiệp phụ, tỷ số {score}', 'จบต่อเวลาพิเศษ สกอร์ {score}'),
  penaltyEnd: text('点球大战结束，点球比分 {pen}', '點球大戰結束，點球比分 {pen}', 'Penalty shootout over, {pen} on penalties', 'Kết thúc loạt luân lưu, tỷ số luân lưu {pen}', 'จบการยิงจุดโทษ ผลจุดโทษ {pen}'),
  // basketball
  twoPointer: text('{player} 两分球命中', '{player} 兩分球命中', '{player} makes a 2-point shot', '{player} ghi 2 điểm', '{player} ยิง 2 คะแนนลง'),
  threePointer: text('{player} 三分球命中', '{player} 三分球命中', '{player} makes a 3-pointer', '{player} ghi 3 điểm', '{player} ยิง 3 คะแนนลง'),
  freeThrowMade: text('{player} 罚球命中', '{player} 罰球命中', '{player} makes a free throw', '{player} ném phạt thành công', '{player} ยิงฟรีโธรว์ลง'),
  freeThrowMissed: text('{player} 罚球不中', '{player} 罰球不中', '{player} misses a free throw', '{player} ném phạt hỏng', '{player} ยิงฟรีโธรว์ไม่ลง'),
  missTwo: text('{player} 投篮不中', '{player} 投籃不中', '{player} misses a jump shot', '{player} ném trượt', '{player} ยิงไม่ลง'),
  missThree: text('{player} 三分不中', '{player} 三分不中', '{player} misses a 3-pointer', '{player} ném 3 điểm trượt', '{player} ยิง 3 คะแนนไม่ลง'),
  rebound: text('{player} 抢到篮板', '{player} 搶到籃板', '{player} rebound', '{player} bắt bóng bật bảng', '{player} รีบาวด์'),
  personalFoul: text('{player} 犯规', '{player} 犯規', 'Foul by {player}', '{player} phạm lỗi', '{player} ฟาวล์'),
  turnover: text('{player} 失误', '{player} 失誤', 'Turnover by {player}', '{player} mất bóng', '{player} เสียการครองบอล'),
  timeout: text('{team} 请求暂停', '{team} 請求暫停', 'Timeout {team}', '{team} xin hội ý', '{team} ขอเวลานอก'),
  periodStart: text('{period} 开始', '{period} 開始', '{period} begins', 'Bắt đầu {period}', 'เริ่ม {period}'),
  periodEnd: text('{period} 结束，比分 {score}', '{period} 結束，比分 {score}', 'End of {period}, {score}', 'Kết thúc {period}, tỷ số {score}', 'จบ {period} สกอร์ {score}'),
  matchEnd: text('比赛结束，最终比分 {score}', '比賽結束，最終比分 {score}', 'Match over, final score {score}', 'Trận đấu kết thúc, tỷ số chung cuộc {score}', 'จบการแข่งขัน สกอร์สุดท้าย {score}'),
  // rally and racket sports
  pointWon: text('{team} 得分，比分 {points}', '{team} 得分，比分 {points}', 'Point {team}, {points}', '{team} ghi điểm, {points}', '{team} ได้คะแนน {points}'),
  ace: text('{team} 发球直接得分（ACE）', '{team} 發球直接得分（ACE）', 'Ace by {team}', '{team} giao bóng ăn điểm trực tiếp (ace)', '{team} เสิร์ฟเอซ'),
  doubleFault: text('{team} 双误', '{team} 雙誤', 'Double fault by {team}', '{team} lỗi giao bóng kép', '{team} เสิร์ฟเสียสองครั้ง'),
  gameWon: text('{team} 赢得本局，局分 {games}', '{team} 贏得本局，局分 {games}', 'Game {team}, games {games}', '{team} thắng game, tỷ số game {games}', 'เกมเป็นของ {team} เกม {games}'),
  breakOfServe: text('{team} 破发成功，局分 {games}', '{team} 破發成功，局分 {games}', 'Break of serve by {team}, games {games}', '{team} bẻ giao bóng thành công, {games}', '{team} เบรกเสิร์ฟได้ เกม {games}'),
  setWon: text('{team} 赢得{period}（{setScore}），总比分 {score}', '{team} 贏得{period}（{setScore}），總比分 {score}', '{team} win {period} {setScore}, sets {score}', '{team} thắng {period} {setScore}, tỷ số set {score}', '{team} ชนะ{period} {setScore} เซต {score}'),
  // snooker
  snookerBreak: text('{team} 单杆 {points} 分', '{team} 單桿 {points} 分', 'Break of {points} by {team}', '{team} ghi break {points} điểm', '{team} ทำเบรก {points} แต้ม'),
  frameWon: text('{team} 赢得{period}（{framePoints}），局数 {score}', '{team} 贏得{period}（{framePoints}），局數 {score}', '{team} win {period} {framePoints}, frames {score}', '{team} thắng {period} {framePoints}, tỷ số {score}', '{team} ชนะ{period} {framePoints} เฟรม {score}'),
  // baseball
  run: text('{team} 跑回 {runs} 分，比分 {score}', '{team} 跑回 {runs} 分，比分 {score}', '{team} score {runs}, {score}', '{team} ghi {runs} điểm, tỷ số {score}', '{team} ทำ {runs} รัน สกอร์ {score}'),
  homeRun: text('全垒打！{team} 得 {runs} 分，比分 {score}', '全壘打！{team} 得 {runs} 分，比分 {score}', 'Home run! {team} score {runs}, {score}', 'Home run! {team} ghi {runs} điểm, tỷ số {score}', 'โฮมรัน! {team} ทำ {runs} รัน สกอร์ {score}'),
  out: text('{team} 出局（{outs} 出局）', '{team} 出局（{outs} 出局）', '{team} out ({outs} out)', '{team} bị loại ({outs} out)', '{team} เอาต์ ({outs} เอาต์)'),
  // goal sports (hockey, handball)
  teamGoal: text('{team} 进球，比分 {score}', '{team} 進球，比分 {score}', 'Goal {team}, {score}', '{team} ghi bàn, tỷ số {score}', '{team} ทำประตู สกอร์ {score}'),
  shootoutGoal: text('{team} 点球大战胜出', '{team} 點球大戰勝出', '{team} win the shootout', '{team} thắng loạt sút luân lưu', '{team} ชนะการยิงจุดโทษ'),
  // rugby
  try: text('{team} 达阵（Try），比分 {score}', '{team} 達陣（Try），比分 {score}', 'Try {team}, {score}', '{team} ghi try, tỷ số {score}', '{team} ทำไทร สกอร์ {score}'),
  conversion: text('{team} 附加踢射命中，比分 {score}', '{team} 附加踢射命中，比分 {score}', 'Conversion {team}, {score}', '{team} đá chuyển đổi thành công, tỷ số {score}', '{team} เตะเพิ่มคะแนนสำเร็จ สกอร์ {score}'),
  penaltyKick: text('{team} 罚踢命中，比分 {score}', '{team} 罰踢命中，比分 {score}', 'Penalty goal {team}, {score}', '{team} đá phạt thành công, tỷ số {score}', '{team} เตะลูกโทษเข้า สกอร์ {score}'),
  // american football
  touchdown: text('{team} 达阵（Touchdown），比分 {score}', '{team} 達陣（Touchdown），比分 {score}', 'Touchdown {team}, {score}', '{team} ghi touchdown, tỷ số {score}', '{team} ทำทัชดาวน์ สกอร์ {score}'),
  extraPoint: text('{team} 附加分命中，比分 {score}', '{team} 附加分命中，比分 {score}', 'Extra point {team}, {score}', '{team} ghi điểm cộng thêm, tỷ số {score}', '{team} ได้แต้มพิเศษ สกอร์ {score}'),
  fieldGoal: text('{team} 射门得分（Field Goal），比分 {score}', '{team} 射門得分（Field Goal），比分 {score}', 'Field goal {team}, {score}', '{team} ghi field goal, tỷ số {score}', '{team} ทำฟิลด์โกล สกอร์ {score}'),
  safety: text('{team} 安全分，比分 {score}', '{team} 安全分，比分 {score}', 'Safety {team}, {score}', '{team} ghi safety, tỷ số {score}', '{team} ได้เซฟตี้ สกอร์ {score}'),
  // fights
  knockdown: text('{team} 击倒对手！', '{team} 擊倒對手！', 'Knockdown by {team}!', '{team} hạ đo ván đối thủ!', '{team} ชกคู่ต่อสู้ล้ม!'),
  roundScored: text('{period}：{team} 占优（裁判比分 {score}）', '{period}：{team} 佔優（裁判比分 {score}）', '{period} to {team} on the cards ({score})', '{period} nghiêng về {team} (điểm {score})', '{period} {team} ได้เปรียบ (คะแนน {score})'),
  stoppage: text('{team} {method} 获胜（{period}）', '{team} {method} 獲勝（{period}）', '{team} win by {method} ({period})', '{team} thắng {method} ({period})', '{team} ชนะ {method} ({period})'),
  decision: text('判定：{team} 获胜（{score}）', '判定：{team} 獲勝（{score}）', 'Decision: {team} win ({score})', 'Phán quyết: {team} thắng ({score})', 'ตัดสินคะแนน: {team} ชนะ ({score})'),
  draw: text('判定：平局（{score}）', '判定：平局（{score}）', 'Decision: draw ({score})', 'Phán quyết: hòa ({score})', 'ตัดสินคะแนน: เสมอ ({score})'),
  // match-level
  interrupted: text('比赛中断', '比賽中斷', 'Play interrupted', 'Trận đấu tạm dừng', 'การแข่งขันหยุดชั่วคราว'),
  resumed: text('比赛恢复', '比賽恢復', 'Play resumed', 'Trận đấu tiếp tục', 'การแข่งขันดำเนินต่อ'),
  abandoned: text('比赛腰斩', '比賽腰斬', 'Match abandoned', 'Trận đấu bị hủy giữa chừng', 'การแข่งขันถูกยกเลิกกลางคัน'),
  coverageLost: text('数据信号中断', '數據信號中斷', 'Live coverage lost', 'Mất tín hiệu trực tiếp', 'สัญญาณถ่ายทอดขาดหาย'),
  coverageRestored: text('数据信号恢复', '數據信號恢復', 'Live coverage restored', 'Khôi phục tín hiệu trực tiếp', 'สัญญาณถ่ายทอดกลับมาแล้ว'),
};

export const FIGHT_METHODS = {
  ko: text('KO', 'KO', 'KO', 'KO', 'น็อกเอาต์'),
  tko: text('TKO', 'TKO', 'TKO', 'TKO', 'TKO'),
  submission: text('降服', '降服', 'submission', 'khóa siết', 'ซับมิชชัน'),
} as const;

export function eventText(code: string, params: Readonly<Record<string, TextParam>>): Text {
  const template = TEMPLATES[code];
  if (!template) throw new Error(`no text for event ${code}`);
  return fill(template, params);
}

export function hasEventText(code: string): boolean {
  return code in TEMPLATES;
}
