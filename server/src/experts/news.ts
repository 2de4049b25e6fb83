import type { Kysely, Transaction } from 'kysely';
import { ServiceNewsKind, type ServiceNews, type ServiceNewsItem } from '../../../contract/experts';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { fill, text, type Lang, type Text } from '../feed/i18n';
import { fromMinor } from '../money';

/**
 * The customer-service news (the spec's hasNews and showMessageBubble; the call is not shown, docs/api.md has the
 * chosen routes): platform notices to everyone (member_id 0; an unread one is the banner area's hasNotice) and
 * messages to one member, written by what happens to them (a refund of a missed expert message). Items store a key and
 * parameters, not text, so each reader gets them in their language. Read state is per member; the bubble shows while
 * an unread item is newer than the member's last close of it.
 */

type Executor = Kysely<Database> | Transaction<Database>;

interface NewsText {
  title: Text;
  content: Text;
}

const NOTICES: Readonly<Record<string, NewsText>> = {
  'notice:experts': {
    title: text('专家推荐上线', '專家推薦上線', 'Expert tips are here', 'Nhận định chuyên gia đã ra mắt', 'ทีเด็ดจากผู้เชี่ยวชาญมาแล้ว'),
    content: text(
      '关注专家，查看他们对即将开赛比赛的推荐。付费推荐用金币解锁；标有“不中返”的推荐未命中时，结算时按比例返还金币。',
      '關注專家，查看他們對即將開賽比賽的推薦。付費推薦用金幣解鎖；標有「不中返」的推薦未命中時，結算時按比例返還金幣。',
      'Follow experts and read their tips on upcoming matches. Paid tips unlock with coins; a tip marked with a refund returns part of the coins at settlement when it misses.',
      'Theo dõi chuyên gia và xem nhận định của họ cho các trận sắp diễn ra. Nhận định trả phí mở khóa bằng xu; nhận định có hoàn xu sẽ trả lại một phần xu khi trượt.',
      'ติดตามผู้เชี่ยวชาญและอ่านทีเด็ดของแมตช์ที่กำลังจะแข่ง ทีเด็ดแบบเสียเงินปลดล็อกด้วยเหรียญ ทีเด็ดที่มีคืนเหรียญจะคืนบางส่วนเมื่อไม่ถูก',
    ),
  },
};

const REFUND: NewsText = {
  title: text('推荐未中，金币已返还', '推薦未中，金幣已返還', 'Tip missed: coins returned', 'Nhận định trượt: đã hoàn xu', 'ทีเด็ดไม่ถูก: คืนเหรียญแล้ว'),
  content: text(
    '您购买的推荐 #{messageId} 未命中，已按 {percent}% 返还 {amount} 金币。',
    '您購買的推薦 #{messageId} 未命中，已按 {percent}% 返還 {amount} 金幣。',
    'The tip #{messageId} you bought missed: {amount} coins ({percent}% of the price) are back in your balance.',
    'Nhận định #{messageId} bạn đã mua bị trượt: đã hoàn {amount} xu ({percent}% giá).',
    'ทีเด็ด #{messageId} ที่คุณซื้อไม่ถูก คืน {amount} เหรียญ ({percent}% ของราคา) แล้ว',
  ),
};

function textOf(key: string, params: Record<string, string | number>): NewsText {
  if (key.startsWith('refund:')) return { title: REFUND.title, content: fill(REFUND.content, params) };
  return NOTICES[key] ?? { title: text('', '', '', '', ''), content: text('', '', '', '', '') };
}

export interface RefundNews {
  purchaseId: number;
  messageId: number;
  refundMinor: number;
  percent: number;
}

export interface ServiceNewsStore {
  /** The platform's notices exist (once each): called at start. */
  ensureNotices(): Promise<void>;
  /** A message to a buyer whose missed message was partly refunded, in the refund's transaction. */
  notifyRefund(trx: Transaction<Database>, memberId: number, refund: RefundNews): Promise<void>;
  /** The news of a member (null: a visitor, who gets the notices and no read state), newest first. */
  news(memberId: number | null, lang: Lang): Promise<ServiceNews>;
  /** Marks one item (it must be the member's or a notice) or all read; false when the id is not the member's. */
  read(memberId: number, id: number | 'all'): Promise<boolean>;
  closeBubble(memberId: number): Promise<void>;
}

