import Decimal from 'decimal.js';
import type { Kysely, Transaction } from 'kysely';
import { BetResult, MatchStatus } from '../../../contract/enums';
import { MessageBettingType, MessageResult } from '../../../contract/experts';
import type { WalletService } from '../betting/wallet';
import type { Database } from '../db/schema';
import type { Feed, FeedClock, FeedPrices, FeedResults, FeedViews, Fixture, Market, MatchResult, Option } from '../feed';
import { fill, text, type Text } from '../feed/i18n';
import { Rng } from '../feed/random';
import { COIN, toMinor } from '../money';
import type { ServiceNewsStore } from './news';
import { recordOf, tagOf, type SettledTip } from './records';
import { type Expert, type ExpertSport, EXPERT_SPORTS, type PlayKind } from './roster';

/**
 * Experts at work: they publish tips on the feed's upcoming matches as feed time passes, and their messages settle
 * when the matches end (docs/api.md "Experts, banker, banners, customer service").
 *
 * Publishing before kick-off: each expert looks at the football and basketball matches of the today list that start
 * within their lead time (and more than MIN_LEAD_MS from now); whether they tip a match, which play and which side are
 * drawn from the seed, the expert and the match, so the same seed gives the same tips. A side is drawn with its implied
 * probability (1 / odds), as a tipster leans to the likelier side. An expert holds at most MAX_OPEN unsettled
 * pre-match messages. The unique (expert, first match) index makes publishing twice impossible, also across restarts.
 *
 * In play: experts whose rules allow it (the roster's inPlay) tip matches of their sports in play, singles on the main
 * handicap or total line on sale (the 1X2 of a match under way prices one side near-certain late on), drawn as above
 * with their in-play activity, at most MAX_OPEN_IN_PLAY unsettled. A match a live room shows that has no program yet is
 * given one at once: the in-play expert of its sport with the fewest open in-play tips takes it (ties in an order drawn
 * from the match), whatever their cap, so every room's program tab has the match's programs.
 *
 * The past: history.ts writes, once per database, the programs the experts would have published on the matches the
 * feed played out before the platform started, by these same draws, already settled.
 *
 * Settling: a pick settles on the feed's own outcome of the market it names (the same the bet settlement uses); a
 * message settles when all its picks have. Its return on a stake of 1 is the product over the picks of odds (won),
 * (1 + odds) / 2 (half won), 1 (push, cancelled), 0.5 (half lost) or 0 (lost), minus 1: above 0 a hit, below a miss,
 * 0 void. A missed paid message with openBackGold returns returnGoldPercentage of each buyer's price, floored to the
 * cent, in the same transaction that settles it, with its ledger entry and a customer-service message to the buyer.
 */

export const MAX_OPEN = 3;
/** Unsettled in-play messages an expert holds at most (a live room's assignment aside). */
export const MAX_OPEN_IN_PLAY = 2;
/** No tip on a match about to start: the message must be readable before kick-off. */
export const MIN_LEAD_MS = 10 * 60_000;
/** A pick whose match the feed no longer knows this long after its start settles void (the result was never seen). */
export const LOST_RESULT_MS = 24 * 3_600_000;

const PLAY_KEYS: Record<PlayKind, readonly string[]> = { winner: ['1x2', 'ml'], handicap: ['ah'], total: ['ou'] };
/** The plays an expert tips in play: lines whose two sides stay priced near evens whatever the score. */
const IN_PLAY_PLAYS: ReadonlySet<PlayKind> = new Set(['handicap', 'total']);

