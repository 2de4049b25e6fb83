import { sql, type Kysely } from 'kysely';
import { BetResult, BetType, OrderStatus } from '../../../contract/enums';
import type { Title } from '../../../contract/liveRoom';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { fill, text, type Lang, type Text } from '../feed/i18n';

/** What a title counts (titleSchema.category). */
export type TitleMetric = Title['category'];

export interface TitleDef {
  id: number;
  name: Text;
  metric: TitleMetric;
  /** Obtained when the metric reaches this. */
  target: number;
  sort: number;
}

/**
 * The title catalogue (spec 001 "Member titles"). Each title is earned from what the member really did: bets the book
 * took, parlays and singles won, days with a bet, anchors followed, rooms watched. Ids are stable: members keep
 * obtained titles by id and wear one by id.
 */
export const TITLE_CATALOGUE: readonly TitleDef[] = [
  { id: 1, name: text('新秀', '新秀', 'Rookie', 'Tân binh', 'มือใหม่'), metric: 'bets', target: 1, sort: 1 },
  { id: 2, name: text('常客', '常客', 'Regular', 'Khách quen', 'ขาประจำ'), metric: 'bets', target: 20, sort: 2 },
  { id: 3, name: text('老将', '老將', 'Veteran', 'Lão làng', 'ทหารผ่านศึก'), metric: 'bets', target: 200, sort: 3 },
  { id: 4, name: text('串关达人', '串關達人', 'Parlay Ace', 'Cao thủ xiên', 'เซียนสเต็ป'), metric: 'parlays', target: 1, sort: 4 },
  { id: 5, name: text('串关大师', '串關大師', 'Parlay Master', 'Bậc thầy xiên', 'ปรมาจารย์สเต็ป'), metric: 'parlays', target: 10, sort: 5 },
  { id: 6, name: text('神射手', '神射手', 'Sharpshooter', 'Xạ thủ', 'มือแม่น'), metric: 'wins', target: 10, sort: 6 },
  { id: 7, name: text('铁杆球迷', '鐵桿球迷', 'Loyal Fan', 'Fan trung thành', 'แฟนพันธุ์แท้'), metric: 'days', target: 3, sort: 7 },
  { id: 8, name: text('全勤达人', '全勤達人', 'Every Day', 'Ngày nào cũng có mặt', 'มาทุกวัน'), metric: 'days', target: 7, sort: 8 },
  { id: 9, name: text('追随者', '追隨者', 'Follower', 'Người theo dõi', 'ผู้ติดตาม'), metric: 'follows', target: 1, sort: 9 },
  { id: 10, name: text('直播常客', '直播常客', 'Live Regular', 'Khách quen live', 'ขาประจำไลฟ์'), metric: 'watches', target: 3, sort: 10 },
];

const HOW: Readonly<Record<TitleMetric, Text>> = {
  bets: text('累计投注 {n} 笔', '累計投注 {n} 筆', 'Place {n} bets', 'Đặt {n} cược', 'วางเดิมพัน {n} ครั้ง'),
  parlays: text('赢得 {n} 次串关', '贏得 {n} 次串關', 'Win {n} parlays', 'Thắng {n} cược xiên', 'ชนะสเต็ป {n} ครั้ง'),
  wins: text('赢得 {n} 次单关', '贏得 {n} 次單關', 'Win {n} single bets', 'Thắng {n} cược đơn', 'ชนะเดิมพันเดี่ยว {n} ครั้ง'),
  days: text('在 {n} 个不同日子投注', '在 {n} 個不同日子投注', 'Bet on {n} different days', 'Cược vào {n} ngày khác nhau', 'เดิมพันใน {n} วันที่ต่างกัน'),
  follows: text('关注 {n} 位主播', '關注 {n} 位主播', 'Follow {n} anchor', 'Theo dõi {n} người dẫn', 'ติดตามผู้ดำเนินรายการ {n} คน'),
  watches: text('观看 {n} 个不同直播间', '觀看 {n} 個不同直播間', 'Watch {n} different live rooms', 'Xem {n} phòng live khác nhau', 'ดูห้องไลฟ์ {n} ห้องที่ต่างกัน'),
};

