import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import {
  MessageResult,
  PersonMessageState,
  type ExpertMessage,
  type ExpertMessagePage,
  type ExpertPage,
  type ExpertPerson,
  type MessageBuy,
  type MessageMatch,
  type MessagePick,
} from '../../../contract/experts';
import { EXPERTS_PATHS } from '../../../contract/paths';
import { InsufficientFunds, type WalletService } from '../betting/wallet';
import type { Clock } from '../clock';
import type { Database, ExpertMessagesTable, ExpertPicksTable } from '../db/schema';
import type { FeedClock } from '../feed';
import { fill, text, type Lang, type Text } from '../feed/i18n';
import { COIN, fromMinor } from '../money';
import { recordOf, tagOf, type SettledTip } from './records';
import { SPORT_LABELS, type Expert, type ExpertSport } from './roster';
import type { PickNames } from './tips';

/**
 * The read side of the experts and the paid unlock (docs/api.md "Experts, banker, banners, customer service"). What a
 * paid message says (content and picks) leaves the platform only for a member who bought it: every answer that
 * carries a message is built by toMessage, which blanks both unless the caller may read them.
 */

/** A message read by at least this many members is hot. */
export const HOT_READS = 3;

export interface PageInput {
  page: number;
  size: number;
}

/** One page of any of the experts' lists, as every paged route answers it (the contract's shape). */
export type Page<T> = ExpertPage<T>;

export function pageOf<T>(all: readonly T[], { page, size }: PageInput): Page<T> {
  const list = all.slice((page - 1) * size, page * size);
  return { list, total: all.length, pageNum: page, pageSize: size, isLastPage: page * size >= all.length };
}

/** A refusal with the field it is about; the routes answer it as 4xx. */
export class ExpertRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    readonly reason: 'notFound' | 'settled' | 'coins',
    message: string,
  ) {
    super(message);
  }
}

export interface MessageFilter {
  sportId?: number;
  matchIds?: readonly number[];
  /** 0 all, 1 own, 2 third-party. */
  source?: number;
  professorId?: number;
  state?: 1 | 2;
}

export interface ExpertMessages {
  list(filter: MessageFilter, page: PageInput, memberId: number | null, lang: Lang): Promise<ExpertMessagePage>;
  /** A message; a member's first look counts as a read. */
  detail(id: number, memberId: number | null, lang: Lang): Promise<ExpertMessage>;
  buy(id: number, memberId: number, lang: Lang): Promise<MessageBuy>;
  person(id: number, memberId: number | null, lang: Lang): Promise<ExpertPerson>;
  persons(kind: 'all' | 'god' | 'attention', page: PageInput, memberId: number | null, lang: Lang): Promise<Page<ExpertPerson>>;
  /** Follows (true) or unfollows an expert; idempotent. */
  attend(professorId: number, memberId: number, follow: boolean): Promise<{ professorId: number; isAttention: 0 | 1; subscribed: number }>;
  expert(id: number): Expert | undefined;
  /** Titles and experts of messages (a member's comment list names what each comment is on). */
  titles(ids: readonly number[], lang: Lang): Promise<Map<number, { title: string; professorId: number }>>;
}

type MessageRow = Selectable<ExpertMessagesTable>;

const TITLE_SINGLE = text('{league}：{home} vs {away}', '{league}：{home} vs {away}', '{league}: {home} vs {away}', '{league}: {home} vs {away}', '{league}: {home} vs {away}');
const TITLE_PARLAY = text('二串一：{a} + {b}', '二串一：{a} + {b}', 'Parlay: {a} + {b}', 'Xiên 2: {a} + {b}', 'สเต็ป 2: {a} + {b}');
const VERSUS = text('{home} vs {away}', '{home} vs {away}', '{home} vs {away}', '{home} vs {away}', '{home} vs {away}');
const INFO = text('{sport} · {league}', '{sport} · {league}', '{sport} · {league}', '{sport} · {league}', '{sport} · {league}');

export function avatarUrl(id: number): string {
  return EXPERTS_PATHS.avatar.replace(':file', `${id}.svg`);
}

