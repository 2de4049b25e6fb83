import { sql } from 'kysely';
import type { Market, MatchView, Option } from '../src/feed';
import { buildTestApp, login, type TestApp, type TestAppOptions } from './helpers';

/** Helpers for the betting tests: finding selections on the running feed, placing, and checking the books. */

export interface Selection {
  match: MatchView;
  market: Market;
  option: Option;
}

/**
 * Open selections of a list, one per match, optionally of one market kind. `limit`: stop after that many, the first of
 * the full answer: the first call prices every match of the list (today's: most of a second), so a test that needs
 * one or two asks for only those.
 */
export function selections(t: TestApp, type: 'inplay' | 'today' | 'early', filter: { sportId?: number; kind?: string; parlay?: boolean; limit?: number } = {}): Selection[] {
  const out: Selection[] = [];
  for (const match of t.feed.matches({ type, ...(filter.sportId ? { sportId: filter.sportId } : {}) })) {
    if (filter.limit !== undefined && out.length >= filter.limit) break;
    for (const market of t.feed.markets(match.matchId)) {
      if (market.status !== 1 || (filter.kind && market.kind !== filter.kind) || (filter.parlay && !market.allowParley)) continue;
      const option = market.options.find((o) => !o.isLock);
      if (option) {
        out.push({ match, market, option });
        break;
      }
    }
  }
  return out;
}

/**
 * The world of an HTTP betting test: its own platform and the session tokens of the members named (seeded demo users),
 * signed in, in that order.
 */
export async function bettingApp<const U extends readonly string[]>(options: TestAppOptions, ...usernames: U): Promise<{ t: TestApp; tokens: { [K in keyof U]: string } }> {
  const t = await buildTestApp(options);
  const tokens: string[] = [];
  for (const username of usernames) tokens.push(await login(t, username));
  return { t, tokens: tokens as { [K in keyof U]: string } };
}

export function auth(token: string) {
  return { authorization: token };
}

export function singleBody(s: Selection, unitStake: string, extra: { oddsChange?: number; odds?: string; requestId?: string } = {}) {
  return {
    singleBetList: [
      {
        unitStake,
        oddsChange: extra.oddsChange ?? 1,
        betOptionList: [{ marketId: s.market.marketId, optionType: s.option.type, odds: extra.odds ?? s.option.odd, oddsFormat: 1 }],
      },
    ],
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}

export async function placeSingle(t: TestApp, token: string, s: Selection, unitStake: string, extra: Parameters<typeof singleBody>[2] = {}) {
  return t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload: singleBody(s, unitStake, extra) });
}

export async function balanceOf(t: TestApp, username: string, asset = 'CNY'): Promise<number> {
  const row = await t.db
    .selectFrom('wallets')
    .innerJoin('members', 'members.id', 'wallets.member_id')
    .select('wallets.balance_minor')
    .where('members.username', '=', username)
    .where('wallets.asset', '=', asset)
    .executeTakeFirst();
  return Number(row?.balance_minor ?? 0);
}

/** Wallets whose balance differs from the sum of their ledger rows (should be none), and any negative balance. */
export async function bookProblems(t: TestApp): Promise<string[]> {
  const rows = await sql<{ member_id: number; asset: string; balance_minor: number; ledger: number | null }>`
    select w.member_id, w.asset, w.balance_minor, (select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset) as ledger
    from wallets w`.execute(t.db);
  const problems: string[] = [];
  for (const r of rows.rows) {
    if (Number(r.balance_minor) !== Number(r.ledger ?? 0)) problems.push(`${r.member_id}/${r.asset}: balance ${r.balance_minor} vs ledger ${r.ledger}`);
    if (Number(r.balance_minor) < 0) problems.push(`${r.member_id}/${r.asset}: negative ${r.balance_minor}`);
  }
  return problems;
}

/** Moves the fake clock and the feed in steps, letting the betting engine's queued work finish after each. */
export async function play(t: TestApp, totalMs: number, stepMs = 1000): Promise<void> {
  for (let done = 0; done < totalMs; done += stepMs) {
    t.clock.advance(stepMs);
    t.feed.tick();
    await t.app.betting.tick();
    await t.app.betting.idle();
  }
}