/** The analysis of a pre-match tip. */
export const REASONS: readonly Text[] = [
  text(
    '{home}近期状态更稳，{away}客场防守漏洞明显。本场推荐：{pick}（赔率 {odds}）。',
    '{home}近期狀態更穩，{away}客場防守漏洞明顯。本場推薦：{pick}（賠率 {odds}）。',
    '{home} have been the steadier side lately and {away} leak chances away from home. The pick: {pick} at {odds}.',
    '{home} ổn định hơn gần đây, còn {away} phòng ngự lỏng lẻo khi đá sân khách. Lựa chọn: {pick} với tỷ lệ {odds}.',
    '{home} ฟอร์มนิ่งกว่าช่วงหลัง ส่วน {away} เกมรับเยือนมีช่องโหว่ ทีเด็ด: {pick} ที่ราคา {odds}',
  ),
  text(
    '盘口自开盘以来持续变动，资金明显流向一侧。综合两队交锋记录，推荐：{pick}（赔率 {odds}）。',
    '盤口自開盤以來持續變動，資金明顯流向一側。綜合兩隊交鋒記錄，推薦：{pick}（賠率 {odds}）。',
    'The line has moved since it opened, with the money going one way. With the head-to-head record in mind: {pick} at {odds}.',
    'Kèo liên tục biến động từ lúc mở, dòng tiền nghiêng hẳn về một phía. Kết hợp lịch sử đối đầu: {pick} với tỷ lệ {odds}.',
    'ราคาขยับต่อเนื่องตั้งแต่เปิด เงินไหลไปฝั่งเดียวชัดเจน ประกอบกับสถิติการพบกัน ทีเด็ด: {pick} ที่ราคา {odds}',
  ),
  text(
    '{home}与{away}阵容完整度差异是关键，节奏预计偏快。推荐：{pick}（赔率 {odds}）。',
    '{home}與{away}陣容完整度差異是關鍵，節奏預計偏快。推薦：{pick}（賠率 {odds}）。',
    'The gap in squad availability between {home} and {away} is the key, and the tempo should be high. The pick: {pick} at {odds}.',
    'Chênh lệch lực lượng giữa {home} và {away} là then chốt, nhịp độ dự kiến cao. Lựa chọn: {pick} với tỷ lệ {odds}.',
    'ความพร้อมของผู้เล่นระหว่าง {home} กับ {away} คือกุญแจ คาดว่าเกมจะเร็ว ทีเด็ด: {pick} ที่ราคา {odds}',
  ),
];

/** The analysis of an in-play tip, with the score when it was published. */
const IN_PLAY_REASONS: readonly Text[] = [
  text(
    '场上{score}，{home}控球与射门占优，盘口尚未完全反映场面。滚球推荐：{pick}（赔率 {odds}）。',
    '場上{score}，{home}控球與射門佔優，盤口尚未完全反映場面。滾球推薦：{pick}（賠率 {odds}）。',
    'At {score}, {home} have the ball and the chances, and the line has not caught up with the play. In play: {pick} at {odds}.',
    'Tỉ số {score}, {home} cầm bóng và dứt điểm nhiều hơn, kèo chưa phản ánh đúng diễn biến. Trực tiếp: {pick} với tỷ lệ {odds}.',
    'สกอร์ {score} {home} ครองบอลและยิงได้มากกว่า ราคายังไม่สะท้อนเกมในสนาม ทีเด็ดสด: {pick} ที่ราคา {odds}',
  ),
  text(
    '{score}，比赛节奏与开场预期不同，{away}体能下滑明显。滚球推荐：{pick}（赔率 {odds}）。',
    '{score}，比賽節奏與開場預期不同，{away}體能下滑明顯。滾球推薦：{pick}（賠率 {odds}）。',
    'At {score} the tempo is not what the opening prices expected, and {away} are tiring. In play: {pick} at {odds}.',
    'Tỉ số {score}, nhịp trận khác dự đoán ban đầu và {away} xuống sức rõ rệt. Trực tiếp: {pick} với tỷ lệ {odds}.',
    'สกอร์ {score} จังหวะเกมต่างจากที่ราคาเปิดคาดไว้ และ {away} เริ่มหมดแรง ทีเด็ดสด: {pick} ที่ราคา {odds}',
  ),
];

const PARLAY_JOIN = text('；', '；', ' / ', ' / ', ' / ');

export type PickNames = {
  league: Text;
  home: Text;
  away: Text;
  play: Text;
  selection: Text;
};

/** A pick's selection in words: the option's name and its line ("Over 2.5", "Redcliff -0.25"). */
function selectionOf(option: Option): Text {
  return fill(text('{name}{line}', '{name}{line}', '{name}{line}', '{name}{line}', '{name}{line}'), {
    name: option.name,
    line: option.line !== undefined && option.line !== null ? ` ${option.line}` : '',
  });
}

/** What a tip needs of its match: a fixture of the lists or a finished match's result. */
export interface TipMatch {
  matchId: number;
  sportId: number;
  beginTime: number;
  league: { name: Text };
  home: { name: Text };
  away: { name: Text } | null;
}

export interface Draft {
  fixture: TipMatch;
  market: Market;
  option: Option;
  names: PickNames;
}

