import Decimal from 'decimal.js';
import type { Kysely, Selectable } from 'kysely';
import type { ChatBanInfo } from '../../../contract/chat';
import type { CommentLike, CommentReport, CommentReportCategory, CommentRule, ExpertComment, MyComment, SubComment } from '../../../contract/experts';
import { readExchangeRates } from '../betting/exchangeRates';
import type { Clock } from '../clock';
import type { Database, ExpertCommentsTable } from '../db/schema';
import { fill, text, type Lang, type Text } from '../feed/i18n';
import { convert, fromMinor, isCurrency, MINOR_PER_UNIT, toMinor } from '../money';
import { ExpertRefusal, type Page, type PageInput } from './messages';

/**
 * Comments on expert messages: a comment, or a reply (parentId) filed one level under the comment it answers, likes
 * (once per member: the primary key holds) and reports with categories (once per member and comment). The comment
 * rule (spec 001 section 5: the recharge limit, the VIP limit and the ban; texts from the server) is checked here, on
 * the platform, before anything is written. What counts as recharged: the credits of kind opening_balance and
 * adjustment to the member's money wallets (not coins), in CNY at the stored rates; the ban is the chat's
 * platform-wide mute (room 0), so one mute silences a member across the social features.
 */

export interface CommentRuleConfig {
  /** Deposits needed to comment, CNY with 2 decimals. */
  rechargeLimit: string;
  /** VIP level needed (0-10). */
  vipLimit: number;
}

export const DEFAULT_COMMENT_RULE: CommentRuleConfig = { rechargeLimit: '100.00', vipLimit: 0 };

const TEXTS = {
  recharge: text(
    '累计充值满 {limit} 元才能评论（当前 {current} 元）',
    '累計充值滿 {limit} 元才能評論（當前 {current} 元）',
    'Deposit at least {limit} CNY in total to comment (so far: {current} CNY)',
    'Cần nạp tổng cộng ít nhất {limit} CNY để bình luận (hiện tại: {current} CNY)',
    'ต้องฝากรวมอย่างน้อย {limit} CNY จึงจะแสดงความคิดเห็นได้ (ตอนนี้: {current} CNY)',
  ),
  vip: text(
    '达到 VIP{limit} 才能评论（当前 VIP{current}）',
    '達到 VIP{limit} 才能評論（當前 VIP{current}）',
    'Reach VIP {limit} to comment (you are VIP {current})',
    'Cần đạt VIP {limit} để bình luận (hiện tại VIP {current})',
    'ต้องถึง VIP {limit} จึงจะแสดงความคิดเห็นได้ (ตอนนี้ VIP {current})',
  ),
  ban: text(
    '您已被禁言至 {until}（UTC）：{reason}',
    '您已被禁言至 {until}（UTC）：{reason}',
    'You are muted until {until} UTC: {reason}',
    'Bạn bị cấm chat đến {until} UTC: {reason}',
    'คุณถูกห้ามแชทจนถึง {until} UTC: {reason}',
  ),
  signIn: text('登录后才能评论', '登入後才能評論', 'Sign in to comment', 'Đăng nhập để bình luận', 'เข้าสู่ระบบเพื่อแสดงความคิดเห็น'),
} satisfies Record<string, Text>;

/** Report categories of comments (ids are stable; names in the request language). */
export const COMMENT_REPORT_CATEGORIES: ReadonlyArray<{ id: number; name: Text }> = [
  { id: 1, name: text('广告或垃圾信息', '廣告或垃圾訊息', 'Advertising or spam', 'Quảng cáo hoặc spam', 'โฆษณาหรือสแปม') },
  { id: 2, name: text('辱骂或人身攻击', '辱罵或人身攻擊', 'Abuse or personal attack', 'Lăng mạ hoặc công kích cá nhân', 'ด่าทอหรือโจมตีบุคคล') },
  { id: 3, name: text('诈骗或虚假信息', '詐騙或虛假訊息', 'Fraud or false information', 'Lừa đảo hoặc thông tin sai', 'หลอกลวงหรือข้อมูลเท็จ') },
  { id: 4, name: text('色情或违法内容', '色情或違法內容', 'Sexual or illegal content', 'Nội dung khiêu dâm hoặc phạm pháp', 'เนื้อหาลามกหรือผิดกฎหมาย') },
  { id: 5, name: text('其他', '其他', 'Other', 'Khác', 'อื่น ๆ') },
];

