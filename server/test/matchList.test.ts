import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import moment from 'moment-timezone';
import { formatOdds, formatPrice, OddsFormat, priceKindOf } from '../../domain/odds';
import { IN_PLAY_STATUSES, SPORT_ORDER, type MatchView } from '../src/feed';
import { envelope } from '../src/http/envelope';
import { acceptsGzip } from '../src/routes/match';
import { PLATFORM_TIME_ZONE } from '../src/routes/match/lists';
import { detailSchema, leagueSchema, pageSchema, searchSchema, statisticsSchema } from '../../contract/match';
import { parlayView } from '../src/routes/match/wire';
import { buildTestApp, playOut, type InjectResponse, type TestApp } from './helpers';
import { z } from 'zod';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false });
});
afterAll(async () => {
  await t?.app.close();
});

interface Option {
  type: string;
  name: string;
  odd: string;
  showOdd: string;
  isLock: boolean;
}
interface Market {
  marketId: number;
  allowParley: boolean;
  name: string;
  options: Option[];
}
interface Group {
  name: string;
  moneyHandicap: Market[];
}
interface Match {
  matchId: number;
  sportId: number;
  matchStatus: number;
  beginTime: number;
  matchInfo: { homeName: string; awayName: string; homeId: number; awayId: number; matchTime: number };
  leagueInfo: { id: number; name: string };
  matchCount: number;
  betGroup: Group[];
  isOutright: boolean;
}
interface Page {
  current: number;
  pageTotal: number;
  size: number;
  total: number;
  records: Match[];
}
interface League {
  id: number;
  name: string;
  matchCount: number;
  order: number;
  sportId: number;
  hot: boolean;
}

const post = (url: string, payload?: unknown, headers?: Record<string, string>): Promise<InjectResponse> =>
  t.inject({ method: 'POST', url: `/api/match${url}`, payload, headers });

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const postForm = (url: string, form: string) => post(url, form, FORM);

async function data<T>(url: string, payload?: unknown, schema?: z.core.$ZodType): Promise<T> {
  const res = await post(url, payload);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  const body = res.json();
  if (schema) envelope(schema).parse(body);
  expect(body.code).toBe(0);
  return body.data as T;
}

const getList = (payload: Record<string, unknown>) => data<Page>('/getList', payload, pageSchema);

/** Every record of a list, page by page. */
async function wholeList(payload: Record<string, unknown>): Promise<Match[]> {
  const first = await getList({ ...payload, size: 200, current: 1 });
  const out = [...first.records];
  for (let current = 2; current <= first.pageTotal; current++) out.push(...(await getList({ ...payload, size: 200, current })).records);
  expect(out).toHaveLength(first.total);
  return out;
}

const options = (m: Match): Option[] => m.betGroup.flatMap((g) => g.moneyHandicap.flatMap((mk) => mk.options));
/** Whether each option's showOdd is the app's display of its odd: the format on a two-way market, decimal on others. */
const shownAsTheApp = (markets: readonly Market[], format: OddsFormat): boolean =>
  markets.every((m) => m.options.every((o) => o.showOdd === formatPrice(o.odd, format, priceKindOf(m.options.length))));
const marketsOf = (m: Match): Market[] => m.betGroup.flatMap((g) => g.moneyHandicap);
const todayEnds = (): number => moment.tz(t.feed.now(), PLATFORM_TIME_ZONE).endOf('day').valueOf();
const sportRank = (sportId: number): number => SPORT_ORDER.indexOf(sportId);