/** Days are counted in the platform's time zone (Asia/Shanghai, UTC+8 all year). */
const DAY_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export function titleById(id: number): TitleDef | undefined {
  return TITLE_CATALOGUE.find((t) => t.id === id);
}

/** How a title is obtained, in a language. */
export function howObtained(def: TitleDef, lang: Lang): string {
  return fill(HOW[def.metric], { n: def.target })[lang];
}

/** A title as the wire carries it. */
export function titleWire(def: TitleDef, lang: Lang): Title {
  return { id: def.id, name: def.name[lang], icon: `/api/title/icon/${def.id}`, description: howObtained(def, lang), category: def.metric, sort: def.sort };
}

export type TitleMetrics = Readonly<Record<TitleMetric, number>>;

export interface MemberTitleState {
  metrics: TitleMetrics;
  /** Obtained titles and when. */
  obtained: ReadonlyMap<number, number>;
}

/**
 * Member titles: the metrics are computed from the member's records when asked, and every title whose target is
 * reached is stored as obtained then (a title once obtained is kept even if a count later drops, e.g. an unfollow).
 */
export interface MemberTitles {
  evaluate(memberId: number): Promise<MemberTitleState>;
}

const TAKEN = [OrderStatus.Confirmed, OrderStatus.ReserveCashOut, OrderStatus.Settled, OrderStatus.CashOut];

export function createMemberTitles(db: Kysely<Database>, clock: Clock): MemberTitles {
  async function metricsOf(memberId: number): Promise<TitleMetrics> {
    const orders = await db
      .selectFrom('orders')
      .select([
        (eb) => eb.fn.countAll<number>().as('bets'),
        // A bet builder is a parlay of one match (同场串关): its wins count with the parlays'.
        sql<number>`sum(case when bet_type in (${BetType.Multiple}, ${BetType.Builder}) and status = ${OrderStatus.Settled} and result = ${BetResult.Won} then 1 else 0 end)`.as('parlays'),
        sql<number>`sum(case when bet_type = ${BetType.Single} and status = ${OrderStatus.Settled} and result = ${BetResult.Won} then 1 else 0 end)`.as('wins'),
        sql<number>`count(distinct (created_at + ${DAY_OFFSET_MS}) / ${DAY_MS})`.as('days'),
      ])
      .where('member_id', '=', memberId)
      .where('status', 'in', TAKEN)
      .executeTakeFirst();
    const follows = await db.selectFrom('live_follows').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', memberId).executeTakeFirst();
    const watches = await db
      .selectFrom('live_watches')
      .select((eb) => eb.fn.count<number>('live_room_id').distinct().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return {
      bets: Number(orders?.bets ?? 0),
      parlays: Number(orders?.parlays ?? 0),
      wins: Number(orders?.wins ?? 0),
      days: Number(orders?.days ?? 0),
      follows: Number(follows?.n ?? 0),
      watches: Number(watches?.n ?? 0),
    };
  }

  return {
    async evaluate(memberId) {
      const metrics = await metricsOf(memberId);
      const reached = TITLE_CATALOGUE.filter((def) => metrics[def.metric] >= def.target);
      if (reached.length > 0) {
        const now = clock.now();
        await db
          .insertInto('member_titles')
          .values(reached.map((def) => ({ member_id: memberId, title_id: def.id, obtained_at: now })))
          .onConflict((oc) => oc.columns(['member_id', 'title_id']).doNothing())
          .execute();
      }
      const rows = await db.selectFrom('member_titles').select(['title_id', 'obtained_at']).where('member_id', '=', memberId).execute();
      return { metrics, obtained: new Map(rows.map((r) => [Number(r.title_id), Number(r.obtained_at)])) };
    },
  };
}
