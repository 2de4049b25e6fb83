import type { Kysely } from 'kysely';
import { MatchStatus } from '../../../contract/enums';
import { MessageResult } from '../../../contract/experts';
import type { Database } from '../db/schema';
import type { Feed, FeedClock, FeedHistory, FeedResults, MatchResult, OpeningBook } from '../feed';
import { Rng } from '../feed/random';
import { recordOf, tagOf, type SettledTip } from './records';
import { EXPERT_SPORTS, type Expert } from './roster';
import { draftPick, insertMessage, MAX_OPEN, MIN_LEAD_MS, REASONS, settlementOf, type Draft } from './tips';

/**
 * The experts' past (issue 31): on a new platform they have a record from the first minute, because the programs they
 * would have published on the matches the feed played out before the platform started (the results screen's finished
 * matches) are written once, already settled. Each is what tips.ts would have published had the platform been up: the
 * same draws from the seed, the expert and the match (whether, how long before kick-off, which play and side, parlay,
 * paid or free, the analysis), at most MAX_OPEN open at a time, on the match's opening prices (the feed priced none of
 * those matches; FeedHistory.openingBook), with the tag the expert had earned by then. They settle on the feed's outcome
 * of the market named, as any program does; only matches played to their end count (a called-off or abandoned match
 * would only have given voids).
 *
 * Once per database: a platform_flags row records the cut-off (the feed's now at the first start, in updated_at) and
 * whether the history is complete (value 1). A database whose experts had already published when the flag was
 * introduced keeps its own record (the flag is written complete at once). Only the feed leader writes it (the
 * plugin runs it on promotion); a leader that died half-way leaves value 0, and the next one writes the rest from the
 * same cut-off, the unique (expert, first match) index refusing what already exists.
 */

export const HISTORY_FLAG = 'experts.history';
/** How far back the history goes: the results screen's default week. */
export const HISTORY_MS = 7 * 86_400_000;

interface Plan {
  expert: Expert;
  /** The expert's matches of the history, in kick-off order, and this one's index in it. */
  mine: readonly MatchResult[];
  index: number;
  publishTime: number;
  rng: Rng;
}

interface Written {
  expertId: number;
  publishTime: number;
  settledAt: number;
}

export interface HistoryDeps {
  db: Kysely<Database>;
  feed: Pick<Feed, 'seed'> & FeedClock & FeedResults & FeedHistory;
  roster: readonly Expert[];
}

/** Writes the history if this database has none yet; answers the ids of the messages written. */
export async function writeHistory({ db, feed, roster }: HistoryDeps): Promise<number[]> {
  const cutoff = await historyCutoff(db, feed.now());
  if (cutoff === undefined) return [];
  const sports = new Set<number>(EXPERT_SPORTS);
  const results = feed
    .results({ from: cutoff - HISTORY_MS, to: cutoff })
    .filter((r) => sports.has(r.sportId) && r.matchStatus === MatchStatus.Ended && r.away !== null && r.endTime <= cutoff)
    .sort((a, b) => a.beginTime - b.beginTime || a.matchId - b.matchId);

  const books = new Map<number, OpeningBook | undefined>();
  const bookOf = (matchId: number) => {
    if (!books.has(matchId)) books.set(matchId, feed.openingBook(matchId));
    return books.get(matchId);
  };

  // Every tip the experts would have considered, in the order they would have published them.
  const plans: Plan[] = [];
  for (const expert of roster) {
    const mine = results.filter((r) => (expert.sports as readonly number[]).includes(r.sportId));
    mine.forEach((match, index) => {
      const rng = Rng.of(feed.seed, 'tip', expert.id, match.matchId);
      if (!rng.chance(expert.activity)) return;
      const publishTime = Math.round(match.beginTime - rng.range(1, expert.leadHours) * 3_600_000);
      plans.push({ expert, mine, index, publishTime, rng });
    });
  }
  plans.sort((a, b) => a.publishTime - b.publishTime || a.expert.id - b.expert.id || a.mine[a.index]!.matchId - b.mine[b.index]!.matchId);

  const tipped = new Set<string>();
  const written: Written[] = [];
  const settled = new Map<number, SettledTip[]>();
  const ids: number[] = [];
  for (const { expert, mine, index, publishTime, rng } of plans) {
    const match = mine[index]!;
    if (tipped.has(`${expert.id}:${match.matchId}`)) continue;
    const open = written.filter((w) => w.expertId === expert.id && w.settledAt > publishTime).length;
    if (open >= MAX_OPEN) continue;
    const first = draftOn(bookOf(match.matchId), expert, match, rng);
    if (!first) continue;
    const drafts = [first];
    const matches = [match];
    if (rng.chance(expert.parlayShare)) {
      const partner = mine.find((r, j) => j > index && r.sportId === match.sportId && r.beginTime - publishTime > MIN_LEAD_MS && !tipped.has(`${expert.id}:${r.matchId}`));
      const second = partner && draftOn(bookOf(partner.matchId), expert, partner, rng);
      if (partner && second) {
        drafts.push(second);
        matches.push(partner);
      }
    }
    const outcomes = drafts.map((d, i) => bookOf(matches[i]!.matchId)?.settled?.find((m) => m.marketId === d.market.marketId)?.outcomes[d.option.type]);
    if (outcomes.some((o) => o === undefined)) continue;
    const settledAt = Math.max(...matches.map((m) => m.endTime));
    const before = (settled.get(expert.id) ?? []).filter((t) => t.settledAt <= publishTime);
    const tag = tagOf(recordOf(before, publishTime));
    const id = await insertMessage(db, expert, drafts, rng, { time: publishTime, tag, reasons: REASONS }, { outcomes: outcomes as number[], scores: matches.map((m) => m.totalScore), at: settledAt });
    for (const m of matches) tipped.add(`${expert.id}:${m.matchId}`);
    written.push({ expertId: expert.id, publishTime, settledAt });
    const { result, yieldRate } = settlementOf(drafts.map((d, i) => ({ outcome: outcomes[i]!, odds: d.option.odd })));
    if (result === MessageResult.Hit || result === MessageResult.Miss) {
      const list = settled.get(expert.id) ?? [];
      list.push({ result, yieldRate, settledAt });
      list.sort((a, b) => a.settledAt - b.settledAt);
      settled.set(expert.id, list);
    }
    if (id !== undefined) ids.push(id);
  }
  await db.updateTable('platform_flags').set({ value: 1 }).where('name', '=', HISTORY_FLAG).execute();
  return ids;
}

function draftOn(book: OpeningBook | undefined, expert: Expert, match: MatchResult, rng: Rng): Draft | undefined {
  return book ? draftPick(book.markets, expert.plays, match, rng) : undefined;
}

/**
 * The cut-off of the history still to write, or undefined when it is written. The first call on a database stores
 * `now` as the cut-off; a database with programs already gets its flag written complete.
 */
async function historyCutoff(db: Kysely<Database>, now: number): Promise<number | undefined> {
  const read = () => db.selectFrom('platform_flags').select(['value', 'updated_at']).where('name', '=', HISTORY_FLAG).executeTakeFirst();
  let flag = await read();
  if (!flag) {
    const published = await db.selectFrom('expert_messages').select('id').limit(1).executeTakeFirst();
    await db
      .insertInto('platform_flags')
      .values({ name: HISTORY_FLAG, value: published ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    flag = await read();
  }
  return !flag || flag.value === 1 ? undefined : Number(flag.updated_at);
}