/** The expert's pick on a match from its markets, or none when it offers none of `plays` on sale. */
export function draftPick(markets: readonly Market[], plays: readonly PlayKind[], fixture: TipMatch, rng: Rng): Draft | undefined {
  const onSale = markets.filter((m) => m.period === 'ft' && m.status === 1 && m.options.every((o) => !o.isLock));
  for (const play of plays) {
    // The first market of a key is its main line.
    const market = onSale.find((m) => PLAY_KEYS[play].includes(m.key));
    if (!market) continue;
    const weights = market.options.map((o) => 1 / Number(o.odd));
    const option = market.options[rng.weighted(weights)]!;
    if (!fixture.away) return undefined;
    return {
      fixture,
      market,
      option,
      names: { league: fixture.league.name, home: fixture.home.name, away: fixture.away.name, play: market.name, selection: selectionOf(option) },
    };
  }
  return undefined;
}

/** How a message is published: when, with the expert's tag then, and the analysis it draws its words from. */
export interface Publication {
  time: number;
  tag: Text;
  reasons: readonly Text[];
  /** The score when an in-play tip is published ("1-0"). */
  score?: string;
}

/** A message written already settled (history.ts): each pick's outcome and final score, and when it settled. */
export interface SettledPicks {
  outcomes: readonly number[];
  scores: ReadonlyArray<{ home: number; away: number } | null>;
  at: number;
}

/**
 * Writes a message and its picks in one transaction: paid or free and the analysis drawn from `rng` after the picks
 * (the draws publishing has always made, in that order). Answers its id, or undefined when the expert already has a
 * message led by that match (the unique index: a restart or a second instance publishing the same tip).
 */