export function createExpertMessages({ db, clock, feed, wallet, roster }: { db: Kysely<Database>; clock: Clock; feed: FeedClock; wallet: WalletService; roster: readonly Expert[] }): ExpertMessages {
  const experts = new Map(roster.map((e) => [e.id, e]));

  async function picksOf(ids: readonly number[]) {
    const out = new Map<number, Array<Selectable<ExpertPicksTable>>>();
    if (ids.length === 0) return out;
    const rows = await db.selectFrom('expert_picks').selectAll().where('message_id', 'in', ids).orderBy('message_id').orderBy('seq').execute();
    for (const r of rows) {
      const list = out.get(Number(r.message_id)) ?? [];
      list.push(r);
      out.set(Number(r.message_id), list);
    }
    return out;
  }

  async function memberState(memberId: number | null, ids: readonly number[]) {
    if (memberId === null) return { bought: new Map<number, number>(), follows: new Set<number>() };
    const bought = ids.length === 0 ? [] : await db.selectFrom('expert_purchases').select(['message_id', 'paid_at']).where('member_id', '=', memberId).where('message_id', 'in', ids).execute();
    const follows = await db.selectFrom('expert_follows').select('professor_id').where('member_id', '=', memberId).execute();
    return { bought: new Map(bought.map((b) => [Number(b.message_id), Number(b.paid_at)])), follows: new Set(follows.map((f) => Number(f.professor_id))) };
  }

  async function toMessages(rows: readonly MessageRow[], memberId: number | null, lang: Lang): Promise<ExpertMessage[]> {
    const ids = rows.map((r) => Number(r.id));
    const picks = await picksOf(ids);
    const { bought, follows } = await memberState(memberId, ids);
    return rows.map((row) => {
      const id = Number(row.id);
      const expert = experts.get(row.professor_id);
      const mine = picks.get(id) ?? [];
      const names = mine.map((p) => JSON.parse(p.names_json) as PickNames);
      const price = Number(row.gold_price_minor);
      const payTime = bought.get(id) ?? null;
      const canRead = price === 0 || payTime !== null;
      const matches: MessageMatch[] = mine.map((p, i) => ({
        matchId: Number(p.match_id),
        sportsId: p.sport_id,
        leagueName: names[i]!.league[lang],
        homeName: names[i]!.home[lang],
        awayName: names[i]!.away[lang],
        beginTime: Number(p.begin_time),
        homeScore: p.home_score,
        awayScore: p.away_score,
      }));
      const versus = names.map((n) => fill(VERSUS, n));
      const title: Text = names.length > 1 ? fill(TITLE_PARLAY, { a: versus[0]!, b: versus[1]! }) : fill(TITLE_SINGLE, names[0]!);
      const leagues = [...new Set(names.map((n) => n.league[lang]))].join(' / ');
      const picksOut: MessagePick[] = mine.map((p, i) => ({
        matchId: Number(p.match_id),
        sportId: p.sport_id,
        marketId: Number(p.market_id),
        optionType: p.option_type,
        play: names[i]!.play[lang],
        selection: names[i]!.selection[lang],
        odds: p.odds,
      }));
      return {
        id,
        professorId: row.professor_id,
        professorName: expert?.name ?? '',
        professorProfile: avatarUrl(row.professor_id),
        sportsTitle: title[lang],
        sportsInfo: fill(INFO, { sport: SPORT_LABELS[row.sport_id as ExpertSport] ?? '', league: leagues })[lang],
        sportsPlay: [...new Set(names.map((n) => n.play[lang]))].join(' / '),
        tag: (JSON.parse(row.tag_json) as Text)[lang],
        bettingType: row.betting_type as 1 | 2,
        messageMatchList: matches,
        publishTime: Number(row.publish_time),
        isHot: row.read_count >= HOT_READS ? 1 : 0,
        readCount: row.read_count,
        commentCount: row.comment_count,
        result: row.result as 0 | 1 | 2 | 3,
        yieldRate: row.result === MessageResult.Pending ? null : row.yield_rate,
        isAttention: follows.has(row.professor_id) ? 1 : 0,
        isBuy: price > 0 && payTime !== null ? 1 : 0,
        payTime: price > 0 ? payTime : null,
        isTripartite: row.is_tripartite === 1 ? 1 : 0,
        goldPrice: fromMinor(price),
        openBackGold: row.open_back_gold === 1 ? 1 : 0,
        returnGoldPercentage: row.return_percent,
        canRead,
        content: canRead ? (JSON.parse(row.content_json) as Text)[lang] : null,
        picks: canRead ? picksOut : null,
      };
    });
  }

  function filtered(filter: MessageFilter) {
    let q = db.selectFrom('expert_messages') as SelectQueryBuilder<Database, 'expert_messages', object>;
    if (filter.sportId) q = q.where('sport_id', '=', filter.sportId);
    if (filter.source === 1) q = q.where('is_tripartite', '=', 0);
    if (filter.source === 2) q = q.where('is_tripartite', '=', 1);
    if (filter.professorId !== undefined) q = q.where('professor_id', '=', filter.professorId);
    if (filter.state === PersonMessageState.Now) q = q.where('result', '=', MessageResult.Pending);
    if (filter.state === PersonMessageState.History) q = q.where('result', '!=', MessageResult.Pending);
    if (filter.matchIds && filter.matchIds.length > 0) {
      const matchIds = filter.matchIds;
      q = q.where('id', 'in', (eb) => eb.selectFrom('expert_picks').select('message_id').where('match_id', 'in', matchIds));
    }
    return q;
  }

  async function messageRow(id: number): Promise<MessageRow> {
    const row = await db.selectFrom('expert_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ExpertRefusal(404, 'notFound', `messageId: no message ${id}`);
    return row;
  }

  async function records(now: number) {
    const rows = await db
      .selectFrom('expert_messages')
      .select(['professor_id', 'result', 'yield_rate', 'settled_at'])
      .where('result', 'in', [MessageResult.Hit, MessageResult.Miss])
      .orderBy('settled_at')
      .orderBy('id')
      .execute();
    const tips = new Map<number, SettledTip[]>();
    for (const r of rows) {
      const list = tips.get(r.professor_id) ?? [];
      list.push({ result: r.result, yieldRate: r.yield_rate ?? '0', settledAt: Number(r.settled_at) });
      tips.set(r.professor_id, list);
    }
    return new Map(roster.map((e) => [e.id, recordOf(tips.get(e.id) ?? [], now)]));
  }

  async function countsBy(table: 'expert_follows' | 'pending' | 'ordered') {
    const rows =
      table === 'expert_follows'
        ? await db.selectFrom('expert_follows').select(['professor_id', db.fn.countAll<number>().as('n')]).groupBy('professor_id').execute()
        : table === 'pending'
          ? await db.selectFrom('expert_messages').select(['professor_id', db.fn.countAll<number>().as('n')]).where('result', '=', MessageResult.Pending).groupBy('professor_id').execute()
          : await db
              .selectFrom('expert_purchases')
              .innerJoin('expert_messages', 'expert_messages.id', 'expert_purchases.message_id')
              .select(['expert_messages.professor_id', db.fn.countAll<number>().as('n')])
              .groupBy('expert_messages.professor_id')
              .execute();
    return new Map(rows.map((r) => [Number(r.professor_id), Number(r.n)]));
  }

  async function allPersons(memberId: number | null, lang: Lang): Promise<ExpertPerson[]> {
    const [recs, followers, pending, ordered] = await Promise.all([records(feed.now()), countsBy('expert_follows'), countsBy('pending'), countsBy('ordered')]);
    const mine = memberId === null ? new Set<number>() : new Set((await db.selectFrom('expert_follows').select('professor_id').where('member_id', '=', memberId).execute()).map((r) => Number(r.professor_id)));
    return roster.map((e) => {
      const record = recs.get(e.id)!;
      return {
        id: e.id,
        name: e.name,
        tag: tagOf(record)[lang],
        profile: avatarUrl(e.id),
        introduction: e.introduction[lang],
        ...record,
        ordered: ordered.get(e.id) ?? 0,
        subscribed: e.audience + (followers.get(e.id) ?? 0),
        isAttention: mine.has(e.id) ? 1 : 0,
        isTripartite: e.tripartite ? 1 : 0,
        nowCount: pending.get(e.id) ?? 0,
      };
    });
  }

  const asNumber = (value: string) => Number(value);

  return {
    expert: (id) => experts.get(id),

    async titles(ids, lang) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('expert_messages').selectAll().where('id', 'in', ids).execute();
      const views = await toMessages(rows, null, lang);
      return new Map(views.map((m) => [m.id, { title: m.sportsTitle, professorId: m.professorId }]));
    },

    async list(filter, page, memberId, lang) {
      const total = Number((await filtered(filter).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await filtered(filter)
        .selectAll()
        .orderBy('publish_time', 'desc')
        .orderBy('id', 'desc')
        .limit(page.size)
        .offset((page.page - 1) * page.size)
        .execute();
      return { list: await toMessages(rows as MessageRow[], memberId, lang), total, pageNum: page.page, pageSize: page.size, isLastPage: page.page * page.size >= total };
    },

    async detail(id, memberId, lang) {
      await messageRow(id);
      if (memberId !== null) {
        await db.transaction().execute(async (trx) => {
          const first = await trx
            .insertInto('expert_message_reads')
            .values({ message_id: id, member_id: memberId, read_at: clock.now() })
            .onConflict((oc) => oc.columns(['message_id', 'member_id']).doNothing())
            .returning('message_id')
            .executeTakeFirst();
          if (first) {
            await trx.updateTable('expert_messages').set((eb) => ({ read_count: eb('read_count', '+', 1) })).where('id', '=', id).execute();
          }
        });
      }
      return (await toMessages([await messageRow(id)], memberId, lang))[0]!;
    },

    async buy(id, memberId, lang) {
      const row = await messageRow(id);
      const price = Number(row.gold_price_minor);
      let charged = false;
      const owned = price > 0 && (await db.selectFrom('expert_purchases').select('id').where('message_id', '=', id).where('member_id', '=', memberId).executeTakeFirst()) !== undefined;
      if (price > 0 && !owned) {
        // A buyer asking again after settlement is a repeat (charged false); only a new buyer is refused.
        if (row.result !== MessageResult.Pending) throw new ExpertRefusal(409, 'settled', `messageId: message ${id} is settled; it can no longer be bought`);
        try {
          charged = await db.transaction().execute(async (trx) => {
            // Still open, checked under the row's write lock: a settlement running now either waits for this purchase
            // (and refunds it if the tip missed) or has settled first, and then nothing is charged.
            const open = await trx.updateTable('expert_messages').set({ result: MessageResult.Pending }).where('id', '=', id).where('result', '=', MessageResult.Pending).executeTakeFirst();
            if (Number(open.numUpdatedRows) !== 1) throw new ExpertRefusal(409, 'settled', `messageId: message ${id} is settled; it can no longer be bought`);
            // The unique (message, member) index lets one purchase in, however many requests race; the rest charge nothing.
            const purchase = await trx
              .insertInto('expert_purchases')
              .values({ message_id: id, member_id: memberId, price_minor: price, paid_at: clock.now() })
              .onConflict((oc) => oc.columns(['message_id', 'member_id']).doNothing())
              .returning('id')
              .executeTakeFirst();
            if (!purchase) return false;
            await wallet.debit(trx, { memberId, asset: COIN, amountMinor: price, kind: 'expert_message', refType: 'expert_purchase', refId: String(purchase.id) });
            return true;
          });
        } catch (error) {
          if (error instanceof InsufficientFunds) {
            throw new ExpertRefusal(422, 'coins', `messageId: message ${id} costs ${fromMinor(price)} coins; your balance is ${fromMinor(error.balanceMinor)}`);
          }
          throw error;
        }
      }
      const message = (await toMessages([await messageRow(id)], memberId, lang))[0]!;
      return { message, charged, coinBalance: fromMinor(await wallet.getBalance(memberId, COIN)) };
    },

    async person(id, memberId, lang) {
      const person = (await allPersons(memberId, lang)).find((p) => p.id === id);
      if (!person) throw new ExpertRefusal(404, 'notFound', `id: no expert ${id}`);
      return person;
    },

    async persons(kind, page, memberId, lang) {
      const all = await allPersons(memberId, lang);
      if (kind === 'all') {
        // Experts with messages to read now first, then by hit rate; the roster's order breaks ties.
        const sorted = [...all].sort((a, b) => Number(b.nowCount > 0) - Number(a.nowCount > 0) || asNumber(b.hitPercents) - asNumber(a.hitPercents) || a.id - b.id);
        return pageOf(sorted, page);
      }
      if (kind === 'god') {
        const ranked = all
          .filter((p) => p.sportsSession > 0)
          .sort((a, b) => b.tenWin - a.tenWin || asNumber(b.hitPercents) - asNumber(a.hitPercents) || asNumber(b.weekRateReturn) - asNumber(a.weekRateReturn) || a.id - b.id);
        return pageOf(ranked, page);
      }
      if (memberId === null) return pageOf([], page);
      const follows = await db.selectFrom('expert_follows').select('professor_id').where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('professor_id').execute();
      const byId = new Map(all.map((p) => [p.id, p]));
      return pageOf(follows.flatMap((f) => byId.get(Number(f.professor_id)) ?? []), page);
    },

    async attend(professorId, memberId, follow) {
      if (!experts.has(professorId)) throw new ExpertRefusal(404, 'notFound', `professorId: no expert ${professorId}`);
      if (follow) {
        await db
          .insertInto('expert_follows')
          .values({ member_id: memberId, professor_id: professorId, created_at: clock.now() })
          .onConflict((oc) => oc.columns(['member_id', 'professor_id']).doNothing())
          .execute();
      } else {
        await db.deleteFrom('expert_follows').where('member_id', '=', memberId).where('professor_id', '=', professorId).execute();
      }
      const n = await db.selectFrom('expert_follows').select(db.fn.countAll<number>().as('n')).where('professor_id', '=', professorId).executeTakeFirstOrThrow();
      return { professorId, isAttention: follow ? 1 : 0, subscribed: experts.get(professorId)!.audience + Number(n.n) };
    },
  };
}