describe('POST /api/match/getList', () => {
  it('in-play (type 1) lists only matches in play, each with a running match state', async () => {
    const page = await getList({ type: 1, size: 200 });
    expect(page.total).toBeGreaterThan(20);
    expect(page.records.length).toBe(Math.min(200, page.total));
    for (const m of page.records) {
      expect(IN_PLAY_STATUSES.has(m.matchStatus)).toBe(true);
      expect(m.beginTime).toBeLessThanOrEqual(t.feed.now());
    }
    expect(page.records.filter((m) => m.matchStatus === 1).length).toBeGreaterThan(page.total / 2);
  });

  it('defaults to today and in-play (type 6), page 1 of 50, in-play first', async () => {
    const page = await getList({});
    expect(page).toMatchObject({ current: 1, size: 50 });
    const [inplay, today] = await Promise.all([getList({ type: 1, size: 1 }), getList({ type: 2, size: 1 })]);
    expect(page.total).toBe(inplay.total + today.total);
    expect(page.records).toHaveLength(50);
    expect(page.records.slice(0, Math.min(50, inplay.total)).every((m) => IN_PLAY_STATUSES.has(m.matchStatus))).toBe(true);
  });

  it('today (2) is not started and kicks off before the end of the day in Asia/Shanghai; early (3) is later', async () => {
    const end = todayEnds();
    const today = await wholeList({ type: 2 });
    const early = await wholeList({ type: 3 });
    expect(today.length).toBeGreaterThan(0);
    expect(early.length).toBeGreaterThan(0);
    for (const m of today) {
      expect(IN_PLAY_STATUSES.has(m.matchStatus)).toBe(false);
      expect(m.beginTime).toBeLessThanOrEqual(end);
    }
    for (const m of early) {
      expect(IN_PLAY_STATUSES.has(m.matchStatus)).toBe(false);
      expect(m.beginTime).toBeGreaterThan(end);
    }
    const ids = new Set([...today, ...early].map((m) => m.matchId));
    expect(ids.size).toBe(today.length + early.length);
  });

  it('pages add up: sizes and totals agree and no match appears twice', async () => {
    const first = await getList({ type: 6, size: 37 });
    expect(first.pageTotal).toBe(Math.ceil(first.total / 37));
    const seen: number[] = [...first.records.map((m) => m.matchId)];
    for (let current = 2; current <= first.pageTotal; current++) {
      const page = await getList({ type: 6, size: 37, current });
      expect({ current: page.current, total: page.total, pageTotal: page.pageTotal, size: page.size }).toEqual({ current, total: first.total, pageTotal: first.pageTotal, size: 37 });
      expect(page.records.length).toBe(current < first.pageTotal ? 37 : first.total - 37 * (first.pageTotal - 1));
      seen.push(...page.records.map((m) => m.matchId));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    expect(seen).toEqual((await wholeList({ type: 6 })).map((m) => m.matchId));
  });

  it('answers a page past the last with no records and the right totals', async () => {
    const first = await getList({ type: 1, size: 50 });
    const past = await getList({ type: 1, size: 50, current: first.pageTotal + 1 });
    expect(past).toEqual({ current: first.pageTotal + 1, pageTotal: first.pageTotal, size: 50, total: first.total, records: [] });
    const far = await getList({ type: 1, current: 1_000_000 });
    expect(far.records).toEqual([]);
    expect(far.total).toBe(first.total);
  });

  it('filters by sport: sportId, sportIds as a comma list or an array, and 0 for all', async () => {
    const basketball = await wholeList({ type: 6, sportId: 3 });
    expect(basketball.length).toBeGreaterThan(0);
    expect(basketball.every((m) => m.sportId === 3)).toBe(true);
    const football = await getList({ type: 6, sportIds: [1], size: 1 });
    const both = await wholeList({ type: 6, sportIds: '1,3' });
    expect(both.length).toBe(basketball.length + football.total);
    expect(new Set(both.map((m) => m.sportId))).toEqual(new Set([1, 3]));
    const all = await getList({ type: 6, sportId: 0, size: 1 });
    expect(all.total).toBe((await getList({ type: 6, size: 1 })).total);
    expect(all.total).toBeGreaterThan(both.length);
  });

  it('filters by league (leagueIds and leagueId) and by match ids', async () => {
    const leagues = await data<League[]>('/leagueList', { type: 6 });
    const [a, b] = leagues.filter((l) => l.matchCount >= 2);
    if (!a || !b) throw new Error('the seed should have leagues with two or more matches today');
    const onlyA = await wholeList({ type: 6, leagueIds: [a.id] });
    expect(onlyA).toHaveLength(a.matchCount);
    expect(onlyA.every((m) => m.leagueInfo.id === a.id)).toBe(true);
    const aAndB = await getList({ type: 6, leagueIds: String(a.id), leagueId: b.id, size: 1 });
    expect(aAndB.total).toBe(a.matchCount + b.matchCount);
    const picked = onlyA.slice(0, 2).map((m) => m.matchId);
    const byIds = await getList({ type: 6, matchIds: picked.join(',') });
    expect(byIds.records.map((m) => m.matchId).sort()).toEqual([...picked].sort());
  });

  it('answers unknown sport, league and match ids with an empty page', async () => {
    for (const filter of [{ sportId: 999 }, { leagueIds: [424242] }, { matchIds: '1,2,3' }]) {
      expect(await getList({ type: 6, ...filter })).toEqual({ current: 1, pageTotal: 0, size: 50, total: 0, records: [] });
    }
  });

  it('parlay (5) lists in-play, today and early matches with allowParley markets, only those markets', async () => {
    const parlay = await wholeList({ type: 5 });
    expect(parlay.length).toBeGreaterThan(0);
    for (const m of parlay) {
      expect(m.betGroup.length).toBeGreaterThan(0);
      for (const g of m.betGroup) {
        expect(g.moneyHandicap.length).toBeGreaterThan(0);
        expect(g.moneyHandicap.every((mk) => mk.allowParley)).toBe(true);
      }
    }
    const everything = [...(await wholeList({ type: 1 })), ...(await wholeList({ type: 2 })), ...(await wholeList({ type: 3 }))];
    const eligible = everything.filter((m) => m.betGroup.some((g) => g.moneyHandicap.some((mk) => mk.allowParley)));
    expect(parlay.map((m) => m.matchId).sort()).toEqual(eligible.map((m) => m.matchId).sort());
  });

  it('parlay view keeps only allowParley markets and drops matches without any', () => {
    const market = (marketId: number, allowParley: boolean) => ({ marketId, allowParley }) as unknown as MatchView['betGroup'][number]['moneyHandicap'][number];
    const group = (...markets: ReturnType<typeof market>[]) => ({ name: { CMN: 'g' }, groupType: 'handicap', marketType: 1000, period: 'ft', moneyHandicap: markets }) as unknown as MatchView['betGroup'][number];
    const view = { matchId: 1, betGroup: [group(market(1, true), market(2, false)), group(market(3, false))] } as unknown as MatchView;
    const parlay = parlayView(view);
    expect(parlay?.betGroup.map((g) => g.moneyHandicap.map((m) => m.marketId))).toEqual([[1]]);
    expect(parlayView({ ...view, betGroup: [group(market(3, false))] })).toBeUndefined();
  });

  it('outright (4) lists outrights', async () => {
    const page = await getList({ type: 4, size: 200 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((m) => m.isOutright)).toBe(true);
  });

  it('orders by kick-off time (orderBy 0) or by league order (orderBy 1)', async () => {
    const byTime = await wholeList({ type: 2, orderBy: 0 });
    for (let i = 1; i < byTime.length; i++) expect(byTime[i]!.beginTime).toBeGreaterThanOrEqual(byTime[i - 1]!.beginTime);
    const byLeague = await wholeList({ type: 2, orderBy: 1 });
    const key = (m: Match) => [sportRank(m.sportId), t.feed.league(m.leagueInfo.id)!.order, m.leagueInfo.id, m.beginTime];
    for (let i = 1; i < byLeague.length; i++) {
      const [a, b] = [key(byLeague[i - 1]!), key(byLeague[i]!)];
      const cmp = a.map((x, j) => Math.sign(x - b[j]!)).find((s) => s !== 0) ?? 0;
      expect(cmp).toBeLessThanOrEqual(0);
    }
    expect(byLeague.map((m) => m.matchId).sort()).toEqual(byTime.map((m) => m.matchId).sort());
  });

  it.each([
    [OddsFormat.Europe, 'Europe'],
    [OddsFormat.HongKong, 'Hong Kong'],
    [OddsFormat.Malay, 'Malay'],
    [OddsFormat.Indonesian, 'Indonesian'],
  ])('keeps the decimal odd and shows it in format %i (%s) on two-way markets, decimal on the others', async (oddsFormat) => {
    const page = await getList({ type: 1, size: 200, oddsFormat });
    const markets = page.records.flatMap(marketsOf);
    const twoWay = markets.filter((m) => m.options.length === 2).flatMap((m) => m.options);
    const multiWay = markets.filter((m) => m.options.length > 2).flatMap((m) => m.options);
    expect(twoWay.length).toBeGreaterThan(100);
    expect(multiWay.length).toBeGreaterThan(10);
    for (const o of [...twoWay, ...multiWay]) expect(o.odd).toMatch(/^\d+\.\d{2}$/);
    for (const o of twoWay) expect(o.showOdd).toBe(formatOdds(o.odd, oddsFormat));
    // 1X2 and every other market of three or more outcomes: decimal whatever was asked (no -50.00 for a 1.02).
    for (const o of multiWay) expect(o.showOdd).toBe(formatOdds(o.odd, OddsFormat.Europe));
    const aboveTwo = twoWay.filter((o) => Number(o.odd) > 2);
    expect(aboveTwo.length).toBeGreaterThan(0);
    if (oddsFormat === OddsFormat.Malay) expect(aboveTwo.every((o) => o.showOdd.startsWith('-'))).toBe(true);
    if (oddsFormat === OddsFormat.Indonesian) expect(twoWay.filter((o) => Number(o.odd) < 2).every((o) => o.showOdd.startsWith('-'))).toBe(true);
    expect(multiWay.some((o) => o.showOdd.startsWith('-'))).toBe(false);
  });

  it('defaults to Hong Kong odds (the spec list filter default)', async () => {
    const page = await getList({ type: 1, size: 5 });
    expect(shownAsTheApp(page.records.flatMap(marketsOf), OddsFormat.HongKong)).toBe(true);
  });

  it('answers names in the requested language', async () => {
    const [cmn, eng, tw] = await Promise.all(['CMN', 'ENG', 'zh-TW'].map((language) => getList({ type: 1, size: 10, language })));
    expect(eng!.records.map((m) => m.matchId)).toEqual(cmn!.records.map((m) => m.matchId));
    const m = eng!.records[0]!;
    expect(m.matchInfo.homeName).toBe(t.feed.team(m.matchInfo.homeId)!.name.ENG);
    expect(m.leagueInfo.name).toBe(t.feed.league(m.leagueInfo.id)!.name.ENG);
    expect(cmn!.records[0]!.matchInfo.homeName).toBe(t.feed.team(m.matchInfo.homeId)!.name.CMN);
    expect(tw!.records[0]!.matchInfo.homeName).toBe(t.feed.team(m.matchInfo.homeId)!.name['zh-TW']);
    const group = m.betGroup[0]!;
    expect(group.name).toMatch(/[A-Za-z]/);
    expect(group.moneyHandicap[0]!.options.every((o) => typeof o.name === 'string')).toBe(true);
  });

  it('takes form-encoded bodies like JSON ones', async () => {
    const json = await post('/getList', { type: 1, size: 20, current: 2, sportIds: [1, 3], oddsFormat: 3, language: 'ENG', isPC: 1 });
    const form = await postForm('/getList', 'type=1&size=20&current=2&sportIds=1,3&oddsFormat=3&language=ENG&isPC=1');
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual(json.json());
    const repeated = await postForm('/getList', 'type=1&size=20&current=2&sportIds=3&sportIds=1&oddsFormat=3&language=ENG&isPC=1');
    expect(repeated.json()).toEqual(json.json());
    // isPC as a JSON boolean (what a JS client sends) or the form's text reads as its 0/1 code.
    for (const isPC of [true, 'true'] as const) {
      const flagged = await post('/getList', { type: 1, size: 20, current: 2, sportIds: [1, 3], oddsFormat: 3, language: 'ENG', isPC });
      expect(flagged.statusCode).toBe(200);
      expect(flagged.json()).toEqual(json.json());
    }
    expect((await postForm('/getList', 'type=1&isPC=false')).statusCode).toBe(200);
    const blanks = await postForm('/getList', 'type=1&leagueIds=&matchIds=&current=&language=ENG');
    expect(blanks.json().data).toMatchObject({ current: 1, size: 50, total: (await getList({ type: 1, size: 1 })).total });
  });

  it('sends the page gzip-compressed to clients that accept it, the same JSON either way', async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: t.port, method: 'POST', path: '/api/match/getList', agent: false, headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ type: 1, size: 50 }));
      });
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect((await raw('gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it.each([
    [undefined, false],
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['*', true],
    ['br, *;q=0', false],
    ['identity', false],
  ])('acceptsGzip(%j) is %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('follows the feed: after time passes the in-play list is rebuilt', async () => {
    const before = await getList({ type: 1, size: 200 });
    t.clock.advance(5 * 60_000);
    t.feed.tick();
    const after = await getList({ type: 1, size: 200 });
    const clocks = new Map(before.records.map((m) => [m.matchId, m.matchInfo.matchTime]));
    const moved = after.records.filter((m) => clocks.has(m.matchId) && m.matchInfo.matchTime !== clocks.get(m.matchId));
    expect(moved.length).toBeGreaterThan(0);
    for (const m of after.records) expect(IN_PLAY_STATUSES.has(m.matchStatus)).toBe(true);
  });
});