/** Replies shown under a comment at most (the newest are dropped beyond it; the count still says how many). */
export const MAX_SUB_COMMENTS = 50;

/** "demo" -> "de**o": other members see who wrote, not the login name. */
export function maskUsername(username: string): string {
  const chars = Array.from(username);
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return `${chars.slice(0, 2).join('')}**${chars[chars.length - 1]}`;
}

function utc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

type CommentRow = Selectable<ExpertCommentsTable>;

export interface ExpertComments {
  rule(memberId: number | null, lang: Lang): Promise<CommentRule>;
  publish(memberId: number, input: { messageId: number; content: string; parentId: number }, lang: Lang): Promise<ExpertComment>;
  list(messageId: number, page: PageInput, memberId: number | null): Promise<Page<ExpertComment>>;
  mine(memberId: number, page: PageInput, lang: Lang): Promise<Page<MyComment>>;
  like(commentId: number, memberId: number): Promise<CommentLike>;
  categories(lang: Lang): CommentReportCategory[];
  report(memberId: number, input: { commentId: number; cateId: number; remark: string }): Promise<CommentReport>;
}

export function createExpertComments({
  db,
  clock,
  config,
  banOf,
  titleOf,
}: {
  db: Kysely<Database>;
  clock: Clock;
  config: CommentRuleConfig;
  banOf: (memberId: number) => Promise<ChatBanInfo | null>;
  /** The message's title in a language, for the member's own list. */
  titleOf: (messageIds: readonly number[], lang: Lang) => Promise<Map<number, { title: string; professorId: number }>>;
}): ExpertComments {
  async function rechargedMinor(memberId: number): Promise<number> {
    const rows = await db
      .selectFrom('ledger')
      .select(['asset', db.fn.sum<number>('amount_minor').as('total')])
      .where('member_id', '=', memberId)
      .where('kind', 'in', ['opening_balance', 'adjustment'])
      .where('amount_minor', '>', 0)
      .groupBy('asset')
      .execute();
    const rates = await readExchangeRates(db);
    let cny = new Decimal(0);
    for (const r of rows) {
      if (!isCurrency(r.asset) || rates[r.asset] === undefined) continue;
      cny = cny.plus(convert(new Decimal(Number(r.total)).dividedBy(MINOR_PER_UNIT), rates[r.asset]!, rates.CNY ?? '1'));
    }
    return toMinor(cny.toDecimalPlaces(2, Decimal.ROUND_DOWN));
  }

  async function rule(memberId: number | null, lang: Lang): Promise<CommentRule> {
    const limitMinor = toMinor(config.rechargeLimit);
    if (memberId === null) {
      return {
        isAvailable: false,
        rechargeLimitRule: { rechargeCurrentVal: '0.00', rechargeLimitIsAccord: limitMinor === 0, rechargeLimitText: TEXTS.signIn[lang], rechargeLimitVal: fromMinor(limitMinor) },
        vipCurrentVal: 0,
        vipLimitIsAccord: config.vipLimit === 0,
        vipLimitText: config.vipLimit === 0 ? '' : TEXTS.signIn[lang],
        vipLimitVal: config.vipLimit,
        isBan: false,
        banText: '',
      };
    }
    const member = await db.selectFrom('members').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow();
    const [recharged, ban] = await Promise.all([rechargedMinor(memberId), banOf(memberId)]);
    const rechargeOk = recharged >= limitMinor;
    const vipOk = member.vip_level >= config.vipLimit;
    return {
      isAvailable: rechargeOk && vipOk && ban === null,
      rechargeLimitRule: {
        rechargeCurrentVal: fromMinor(recharged),
        rechargeLimitIsAccord: rechargeOk,
        rechargeLimitText: rechargeOk ? '' : fill(TEXTS.recharge, { limit: fromMinor(limitMinor), current: fromMinor(recharged) })[lang],
        rechargeLimitVal: fromMinor(limitMinor),
      },
      vipCurrentVal: member.vip_level,
      vipLimitIsAccord: vipOk,
      vipLimitText: vipOk ? '' : fill(TEXTS.vip, { limit: config.vipLimit, current: member.vip_level })[lang],
      vipLimitVal: config.vipLimit,
      isBan: ban !== null,
      banText: ban ? fill(TEXTS.ban, { until: utc(ban.until), reason: ban.reason })[lang] : '',
    };
  }

  async function authors(rows: readonly CommentRow[]) {
    const ids = [...new Set(rows.map((r) => Number(r.member_id)))];
    if (ids.length === 0) return new Map<number, { nickname: string; username: string }>();
    const members = await db.selectFrom('members').select(['id', 'nickname', 'username']).where('id', 'in', ids).execute();
    return new Map(members.map((m) => [Number(m.id), { nickname: m.nickname, username: maskUsername(m.username) }]));
  }

  async function likedBy(memberId: number | null, rows: readonly CommentRow[]): Promise<Set<number>> {
    if (memberId === null || rows.length === 0) return new Set();
    const liked = await db.selectFrom('expert_comment_likes').select('comment_id').where('member_id', '=', memberId).where('comment_id', 'in', rows.map((r) => r.id)).execute();
    return new Set(liked.map((l) => Number(l.comment_id)));
  }

  function fields(row: CommentRow, who: Map<number, { nickname: string; username: string }>, liked: Set<number>) {
    const author = who.get(Number(row.member_id)) ?? { nickname: '', username: '' };
    return {
      id: Number(row.id),
      messageId: Number(row.message_id),
      parentId: Number(row.parent_id),
      uid: Number(row.member_id),
      nickName: author.nickname,
      username: author.username,
      content: row.content,
      likeCount: row.like_count,
      isLiked: liked.has(Number(row.id)) ? (1 as const) : (0 as const),
      createdAt: Number(row.created_at),
    };
  }

  async function withReplies(tops: readonly CommentRow[], memberId: number | null): Promise<ExpertComment[]> {
    const replies = tops.length === 0 ? [] : await db.selectFrom('expert_comments').selectAll().where('parent_id', 'in', tops.map((t) => t.id)).orderBy('id').execute();
    const all = [...tops, ...replies];
    const byId = new Map(all.map((r) => [Number(r.id), r]));
    // A reply to a reply names whom it answers; that reply is under the same comment, so it is in `all`.
    const [who, liked] = await Promise.all([authors(all), likedBy(memberId, all)]);
    return tops.map((top) => {
      const subComments: SubComment[] = replies
        .filter((r) => Number(r.parent_id) === Number(top.id))
        .slice(0, MAX_SUB_COMMENTS)
        .map((r) => {
          const to = r.reply_to_id === null ? undefined : byId.get(Number(r.reply_to_id));
          return { ...fields(r, who, liked), replyToNickName: to ? (who.get(Number(to.member_id))?.nickname ?? null) : null };
        });
      return { ...fields(top, who, liked), subComments };
    });
  }

  async function commentRow(id: number, field: string): Promise<CommentRow> {
    const row = await db.selectFrom('expert_comments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ExpertRefusal(404, 'notFound', `${field}: no comment ${id}`);
    return row;
  }

  return {
    rule,

    async publish(memberId, { messageId, content, parentId }, lang) {
      const message = await db.selectFrom('expert_messages').select('id').where('id', '=', messageId).executeTakeFirst();
      if (!message) throw new ExpertRefusal(404, 'notFound', `messageId: no message ${messageId}`);
      const verdict = await rule(memberId, lang);
      if (!verdict.isAvailable) {
        const why = verdict.banText || verdict.vipLimitText || verdict.rechargeLimitRule.rechargeLimitText;
        throw new CommentNotAllowed(why);
      }
      let parent = 0;
      let replyTo: number | null = null;
      if (parentId > 0) {
        const target = await commentRow(parentId, 'parentId');
        if (Number(target.message_id) !== messageId) throw new ExpertRefusal(404, 'notFound', `parentId: comment ${parentId} is not on message ${messageId}`);
        // Replies are one level deep: a reply to a reply goes under the same comment and names whom it answers.
        parent = Number(target.parent_id) === 0 ? Number(target.id) : Number(target.parent_id);
        replyTo = Number(target.parent_id) === 0 ? null : Number(target.id);
      }
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('expert_comments')
          .values({ message_id: messageId, member_id: memberId, parent_id: parent, reply_to_id: replyTo, content: content.trim(), created_at: clock.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('expert_messages').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', messageId).execute();
        return Number(row.id);
      });
      const row = await commentRow(id, 'id');
      const [who, liked] = [await authors([row]), new Set<number>()];
      return { ...fields(row, who, liked), subComments: [] };
    },

    async list(messageId, page, memberId) {
      const message = await db.selectFrom('expert_messages').select('id').where('id', '=', messageId).executeTakeFirst();
      if (!message) throw new ExpertRefusal(404, 'notFound', `messageId: no message ${messageId}`);
      const total = Number(
        (await db.selectFrom('expert_comments').select(db.fn.countAll<number>().as('n')).where('message_id', '=', messageId).where('parent_id', '=', 0).executeTakeFirstOrThrow()).n,
      );
      const tops = await db
        .selectFrom('expert_comments')
        .selectAll()
        .where('message_id', '=', messageId)
        .where('parent_id', '=', 0)
        .orderBy('id', 'desc')
        .limit(page.size)
        .offset((page.page - 1) * page.size)
        .execute();
      return { list: await withReplies(tops, memberId), total, pageNum: page.page, pageSize: page.size, isLastPage: page.page * page.size >= total };
    },

    async mine(memberId, page, lang) {
      const total = Number((await db.selectFrom('expert_comments').select(db.fn.countAll<number>().as('n')).where('member_id', '=', memberId).executeTakeFirstOrThrow()).n);
      const rows = await db
        .selectFrom('expert_comments')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(page.size)
        .offset((page.page - 1) * page.size)
        .execute();
      const [who, liked, titles] = await Promise.all([authors(rows), likedBy(memberId, rows), titleOf([...new Set(rows.map((r) => Number(r.message_id)))], lang)]);
      const list = rows.map((r) => {
        const about = titles.get(Number(r.message_id));
        return { ...fields(r, who, liked), sportsTitle: about?.title ?? '', professorId: about?.professorId ?? 0 };
      });
      return { list, total, pageNum: page.page, pageSize: page.size, isLastPage: page.page * page.size >= total };
    },

    async like(commentId, memberId) {
      await commentRow(commentId, 'commentId');
      const counted = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('expert_comment_likes')
          .values({ comment_id: commentId, member_id: memberId, created_at: clock.now() })
          .onConflict((oc) => oc.columns(['comment_id', 'member_id']).doNothing())
          .returning('comment_id')
          .executeTakeFirst();
        if (!inserted) return false;
        await trx.updateTable('expert_comments').set((eb) => ({ like_count: eb('like_count', '+', 1) })).where('id', '=', commentId).execute();
        return true;
      });
      const row = await commentRow(commentId, 'commentId');
      return { commentId, likeCount: row.like_count, isLiked: 1, counted };
    },

    categories: (lang) => COMMENT_REPORT_CATEGORIES.map((c) => ({ id: c.id, name: c.name[lang] })),

    async report(memberId, { commentId, cateId, remark }) {
      await commentRow(commentId, 'commentId');
      if (!COMMENT_REPORT_CATEGORIES.some((c) => c.id === cateId)) {
        throw new ExpertRefusal(404, 'notFound', `cateId: no report category ${cateId} (comment/report/cate: ${COMMENT_REPORT_CATEGORIES.map((c) => c.id).join(', ')})`);
      }
      await db
        .insertInto('expert_comment_reports')
        .values({ comment_id: commentId, member_id: memberId, cate_id: cateId, remark, created_at: clock.now() })
        .onConflict((oc) => oc.columns(['comment_id', 'member_id']).doNothing())
        .execute();
      const row = await db.selectFrom('expert_comment_reports').selectAll().where('comment_id', '=', commentId).where('member_id', '=', memberId).executeTakeFirstOrThrow();
      return { id: Number(row.id), commentId, cateId: row.cate_id, createdAt: Number(row.created_at) };
    },
  };
}

/** The comment rule refused the member; the message is the rule's own text. */
export class CommentNotAllowed extends Error {}