export async function insertMessage(db: Kysely<Database>, expert: Expert, drafts: readonly Draft[], rng: Rng, publication: Publication, settled?: SettledPicks): Promise<number | undefined> {
  const paid = rng.chance(expert.paidShare);
  const priceMinor = paid ? toMinor(expert.price) : 0;
  const returnPercent = paid ? expert.returnPercent : 0;
  const picksText = drafts.map((d) => fill(text('{home} vs {away}：{selection}', '{home} vs {away}：{selection}', '{home} vs {away}: {selection}', '{home} vs {away}: {selection}', '{home} vs {away}: {selection}'), d.names));
  const pick = picksText.reduce((all, t, i) => (i === 0 ? t : fill(text('{a}{j}{b}', '{a}{j}{b}', '{a}{j}{b}', '{a}{j}{b}', '{a}{j}{b}'), { a: all, j: PARLAY_JOIN, b: t })));
  const odds = drafts.reduce((o, d) => o.times(d.option.odd), new Decimal(1)).toFixed(2, Decimal.ROUND_HALF_UP);
  const content = fill(rng.pick(publication.reasons), { home: drafts[0]!.names.home, away: drafts[0]!.names.away, pick, odds, score: publication.score ?? '' });
  const result = settled ? settlementOf(drafts.map((d, i) => ({ outcome: settled.outcomes[i]!, odds: d.option.odd }))) : undefined;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('expert_messages')
      .values({
        professor_id: expert.id,
        betting_type: drafts.length > 1 ? MessageBettingType.Parlay : MessageBettingType.Single,
        lead_match_id: drafts[0]!.fixture.matchId,
        sport_id: drafts[0]!.fixture.sportId,
        gold_price_minor: priceMinor,
        open_back_gold: returnPercent > 0 ? 1 : 0,
        return_percent: returnPercent,
        is_tripartite: expert.tripartite ? 1 : 0,
        content_json: JSON.stringify(content),
        tag_json: JSON.stringify(publication.tag),
        publish_time: publication.time,
        ...(result && settled ? { result: result.result, yield_rate: result.yieldRate, settled_at: settled.at } : {}),
      })
      .onConflict((oc) => oc.columns(['professor_id', 'lead_match_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const messageId = Number(inserted.id);
    await trx
      .insertInto('expert_picks')
      .values(
        drafts.map((d, seq) => ({
          message_id: messageId,
          seq,
          match_id: d.fixture.matchId,
          sport_id: d.fixture.sportId,
          begin_time: d.fixture.beginTime,
          names_json: JSON.stringify(d.names),
          market_id: d.market.marketId,
          market_kind: d.market.key,
          line: d.market.line ?? null,
          option_type: d.option.type,
          odds: d.option.odd,
          outcome: settled ? settled.outcomes[seq]! : null,
          home_score: settled?.scores[seq]?.home ?? null,
          away_score: settled?.scores[seq]?.away ?? null,
        })),
      )
      .execute();
    return messageId;
  });
}

export interface TipsDeps {
  db: Kysely<Database>;
  feed: Pick<Feed, 'seed'> & FeedClock & FeedViews & FeedPrices & FeedResults;
  wallet: WalletService;
  news: ServiceNewsStore;
  roster: readonly Expert[];
  /** The matches live rooms show now (rooms on the air): each gets a program. */
  roomMatches: () => readonly number[];
}

export interface Tips {
  /** One publishing pass at the feed's now; answers the ids of the messages published. */
  publish(): Promise<number[]>;
  /** Settles the picks of a match that ended (the feed's `ended` change) and the messages they complete. */
  settleMatch(result: MatchResult): Promise<void>;
  /** Settles what is due but was missed (the platform was down when a match ended): on start and now and then. */
  settleDue(): Promise<void>;
}

/** The tag of an expert now, from their settled messages: stored with each message as published. */
export async function tagNow(db: Kysely<Database>, professorId: number, now: number): Promise<Text> {
  const rows = await db
    .selectFrom('expert_messages')
    .select(['result', 'yield_rate', 'settled_at'])
    .where('professor_id', '=', professorId)
    .where('result', 'in', [MessageResult.Hit, MessageResult.Miss])
    .orderBy('settled_at')
    .orderBy('id')
    .execute();
  const tips: SettledTip[] = rows.map((r) => ({ result: r.result, yieldRate: r.yield_rate ?? '0', settledAt: Number(r.settled_at) }));
  return tagOf(recordOf(tips, now));
}

/** Return on a stake of 1 of one pick, by the feed's outcome. */
function factorOf(outcome: number, odds: string): Decimal {
  switch (outcome) {
    case BetResult.Won:
      return new Decimal(odds);
    case BetResult.WinReturn:
      return new Decimal(odds).plus(1).dividedBy(2);
    case BetResult.LoseReturn:
      return new Decimal('0.5');
    case BetResult.Lost:
      return new Decimal(0);
    default:
      return new Decimal(1);
  }
}

export function settlementOf(picks: ReadonlyArray<{ outcome: number; odds: string }>): { result: MessageResult; yieldRate: string } {
  const factor = picks.reduce((f, p) => f.times(factorOf(p.outcome, p.odds)), new Decimal(1));
  const result = factor.greaterThan(1) ? MessageResult.Hit : factor.lessThan(1) ? MessageResult.Miss : MessageResult.Void;
  return { result, yieldRate: factor.minus(1).toFixed(3, Decimal.ROUND_HALF_UP) };
}

const CALLED_OFF: ReadonlySet<number> = new Set([MatchStatus.Cancelled, MatchStatus.Postponed]);

export function createTips({ db, feed, wallet, news, roster, roomMatches }: TipsDeps): Tips {
  /** Open messages per expert, pre-match and in play apart (an in-play tip is published after its match's start). */
  async function openCounts(): Promise<{ preMatch: Map<number, number>; inPlay: Map<number, number> }> {
    const rows = await db
      .selectFrom('expert_messages')
      .innerJoin('expert_picks', 'expert_picks.message_id', 'expert_messages.id')
      .select(['expert_messages.professor_id', 'expert_messages.publish_time', 'expert_picks.begin_time'])
      .where('expert_messages.result', '=', MessageResult.Pending)
      .where('expert_picks.seq', '=', 0)
      .execute();
    const preMatch = new Map<number, number>();
    const inPlay = new Map<number, number>();
    for (const r of rows) {
      const counts = Number(r.publish_time) >= Number(r.begin_time) ? inPlay : preMatch;
      counts.set(r.professor_id, (counts.get(r.professor_id) ?? 0) + 1);
    }
    return { preMatch, inPlay };
  }

  /** Which experts tipped which of `matchIds` (any pick, settled or not), as "expert:match". */
  async function tippedOn(matchIds: readonly number[]): Promise<Set<string>> {
    if (matchIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('expert_picks')
      .innerJoin('expert_messages', 'expert_messages.id', 'expert_picks.message_id')
      .select(['expert_picks.match_id', 'expert_messages.professor_id'])
      .where('expert_picks.match_id', 'in', [...matchIds])
      .execute();
    return new Set(rows.map((r) => `${Number(r.professor_id)}:${Number(r.match_id)}`));
  }

  async function publishPreMatch(now: number, open: Map<number, number>): Promise<number[]> {
    const sports = new Set<number>(EXPERT_SPORTS);
    const candidates = feed
      .fixtures('today')
      .filter((f) => sports.has(f.sportId) && !f.inPlay && !f.isOutright && f.away !== null && f.beginTime - now > MIN_LEAD_MS)
      .sort((a, b) => a.beginTime - b.beginTime || a.matchId - b.matchId);
    if (candidates.length === 0) return [];
    const tipped = await tippedOn(candidates.map((c) => c.matchId));
    const published: number[] = [];
    for (const expert of roster) {
      let count = open.get(expert.id) ?? 0;
      const mine = candidates.filter((f) => (expert.sports as readonly number[]).includes(f.sportId as ExpertSport));
      for (let i = 0; i < mine.length && count < MAX_OPEN; i++) {
        const fixture = mine[i]!;
        if (tipped.has(`${expert.id}:${fixture.matchId}`)) continue;
        const rng = Rng.of(feed.seed, 'tip', expert.id, fixture.matchId);
        if (!rng.chance(expert.activity)) continue;
        // The expert's lead time for this match: tips arrive over the hours before kick-off, not all at once.
        if (fixture.beginTime - now > rng.range(1, expert.leadHours) * 3_600_000) continue;
        const first = draftPick(feed.markets(fixture.matchId), expert.plays, fixture, rng);
        if (!first) continue;
        const drafts = [first];
        if (rng.chance(expert.parlayShare)) {
          const partner = mine.find((f, j) => j > i && f.sportId === fixture.sportId && !tipped.has(`${expert.id}:${f.matchId}`));
          const second = partner && draftPick(feed.markets(partner.matchId), expert.plays, partner, rng);
          if (second) drafts.push(second);
        }
        const id = await insertMessage(db, expert, drafts, rng, { time: now, tag: await tagNow(db, expert.id, now), reasons: REASONS });
        if (id === undefined) continue;
        published.push(id);
        count++;
        for (const d of drafts) tipped.add(`${expert.id}:${d.fixture.matchId}`);
      }
    }
    return published;
  }

  async function publishInPlay(now: number, open: Map<number, number>): Promise<number[]> {
    const sports = new Set<number>(EXPERT_SPORTS);
    const live = feed
      .fixtures('inplay')
      .filter((f) => sports.has(f.sportId) && !f.isOutright && f.away !== null)
      .sort((a, b) => a.beginTime - b.beginTime || a.matchId - b.matchId);
    if (live.length === 0) return [];
    const tipped = await tippedOn(live.map((f) => f.matchId));
    const covered = new Set([...tipped].map((key) => Number(key.slice(key.indexOf(':') + 1))));
    const onAir = new Set(roomMatches());
    const published: number[] = [];
    /** The expert's in-play tip on the match now, if the match offers one of their in-play plays on sale. */
    const tip = async (expert: Expert, fixture: Fixture, rng: Rng): Promise<boolean> => {
      const draft = draftPick(feed.markets(fixture.matchId), expert.plays.filter((p) => IN_PLAY_PLAYS.has(p)), fixture, rng);
      if (!draft) return false;
      const info = feed.match(fixture.matchId)?.matchInfo;
      const id = await insertMessage(db, expert, [draft], rng, {
        time: now,
        tag: await tagNow(db, expert.id, now),
        reasons: IN_PLAY_REASONS,
        score: info ? `${info.homeScore}-${info.awayScore}` : '',
      });
      if (id === undefined) return false;
      published.push(id);
      open.set(expert.id, (open.get(expert.id) ?? 0) + 1);
      tipped.add(`${expert.id}:${fixture.matchId}`);
      covered.add(fixture.matchId);
      return true;
    };
    for (const fixture of live) {
      const mine = roster.filter((e) => e.inPlay && (e.sports as readonly number[]).includes(fixture.sportId));
      // Each expert's own stream for the match: the chance draw first, then the pick's.
      const streams = new Map(mine.map((e) => [e.id, Rng.of(feed.seed, 'inPlay', e.id, fixture.matchId)]));
      const keen = new Set(mine.filter((e) => streams.get(e.id)!.chance(e.inPlayActivity)).map((e) => e.id));
      for (const expert of mine) {
        if (!keen.has(expert.id) || tipped.has(`${expert.id}:${fixture.matchId}`) || (open.get(expert.id) ?? 0) >= MAX_OPEN_IN_PLAY) continue;
        await tip(expert, fixture, streams.get(expert.id)!);
      }
      if (!onAir.has(fixture.matchId) || covered.has(fixture.matchId)) continue;
      // A room shows the match and nobody tipped it: the least busy in-play expert takes it (the sort is stable).
      const order = Rng.of(feed.seed, 'room', fixture.matchId)
        .shuffle(mine)
        .sort((a, b) => (open.get(a.id) ?? 0) - (open.get(b.id) ?? 0));
      for (const expert of order) {
        if (tipped.has(`${expert.id}:${fixture.matchId}`)) continue;
        if (await tip(expert, fixture, streams.get(expert.id)!)) break;
      }
    }
    return published;
  }

  async function publish(): Promise<number[]> {
    const now = feed.now();
    const open = await openCounts();
    return [...(await publishPreMatch(now, open.preMatch)), ...(await publishInPlay(now, open.inPlay))];
  }

  /** Settles a message whose picks all have outcomes, once (the update is guarded by the pending state). */
  async function settleMessage(trx: Transaction<Database>, messageId: number, now: number): Promise<void> {
    const picks = await trx.selectFrom('expert_picks').select(['outcome', 'odds']).where('message_id', '=', messageId).execute();
    if (picks.some((p) => p.outcome === null)) return;
    const { result, yieldRate } = settlementOf(picks.map((p) => ({ outcome: Number(p.outcome), odds: p.odds })));
    const moved = await trx
      .updateTable('expert_messages')
      .set({ result, yield_rate: yieldRate, settled_at: now })
      .where('id', '=', messageId)
      .where('result', '=', MessageResult.Pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || result !== MessageResult.Miss) return;
    const message = await trx.selectFrom('expert_messages').select(['open_back_gold', 'return_percent', 'professor_id']).where('id', '=', messageId).executeTakeFirstOrThrow();
    if (message.open_back_gold !== 1 || message.return_percent <= 0) return;
    const purchases = await trx.selectFrom('expert_purchases').selectAll().where('message_id', '=', messageId).where('refunded_at', 'is', null).execute();
    for (const p of purchases) {
      const refund = Math.floor((Number(p.price_minor) * message.return_percent) / 100);
      if (refund <= 0) continue;
      const done = await trx.updateTable('expert_purchases').set({ refund_minor: refund, refunded_at: now }).where('id', '=', p.id).where('refunded_at', 'is', null).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) continue;
      await wallet.credit(trx, { memberId: Number(p.member_id), asset: COIN, amountMinor: refund, kind: 'expert_refund', refType: 'expert_purchase', refId: String(p.id) });
      await news.notifyRefund(trx, Number(p.member_id), { purchaseId: Number(p.id), messageId, refundMinor: refund, percent: message.return_percent });
    }
  }

  async function settlePicks(matchId: number, outcomeOf: (marketId: number, optionType: string) => number, score: { home: number; away: number } | null): Promise<void> {
    const now = feed.now();
    await db.transaction().execute(async (trx) => {
      const picks = await trx.selectFrom('expert_picks').select(['message_id', 'seq', 'market_id', 'option_type']).where('match_id', '=', matchId).where('outcome', 'is', null).execute();
      for (const p of picks) {
        await trx
          .updateTable('expert_picks')
          .set({ outcome: outcomeOf(Number(p.market_id), p.option_type), home_score: score?.home ?? null, away_score: score?.away ?? null })
          .where('message_id', '=', p.message_id)
          .where('seq', '=', p.seq)
          .where('outcome', 'is', null)
          .execute();
      }
      for (const messageId of new Set(picks.map((p) => Number(p.message_id)))) await settleMessage(trx, messageId, now);
    });
  }

  function settleMatch(result: MatchResult): Promise<void> {
    const calledOff = CALLED_OFF.has(result.matchStatus);
    return settlePicks(
      result.matchId,
      (marketId, optionType) => (calledOff ? BetResult.Cancel : (result.settledMarkets.find((m) => m.marketId === marketId)?.outcomes[optionType] ?? BetResult.Cancel)),
      calledOff ? null : result.totalScore,
    );
  }

  async function settleDue(): Promise<void> {
    const now = feed.now();
    const open = await db.selectFrom('expert_picks').select(['match_id', 'begin_time']).distinct().where('outcome', 'is', null).where('begin_time', '<', now).execute();
    for (const row of open) {
      const matchId = Number(row.match_id);
      const result = feed.resultOf(matchId);
      if (result) await settleMatch(result);
      else if (!feed.fixture(matchId) && Number(row.begin_time) < now - LOST_RESULT_MS) await settlePicks(matchId, () => BetResult.Cancel, null);
    }
  }

  return { publish, settleMatch, settleDue };
}