describe('POST /api/match/statistical', () => {
  it('answers ht, tc, hls and sl without a payload, in agreement with the lists', async () => {
    const res = await post('/statistical');
    expect(res.statusCode).toBe(200);
    const { data } = envelope(statisticsSchema).parse(res.json());
    expect(data.sl.map((s) => s.type)).toEqual([1, 2, 3, 4, 5, 6]);
    const totals = new Map<number, number>();
    for (const type of [1, 2, 3, 4, 5, 6]) totals.set(type, (await getList({ type, size: 1 })).total);
    for (const s of data.sl) {
      expect(s.count).toBe(totals.get(s.type));
      expect(s.sports.reduce((sum, x) => sum + x.count, 0)).toBe(s.count);
      expect(s.sports.map((x) => x.sportId)).toEqual(SPORT_ORDER.filter((id) => s.sports.some((x) => x.sportId === id)));
      expect(s.name).not.toBe('');
    }
    expect(data.tc).toBe(totals.get(1)! + totals.get(2)! + totals.get(3)!);
    expect(totals.get(6)).toBe(totals.get(1)! + totals.get(2)!);
    expect(data.ht).toBe(data.hls.reduce((sum, h) => sum + h.count, 0));
    expect(data.hls.length).toBeGreaterThan(0);
    const inplayFootball = data.sl[0]!.sports.find((s) => s.sportId === 1)?.count ?? 0;
    expect((await getList({ type: 1, sportId: 1, size: 1 })).total).toBe(inplayFootball);
  });

  it('names the lists in the requested language', async () => {
    const eng = await data<z.infer<typeof statisticsSchema>>('/statistical', { language: 'ENG' }, statisticsSchema);
    expect(eng.sl[0]!.name).toBe('In-Play');
    expect(eng.sl[4]!.name).toBe('Parlay');
    const form = await postForm('/statistical', 'language=ENG');
    expect(form.json().data.sl[0].name).toBe('In-Play');
  });
});