/** Items a member sees, newest first. */
const LIMIT = 50;

/** Times are the platform clock's (not the feed's, which may run faster), so closing the bubble compares like with like. */
export function createServiceNews(db: Kysely<Database>, clock: Clock): ServiceNewsStore {
  const visible = (executor: Executor, memberId: number | null) =>
    executor
      .selectFrom('service_news')
      .selectAll()
      .where((eb) => (memberId === null ? eb('member_id', '=', 0) : eb.or([eb('member_id', '=', 0), eb('member_id', '=', memberId)])))
      .orderBy('publish_time', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT);

  return {
    async ensureNotices() {
      const now = clock.now();
      for (const key of Object.keys(NOTICES)) {
        await db
          .insertInto('service_news')
          .values({ member_id: 0, kind: ServiceNewsKind.Notice, news_key: key, params_json: '{}', publish_time: now })
          .onConflict((oc) => oc.columns(['member_id', 'news_key']).doNothing())
          .execute();
      }
    },

    async notifyRefund(trx, memberId, refund) {
      const now = clock.now();
      const params = { messageId: refund.messageId, percent: refund.percent, amount: fromMinor(refund.refundMinor) };
      await trx
        .insertInto('service_news')
        .values({ member_id: memberId, kind: ServiceNewsKind.Message, news_key: `refund:${refund.purchaseId}`, params_json: JSON.stringify(params), publish_time: now })
        .onConflict((oc) => oc.columns(['member_id', 'news_key']).doNothing())
        .execute();
    },

    async news(memberId, lang) {
      const rows = await visible(db, memberId).execute();
      const read =
        memberId === null || rows.length === 0
          ? new Set<number>()
          : new Set(
              (await db.selectFrom('service_news_reads').select('news_id').where('member_id', '=', memberId).where('news_id', 'in', rows.map((r) => r.id)).execute()).map((r) =>
                Number(r.news_id),
              ),
            );
      const closedAt =
        memberId === null ? Number.POSITIVE_INFINITY : Number((await db.selectFrom('service_news_bubbles').select('closed_at').where('member_id', '=', memberId).executeTakeFirst())?.closed_at ?? -1);
      const list: ServiceNewsItem[] = rows.map((r) => {
        const t = textOf(r.news_key, JSON.parse(r.params_json) as Record<string, string | number>);
        return {
          id: Number(r.id),
          kind: r.kind as 1 | 2,
          title: t.title[lang],
          content: t.content[lang],
          publishTime: Number(r.publish_time),
          isRead: read.has(Number(r.id)) ? 1 : 0,
        };
      });
      const unread = memberId === null ? [] : list.filter((i) => i.isRead === 0);
      return {
        hasNews: unread.length > 0,
        showMessageBubble: unread.some((i) => i.publishTime > closedAt),
        hasNotice: memberId === null ? list.some((i) => i.kind === ServiceNewsKind.Notice) : unread.some((i) => i.kind === ServiceNewsKind.Notice),
        unreadCount: unread.length,
        list,
      };
    },

    async read(memberId, id) {
      const now = clock.now();
      const ids =
        id === 'all'
          ? (await visible(db, memberId).select('id').execute()).map((r) => Number(r.id))
          : (await db.selectFrom('service_news').select('id').where('id', '=', id).where('member_id', 'in', [0, memberId]).execute()).map((r) => Number(r.id));
      if (id !== 'all' && ids.length === 0) return false;
      if (ids.length === 0) return true;
      await db
        .insertInto('service_news_reads')
        .values(ids.map((newsId) => ({ news_id: newsId, member_id: memberId, read_at: now })))
        .onConflict((oc) => oc.columns(['news_id', 'member_id']).doNothing())
        .execute();
      return true;
    },

    async closeBubble(memberId) {
      const now = clock.now();
      await db
        .insertInto('service_news_bubbles')
        .values({ member_id: memberId, closed_at: now })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ closed_at: now }))
        .execute();
    },
  };
}