describe('league lists', () => {
  it('getOnSaleLeagues lists leagues with matches, sorted by sport then league order, counts matching getList', async () => {
    const leagues = await data<League[]>('/getOnSaleLeagues', {}, z.array(leagueSchema));
    expect(leagues.length).toBeGreaterThan(5);
    for (let i = 1; i < leagues.length; i++) {
      const [a, b] = [leagues[i - 1]!, leagues[i]!];
      expect(sportRank(a.sportId) < sportRank(b.sportId) || (a.sportId === b.sportId && a.order < b.order)).toBe(true);
    }
    expect(leagues.every((l) => l.matchCount > 0)).toBe(true);
    const total = (await getList({ type: 1, size: 1 })).total + (await getList({ type: 2, size: 1 })).total + (await getList({ type: 3, size: 1 })).total;
    expect(leagues.reduce((sum, l) => sum + l.matchCount, 0)).toBe(total);
    expect(leagues.some((l) => l.hot)).toBe(true);
  });

  it('getOnSaleLeagues narrows by sport and list type', async () => {
    const inplayBasketball = await data<League[]>('/getOnSaleLeagues', { sportId: 3, type: 1 });
    expect(inplayBasketball.length).toBeGreaterThan(0);
    expect(inplayBasketball.every((l) => l.sportId === 3)).toBe(true);
    for (const league of inplayBasketball.slice(0, 3)) {
      expect((await getList({ type: 1, leagueIds: [league.id], size: 1 })).total).toBe(league.matchCount);
    }
  });

  it('leagueList defaults to today and in-play, and answers in the language', async () => {
    const leagues = await data<League[]>('/leagueList', { sportId: 1, language: 'ENG' }, z.array(leagueSchema));
    expect(leagues.every((l) => l.sportId === 1)).toBe(true);
    expect(leagues.reduce((sum, l) => sum + l.matchCount, 0)).toBe((await getList({ type: 6, sportId: 1, size: 1 })).total);
    expect(leagues[0]!.name).toBe(t.feed.league(leagues[0]!.id)!.name.ENG);
    const form = await postForm('/leagueList', 'sportId=1&language=ENG');
    expect(form.json().data).toEqual(leagues);
  });
});

describe('POST /api/match/queryMatchByRecommend', () => {
  type Groups = z.infer<typeof searchSchema>['groups'];
  const search = (payload: Record<string, unknown>) => data<{ groups: Groups }>('/queryMatchByRecommend', payload, searchSchema);

  it('finds a match by an English team name while browsing in Chinese, case-insensitively', async () => {
    const live = (await getList({ type: 1, size: 1, language: 'ENG' })).records[0]!;
    const english = t.feed.team(live.matchInfo.homeId)!.name.ENG;
    const { groups } = await search({ recommend: `  ${english.toUpperCase()} ` });
    const found = groups.flatMap((g) => g.matches).find((m) => m.matchId === live.matchId);
    expect(found?.matchInfo.homeName).toBe(t.feed.team(live.matchInfo.homeId)!.name.CMN);
    const byLeague = await search({ recommend: t.feed.league(live.leagueInfo.id)!.name.CMN, language: 'ENG' });
    expect(byLeague.groups.flatMap((g) => g.matches).some((m) => m.matchId === live.matchId)).toBe(true);
  });

  it('groups by sport in the spec order, live first, at most 50 matches', async () => {
    const { groups } = await search({ recommend: 'a', language: 'ENG' });
    const all = groups.flatMap((g) => g.matches);
    expect(all.length).toBe(50);
    const ranks = groups.map((g) => sportRank(g.sportId));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) {
      expect(g.matches.every((m) => m.sportId === g.sportId)).toBe(true);
      const live = g.matches.map((m) => IN_PLAY_STATUSES.has(m.matchStatus));
      expect(live).toEqual([...live].sort((x, y) => Number(y) - Number(x)));
    }
    const names = (m: Match) => [t.feed.team(m.matchInfo.homeId), t.feed.team(m.matchInfo.awayId), t.feed.league(m.leagueInfo.id)].flatMap((x) => Object.values(x!.name));
    for (const m of all) expect(names(m).some((n) => n.toLowerCase().includes('a'))).toBe(true);
    const inPlayHits = (await wholeList({ type: 1 })).filter((m) => names(m).some((n) => n.toLowerCase().includes('a'))).length;
    expect(inPlayHits).toBeGreaterThan(0);
    expect(all.filter((m) => IN_PLAY_STATUSES.has(m.matchStatus)).length).toBe(Math.min(50, inPlayHits));
  });

  it('answers no groups when nothing matches, and form-encoded search works', async () => {
    expect(await search({ recommend: 'zzqqxx-no-such-team' })).toEqual({ groups: [] });
    const live = (await getList({ type: 1, size: 1, language: 'ENG' })).records[0]!;
    const res = await postForm('/queryMatchByRecommend', `recommend=${encodeURIComponent(live.matchInfo.awayName)}&oddsFormat=1`);
    const found = res.json().data.groups.flatMap((g: { matches: Match[] }) => g.matches).find((m: Match) => m.matchId === live.matchId);
    expect(options(found).every((o) => o.showOdd === formatOdds(o.odd, OddsFormat.Europe))).toBe(true);
  });
});

describe('POST /api/match/getMatchDetail', () => {
  it('answers the match with all its bet groups in the language and odds format', async () => {
    const live = (await getList({ type: 1, size: 1 })).records[0]!;
    const detail = await data<Match & { betGroups: Group[] }>('/getMatchDetail', { matchId: live.matchId, language: 'ENG', oddsFormat: 3 }, detailSchema);
    expect(detail.matchId).toBe(live.matchId);
    expect(detail.betGroups.length).toBe(detail.matchCount);
    expect(detail.betGroups.length).toBeGreaterThanOrEqual(detail.betGroup.length);
    expect(detail.matchInfo.homeName).toBe(t.feed.team(live.matchInfo.homeId)!.name.ENG);
    const markets = detail.betGroups.flatMap((g) => g.moneyHandicap);
    expect(markets.length).toBeGreaterThanOrEqual(detail.betGroup.flatMap((g) => g.moneyHandicap).length);
    expect(shownAsTheApp(markets, OddsFormat.Malay)).toBe(true);
    const form = await postForm('/getMatchDetail', `matchId=${live.matchId}&language=ENG&oddsFormat=3`);
    expect(form.json().data.matchId).toBe(live.matchId);
  });

  it('answers outrights too', async () => {
    const outright = (await getList({ type: 4, size: 1 })).records[0]!;
    const detail = await data<Match & { betGroups: Group[] }>('/getMatchDetail', { matchId: outright.matchId }, detailSchema);
    expect(detail.isOutright).toBe(true);
    expect(detail.betGroups.length).toBeGreaterThan(0);
  });

  it('answers 404 with code 4004 for an unknown match', async () => {
    const res = await post('/getMatchDetail', { matchId: 999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 4004, msg: 'matchId: no match 999', data: null });
  });
});

describe('bad input', () => {
  const cases: Array<[string, unknown, string]> = [
    ['/getList', { current: 0 }, 'current'],
    ['/getList', { current: -1 }, 'current'],
    ['/getList', { current: 'abc' }, 'current'],
    ['/getList', { current: 1.5 }, 'current'],
    ['/getList', { current: 1e15 }, 'current'],
    ['/getList', { current: '99999999999999999999' }, 'current'],
    ['/getList', { current: true }, 'current'],
    ['/getList', { current: [] }, 'current'],
    ['/getList', { size: 0 }, 'size'],
    ['/getList', { size: -5 }, 'size'],
    ['/getList', { size: 201 }, 'size'],
    ['/getList', { size: 1e12 }, 'size'],
    ['/getList', { size: '10x' }, 'size'],
    ['/getList', { type: 0 }, 'type'],
    ['/getList', { type: 7 }, 'type'],
    ['/getList', { type: 'inplay' }, 'type'],
    ['/getList', { type: { a: 1 } }, 'type'],
    ['/getList', { orderBy: 2 }, 'orderBy'],
    ['/getList', { isPC: 2 }, 'isPC'],
    ['/getList', { isPC: 'yes' }, 'isPC'],
    ['/getList', { sportId: 'football' }, 'sportId[0]'],
    ['/getList', { sportId: -1 }, 'sportId[0]'],
    ['/getList', { sportIds: '1,x' }, 'sportIds[1]'],
    ['/getList', { leagueIds: '1,,2' }, 'leagueIds[1]'],
    ['/getList', { leagueIds: 'a,b' }, 'leagueIds[0]'],
    ['/getList', { leagueIds: [1, 'x'] }, 'leagueIds[1]'],
    ['/getList', { leagueIds: { a: 1 } }, 'leagueIds'],
    ['/getList', { leagueId: 0 }, 'leagueId[0]'],
    ['/getList', { matchIds: '-1' }, 'matchIds[0]'],
    ['/getList', { matchIds: '1.5' }, 'matchIds[0]'],
    ['/getList', { matchIds: Array.from({ length: 201 }, (_, i) => i + 1) }, 'matchIds'],
    ['/getList', { oddsFormat: 0 }, 'oddsFormat'],
    ['/getList', { oddsFormat: 5 }, 'oddsFormat'],
    ['/getList', { oddsFormat: 'HK' }, 'oddsFormat'],
    ['/getList', { language: 'FR' }, 'language'],
    ['/getList', { language: 'eng' }, 'language'],
    ['/getList', [1, 2], 'body'],
    ['/statistical', { language: 'xx' }, 'language'],
    ['/statistical', 'not an object', 'body'],
    ['/getOnSaleLeagues', { sportId: 'abc' }, 'sportId[0]'],
    ['/getOnSaleLeagues', { type: 9 }, 'type'],
    ['/getOnSaleLeagues', { language: 1 }, 'language'],
    ['/leagueList', { type: 'x' }, 'type'],
    ['/leagueList', { sportId: -1 }, 'sportId[0]'],
    ['/queryMatchByRecommend', {}, 'recommend'],
    ['/queryMatchByRecommend', { recommend: '' }, 'recommend'],
    ['/queryMatchByRecommend', { recommend: '    ' }, 'recommend'],
    ['/queryMatchByRecommend', { recommend: 'x'.repeat(51) }, 'recommend'],
    ['/queryMatchByRecommend', { recommend: 123 }, 'recommend'],
    ['/queryMatchByRecommend', { recommend: ['a'] }, 'recommend'],
    ['/queryMatchByRecommend', { recommend: 'a', oddsFormat: 9 }, 'oddsFormat'],
    ['/queryMatchByRecommend', { recommend: 'a', language: 'DE' }, 'language'],
    ['/getMatchDetail', {}, 'matchId'],
    ['/getMatchDetail', { matchId: 'abc' }, 'matchId'],
    ['/getMatchDetail', { matchId: 0 }, 'matchId'],
    ['/getMatchDetail', { matchId: -5 }, 'matchId'],
    ['/getMatchDetail', { matchId: 1.5 }, 'matchId'],
    ['/getMatchDetail', { matchId: '1,2' }, 'matchId'],
    ['/getMatchDetail', { matchId: 1e300 }, 'matchId'],
    ['/getMatchDetail', { matchId: 1, language: 'de' }, 'language'],
  ];

  it.each(cases)('%s %j answers 400, code 4001, naming %s', async (url, payload, field) => {
    // A bare JSON string has to be encoded here: the helper sends strings as they are.
    const res = typeof payload === 'string' ? await post(url, JSON.stringify(payload), { 'content-type': 'application/json' }) : await post(url, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({ code: 4001, msg: expect.any(String), data: null });
    expect(body.msg.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ['/getList', 'current=abc', 'current'],
    ['/getList', 'size=0', 'size'],
    ['/getList', 'type=9', 'type'],
    ['/getList', 'leagueIds=1,x', 'leagueIds[1]'],
    ['/getList', 'sportIds=1&sportIds=y', 'sportIds[1]'],
    ['/queryMatchByRecommend', 'recommend=', 'recommend'],
    ['/getMatchDetail', 'matchId=12abc', 'matchId'],
  ])('form-encoded %s "%s" answers 400 naming %s', async (url, form, field) => {
    const res = await postForm(url, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4001);
    expect(res.json().msg.startsWith(`${field}: `)).toBe(true);
  });

  it('reads a blank form value as not given, not as garbage', async () => {
    const res = await postForm('/getList', 'type=1&size=3&oddsFormat=&sportIds=');
    expect(res.statusCode).toBe(200);
    expect(shownAsTheApp((res.json().data.records as Match[]).flatMap(marketsOf), OddsFormat.HongKong)).toBe(true);
  });

  it.each(['/getList', '/statistical', '/getOnSaleLeagues', '/leagueList', '/queryMatchByRecommend', '/getMatchDetail'])(
    '%s answers malformed JSON with 400 and code 4001 naming the body',
    async (url) => {
      const res = await post(url, '{"type": 1,', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 4001, msg: expect.stringMatching(/^body: malformed JSON/), data: null });
    },
  );
});

describe('contract', () => {
  it('documents every match-list route with its body and responses in /openapi.json', async () => {
    const doc = (await t.inject({ url: '/openapi.json' })).json();
    for (const path of ['getList', 'statistical', 'getOnSaleLeagues', 'leagueList', 'queryMatchByRecommend', 'getMatchDetail']) {
      const op = doc.paths[`/api/match/${path}`]?.post;
      expect(op).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '500']));
      expect(op.requestBody.content['application/json'].schema.properties.language).toBeDefined();
    }
    const list = doc.paths['/api/match/getList'].post;
    expect(list.requestBody.content['application/json'].schema.properties.type.enum).toEqual([1, 2, 3, 4, 5, 6]);
    expect(doc.paths['/api/match/getList'].post.responses['200'].content['application/json'].schema.properties.data.properties.records.items.properties.betGroup).toBeDefined();
  });
});

// Last: it ends a match.
describe('a match that ends', () => {
  it('leaves the in-play list but still answers getMatchDetail while the feed keeps it', async () => {
    const live = (await getList({ type: 1, size: 1 })).records[0]!;
    // Played to its end by the feed's test controls, the rest of the world standing still.
    playOut(t, live.matchId);
    const result = t.feed.resultOf(live.matchId);
    expect(result).toBeDefined();
    const inplay = await wholeList({ type: 1 });
    expect(inplay.some((m) => m.matchId === live.matchId)).toBe(false);
    const detail = await data<Match & { betGroups: Group[] }>('/getMatchDetail', { matchId: live.matchId }, detailSchema);
    expect(detail.matchStatus).toBe(result!.matchStatus);
    expect(IN_PLAY_STATUSES.has(detail.matchStatus)).toBe(false);
  });
});
