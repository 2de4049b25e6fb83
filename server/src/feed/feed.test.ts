import { describe, expect, it } from '@jest/globals';
import { createFeed, DEFAULT_MARGINS, FootballEvent, marginFor, MatchStatus, PROFILES, BetResult, SLOT_MS, slotOfMatch, type Feed, type FeedChange, type Market, type MatchEvent, type MatchResult, type MatchView } from './index';

const START = Date.UTC(2025, 2, 3, 9, 0, 0);
const HOUR = 3_600_000;

function fakeClock(start = START): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

function makeFeed(seed = 11, speed = 600): { feed: Feed; clock: ReturnType<typeof fakeClock>; changes: FeedChange[] } {
  const clock = fakeClock();
  const feed = createFeed({ seed, speed, now: clock.now, historyHours: 0 });
  const changes: FeedChange[] = [];
  feed.on((c) => changes.push(c));
  return { feed, clock, changes };
}

/**
 * One world for the tests that read a fresh world or follow matches through it: building a world and playing its
 * hours is most of this file's time, so the football, basketball and tennis matches below are played side by side in
 * one run of it (played()) instead of one world each. Each test still runs alone: the world is built on first use.
 */
let theWorld: ReturnType<typeof makeFeed> | undefined;
function world(): ReturnType<typeof makeFeed> {
  theWorld ??= makeFeed(11, 300);
  return theWorld;
}

/** What one followed match showed after each tick, until its result. */
interface Followed {
  id: number;
  preMarkets: Market[];
  ticks: Array<{ view: MatchView | undefined; score: FeedChange | undefined }>;
}

let thePlay: { football: Followed; basketball: Followed; tennis: Followed } | undefined;
/** A football match starting in 10-60 minutes, a basketball match within the hour and a tennis match within 90 minutes, played to their results in 5-minute ticks. */
function played(): { feed: Feed; changes: FeedChange[]; football: Followed; basketball: Followed; tennis: Followed } {
  const { feed, clock, changes } = world();
  if (!thePlay) {
    const now = feed.now();
    const follow = (sportId: number, from: number, to: number): Followed => {
      const target = feed.matches({ type: 'today', sportId }).find((m) => m.beginTime > now + from * 60_000 && m.beginTime < now + to * 60_000);
      if (!target) throw new Error(`no sport ${sportId} match starting in ${from}-${to} minutes`);
      return { id: target.matchId, preMarkets: feed.markets(target.matchId), ticks: [] };
    };
    const play = { football: follow(1, 10, 60), basketball: follow(3, 0, 60), tennis: follow(5, 0, 90) };
    const all = [play.football, play.basketball, play.tennis];
    for (let i = 0; i < 120 && all.some((f) => !feed.resultOf(f.id)); i++) {
      const pending = all.filter((f) => !feed.resultOf(f.id));
      const seen = changes.length;
      clock.advance(1000);
      feed.tick();
      for (const f of pending) {
        const score = changes.slice(seen).filter((c) => c.kind === 'score' && c.matchId === f.id).at(-1);
        f.ticks.push({ view: feed.match(f.id), score });
      }
    }
    thePlay = play;
  }
  return { feed, changes, ...thePlay };
}

function run(feed: Feed, clock: { advance: (ms: number) => void }, ticks: number, stepMs: number): void {
  for (let i = 0; i < ticks; i++) {
    clock.advance(stepMs);
    feed.tick();
  }
}

function allOpenMarkets(feed: Feed): Market[] {
  const ids = [...feed.matches(), ...feed.matches({ type: 'outright' })].map((m) => m.matchId);
  return ids.flatMap((id) => feed.markets(id)).filter((m) => m.status === 1);
}

/** Collects every violation first: one expect per option would dominate the test's run time. */
function expectCoherent(markets: readonly Market[]): void {
  expect(markets.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const m of markets) {
    const overround = m.options.reduce((sum, o) => sum + 1 / Number(o.odd), 0) - 1;
    const margin = marginFor(m.key, m.options.length, DEFAULT_MARGINS);
    // Each price is cut to 2 decimals (a true price d + x with 0 <= x < 0.01 quotes d), which lifts the overround by at
    // most the sum of 1/d - 1/(d + 0.01); the rest is the float arithmetic of the model.
    const cut = m.options.reduce((sum, o) => sum + 1 / Number(o.odd) - 1 / (Number(o.odd) + 0.01), 0);
    if (overround - margin > cut + 0.001 || margin - overround > 0.001) problems.push(`market ${m.marketId} ${m.kind} ${m.period}: overround ${overround.toFixed(4)}, margin ${margin}`);
    for (const o of m.options) {
      if (!(Number(o.odd) >= 1.01) || !/^\d+\.\d{2}$/.test(o.odd) || o.isLock) problems.push(`market ${m.marketId} option ${o.type}: odd ${o.odd}, locked ${o.isLock}`);
    }
  }
  expect(problems).toEqual([]);
}

describe('feed world', () => {
  it('same seed and same clock give the same world; another seed another', () => {
    const a = makeFeed(5);
    const b = makeFeed(5);
    const c = world();
    expect(JSON.stringify(a.feed.matches())).toBe(JSON.stringify(b.feed.matches()));
    expect(JSON.stringify(a.feed.matches({ type: 'outright' }))).toBe(JSON.stringify(b.feed.matches({ type: 'outright' })));
    // Another seed differs already in what is being played.
    expect(JSON.stringify(a.feed.matches({ type: 'inplay' }))).not.toBe(JSON.stringify(c.feed.matches({ type: 'inplay' })));
    // Ten simulated minutes: thousands of changes (events, odds, clocks) to compare.
    run(a.feed, a.clock, 1, 1000);
    run(b.feed, b.clock, 1, 1000);
    expect(JSON.stringify(a.feed.matches({ type: 'inplay' }))).toBe(JSON.stringify(b.feed.matches({ type: 'inplay' })));
    expect(JSON.stringify(a.changes)).toBe(JSON.stringify(b.changes));
  });

  it('every scheme-A sport has in-play, today, early and outright lists, with names in every language', () => {
    const { feed } = world();
    for (const p of PROFILES) {
      for (const type of ['inplay', 'today', 'early', 'outright'] as const) {
        const list = feed.matches({ type, sportId: p.sportId });
        if (list.length === 0) throw new Error(`sport ${p.sportId} has no ${type} matches`);
      }
    }
    const inplay = feed.matches({ type: 'inplay' });
    expect(inplay.length).toBeGreaterThan(100);
    expect(feed.matches({ type: 'inplay', sportId: 1 }).length).toBeGreaterThan(25);
    expect(feed.matches({ type: 'today', sportId: 1 }).length).toBeGreaterThan(80);
    expect(feed.matches({ type: 'today' }).filter((m) => m.beginTime % 300_000 !== 0)).toEqual([]);
    for (const lang of ['CMN', 'zh-TW', 'ENG', 'VIE', 'THA'] as const) {
      const [m] = feed.matches({ type: 'inplay', sportId: 1 }, lang);
      expect(m?.matchInfo.homeName.length).toBeGreaterThan(0);
      expect(m?.leagueInfo.name.length).toBeGreaterThan(0);
    }
    expect(inplay.every((m) => m.media.videos.length > 0)).toBe(true);
    const stats = feed.statistics();
    expect(stats.playTypeMap.inplay.count).toBe(inplay.length);
    expect(stats.hotList.length).toBeGreaterThan(0);
    expect(feed.leagues({ sportId: 1, type: 'today' }).length).toBeGreaterThan(5);
  });

  it('every open market of every sport carries the configured margin and legal odds', () => {
    const { feed, clock } = makeFeed(3);
    expectCoherent(allOpenMarkets(feed));
    const kinds = new Set(allOpenMarkets(feed).map((m) => `${m.sportId}:${m.kind}`));
    for (const k of ['1:win1x2', '1:handicap', '1:overUnder', '1:correctScore', '1:halfTimeFullTime', '1:cornersOverUnder', '3:moneyLine', '3:spread', '3:total', '5:moneyLine', '2:win1x2', '18:total']) expect(kinds).toContain(k);
    run(feed, clock, 4, 1000);
    expectCoherent(allOpenMarkets(feed));
  });
});

describe('a football match', () => {
  it('plays 1st half, half-time, 2nd half, full time; suspends on a goal; settles and leaves in-play', () => {
    const { feed, changes, football } = played();
    const id = football.id;
    const preMarkets = football.preMarkets;
    expect(preMarkets.some((m) => m.kind === 'win1x2' && m.period === 'ft')).toBe(true);
    expect(preMarkets.every((m) => !m.isInPlay)).toBe(true);
    const seconds: number[] = [];
    for (const { view } of football.ticks) {
      if (view && view.matchStatus === MatchStatus.Live && view.matchClock.running) seconds.push(view.matchClock.second);
    }
    const mine = changes.filter((c) => 'matchId' in c && c.matchId === id);
    const periods = mine.flatMap((c) => (c.kind === 'status' ? [c.period] : []));
    const order = [1, 2, 3, 13].map((p) => periods.indexOf(p));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(seconds.length).toBeGreaterThan(3);
    expect(seconds.some((s, i) => i > 0 && s > (seconds[i - 1] as number))).toBe(true);

    const result = feed.resultOf(id);
    if (!result) throw new Error('no result');
    expect(feed.matches({ type: 'inplay' }).some((m) => m.matchId === id)).toBe(false);
    expect(mine.some((c) => c.kind === 'ended')).toBe(true);
    const events = mine.flatMap((c) => (c.kind === 'event' ? [c.event] : []));
    const goals = events.filter((e) => (e.type === FootballEvent.Goal || e.type === FootballEvent.OwnGoal) && (e.period === 1 || e.period === 3));
    const scored = { home: goals.filter((g) => g.team === 'home').length, away: goals.filter((g) => g.team === 'away').length };
    if (result.matchStatus === MatchStatus.Ended) {
      expect(result.final.periods.ft?.goals).toEqual(scored);
      expect(result.totalScore.home).toBeGreaterThanOrEqual(scored.home);
      const x12 = result.settledMarkets.find((m) => m.kind === 'win1x2' && m.period === 'ft');
      const winner = scored.home > scored.away ? 'home' : scored.home < scored.away ? 'away' : 'draw';
      expect(x12?.outcomes[winner]).toBe(BetResult.Won);
      for (const m of result.settledMarkets) for (const code of Object.values(m.outcomes)) expect([2, 3, 4, 5, 6, 7]).toContain(code);
      const anyMarket = result.settledMarkets[0]!;
      expect(feed.outcomeOf(anyMarket.marketId, Object.keys(anyMarket.outcomes)[0]!)).toBe(Object.values(anyMarket.outcomes)[0]);
    }
    // A goal suspends the match's markets (status 0); a later price change reopens them.
    const goalIndex = mine.findIndex((c) => c.kind === 'event' && c.event.dangerous);
    if (goalIndex >= 0) {
      const after = mine.slice(goalIndex);
      const suspended = after.findIndex((c) => c.kind === 'odds' && c.markets.some((m) => m.status === 0));
      expect(suspended).toBeGreaterThan(0);
      const reopened = after.slice(suspended).findIndex((c) => c.kind === 'odds' && c.markets.some((m) => m.status === 1));
      expect(reopened).toBeGreaterThan(0);
    } else {
      expect(scored).toEqual({ home: 0, away: 0 });
    }
    const text = feed.textLive(id, 'ENG');
    expect(text.length).toBeGreaterThan(50);
    expect(feed.lineup(id)?.homeLine.length).toBe(11);
    expect(feed.lineup(id)?.homeBackup.length).toBe(7);
    expect(feed.stats(id).find((s) => s.key === 'possession')).toBeDefined();
  });
});

describe('other sports', () => {
  it('a basketball match goes through its quarters with a count-down clock', () => {
    const { feed, changes, basketball } = played();
    const id = basketball.id;
    let downClock = false;
    for (const { view: v } of basketball.ticks) {
      if (v?.matchClock.type === 'down' && v.matchClock.running) downClock = true;
    }
    const periods = changes.flatMap((c) => (c.kind === 'status' && c.matchId === id ? [c.period] : []));
    const quarters = periods.includes(8) ? [8, 4, 9] : [1, 2, 3, 4, 5, 6, 7];
    const idx = quarters.map((p) => periods.indexOf(p));
    expect(idx.every((i) => i >= 0)).toBe(true);
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    expect(downClock).toBe(true);
    const result = feed.resultOf(id);
    expect(result).toBeDefined();
    const plays = feed.textLive(id, 'ENG');
    expect(plays.length).toBeGreaterThan(100);
    expect(plays[0]).toHaveProperty('section');
  });

  it('a tennis match plays games and sets with the serve changing hands', () => {
    const { feed, changes, tennis } = played();
    const id = tennis.id;
    const serves = new Set<number>();
    const pushed = new Set<number>();
    for (const { view: v, score } of tennis.ticks) {
      if (v?.matchStatus === MatchStatus.Live) {
        serves.add(v.serveIn);
        expect(v.matchClock.type).toBe('none');
        // A point's score push says who serves next, as the match view does: the app's markers follow each point.
        if (score?.kind === 'score') {
          expect(score.serveIn).toBe(v.serveIn);
          pushed.add(score.serveIn);
        }
      }
    }
    expect(serves).toEqual(new Set([1, 2]));
    expect(pushed).toEqual(new Set([1, 2]));
    const events = changes.flatMap((c) => (c.kind === 'event' && c.matchId === id ? [c.event.code] : []));
    expect(events.filter((c) => c === 'gameWon' || c === 'breakOfServe').length).toBeGreaterThan(10);
    expect(events.filter((c) => c === 'setWon').length).toBeGreaterThanOrEqual(2);
    const result = feed.resultOf(id)!;
    expect(result.bo === 3 || result.bo === 5).toBe(true);
    expect(result.scores.some((r) => r.tyg === 6)).toBe(true);
  });
});

describe('match data', () => {
  it('gives line-ups, statistics, weather, history, analysis, intelligence and media in every language', () => {
    const { feed } = world();
    const live = feed.matches({ type: 'inplay', sportId: 1 }).filter((m) => m.marketCount > 0);
    const id = live[0]!.matchId;
    const lineup = feed.lineup(id)!;
    expect(lineup.homeLine).toHaveLength(11);
    expect(lineup.awayBackup).toHaveLength(7);
    expect(lineup.homeFormation.reduce((a, b) => a + b, 0)).toBe(10);
    expect(new Set(lineup.homeLine.map((p) => p.number)).size).toBe(11);
    const weather = feed.weather(id)!;
    expect(weather.weather.ENG.length).toBeGreaterThan(0);
    expect(weather.weather_image).toMatch(/^[a-z-]+$/);
    const history = feed.history(id)!;
    expect(history.homeLastMatch).toHaveLength(10);
    expect(history.awayLastMatch).toHaveLength(10);
    expect(history.historyMatch.length).toBeGreaterThan(0);
    expect(history.leagueRanking.length).toBeGreaterThan(10);
    expect(history.goalDist.home.scored).toHaveLength(6);
    expect(['win', 'draw', 'lose']).toContain(history.homeLastMatch[0]!.status);
    const texts = (['CMN', 'zh-TW', 'ENG', 'VIE', 'THA'] as const).map((lang) => [...feed.analysis(id, lang), ...feed.intelligence(id, lang)].join('|'));
    expect(new Set(texts).size).toBe(5);
    for (const t of texts) expect(t.length).toBeGreaterThan(40);
    const media = feed.media(id)!;
    expect(media.videos.length).toBeGreaterThanOrEqual(1);
    expect(media.videos.length).toBeLessThanOrEqual(5);
    expect(media.videos[0]!.h5).toBe(`/media/live/${id}/1/index.m3u8`);
    expect(media.videos[0]!.pc).toBe(`/media/live/${id}/1.flv`);
    expect(media.animations[0]!.pc).toBe(`/media/animation/${id}`);
    expect(feed.stats(id).map((s) => s.key)).toEqual(expect.arrayContaining(['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards']));
    const basketball = feed.matches({ type: 'inplay', sportId: 3 })[0]!.matchId;
    expect(feed.lineup(basketball)!.homeLine).toHaveLength(5);
    expect(feed.stats(basketball).map((s) => s.key)).toEqual(expect.arrayContaining(['twoPointers', 'threePointers', 'freeThrows', 'rebounds', 'fouls', 'timeouts']));
    const groups = feed.betGroups(id);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.moneyHandicap.every((m) => m.kind === g.groupType && m.period === g.period)).toBe(true);
    const team = feed.team(live[0]!.matchInfo.homeId)!;
    expect(team.logo.colors).toHaveLength(2);
  });
});

describe('market ids', () => {
  it('a line move opens a new market id that carries the old one, and the old id still resolves', () => {
    const { feed, clock, changes } = makeFeed(51);
    let moved: Market | undefined;
    for (let i = 0; i < 10 && !moved; i++) {
      run(feed, clock, 1, 1000);
      moved = changes.flatMap((c) => (c.kind === 'odds' ? c.markets : [])).find((m) => m.oldMarketId !== undefined);
    }
    expect(moved).toBeDefined();
    const old = feed.market(moved!.oldMarketId!);
    expect(old).toBeDefined();
    expect(old!.status).toBe(-1);
    expect(old!.replacedBy).toBeDefined();
    expect(old!.matchId).toBe(moved!.matchId);
    expect(old!.kind).toBe(moved!.kind);
    expect(old!.line).not.toBe(moved!.line);
    expect(feed.option(moved!.marketId, moved!.options[0]!.type)?.option.odd).toBeDefined();
  });
});

/** What names a fixture and its state, leaving out prices (market ids restart with the process). */
function fixtureOf(m: MatchView): unknown {
  const { matchCount: _c, marketCount: _m, betGroup: _b, ...rest } = m;
  return rest;
}

function resultOf(r: MatchResult): unknown {
  const { settledMarkets: _s, ...rest } = r;
  return rest;
}

function eventOf(e: MatchEvent): unknown {
  return { seq: e.seq, type: e.type, code: e.code, time: e.time, second: e.second, period: e.period, team: e.team, player: e.player?.id, score: [e.homeScore, e.awayScore], dangerous: e.dangerous };
}

/**
 * One feed plays a whole simulated day for two tests, as building a world and simulating hours of every sport is most of
 * this file's time: the restart test plays its first thirteen hours beside a feed started seven hours in, the soak test
 * the rest of the day. (Each still runs alone: the soak test plays whatever of the day is left.)
 */
let theDay: { feed: Feed; clock: ReturnType<typeof fakeClock> } | undefined;
function day(): { feed: Feed; clock: ReturnType<typeof fakeClock> } {
  if (!theDay) {
    const clock = fakeClock(START);
    theDay = { clock, feed: createFeed({ seed: 17, speed: 3600, now: clock.now }) };
  }
  return theDay;
}

describe('a simulated day', () => {
  it('a feed started 7 hours later names the same fixtures and outrights and replays the matches in progress', () => {
    const { feed: a, clock: early } = day();
    expect(a.now()).toBe(START);
    run(a, early, 7, 1000);
    const late = fakeClock(START + 7 * HOUR);
    const b = createFeed({ seed: 17, speed: 3600, now: late.now });
    expect(b.now()).toBe(a.now());

    const listed = b.matches();
    expect(listed.length).toBeGreaterThan(1000);
    expect(listed.map(fixtureOf)).toEqual(a.matches().map(fixtureOf));
    for (const m of listed) expect(slotOfMatch(m.matchId) * SLOT_MS).toBe(m.beginTime);
    const outrights = (f: Feed): unknown => f.matches({ type: 'outright' }).map((o) => ({ id: o.matchId, markets: f.markets(o.matchId) }));
    expect(outrights(b)).toEqual(outrights(a));

    // Results both played out (the later feed simulates the 6 hours before its start).
    const since = START + HOUR;
    const resultsOf = (f: Feed): MatchResult[] => f.results({ from: since, to: f.now() }).filter((r) => r.matchFormat !== 'outright');
    const shared = resultsOf(b);
    expect(shared.length).toBeGreaterThan(300);
    expect(shared.map(resultOf)).toEqual(resultsOf(a).map(resultOf));
    // Matches that ended shortly before the restart still show their events (kept two hours).
    const recent = shared.filter((r) => r.endTime > b.now() - 1.5 * HOUR && r.matchStatus !== MatchStatus.Cancelled && r.matchStatus !== MatchStatus.Postponed);
    expect(recent.length).toBeGreaterThan(100);
    for (const r of recent) expect(b.events(r.matchId).map(eventOf)).toEqual(a.events(r.matchId).map(eventOf));

    // The matches in progress at the restart went as in the run that never stopped, and end the
    // same; each is compared on the first hourly tick after its end, while its events are kept.
    const pending = new Set(b.matches({ type: 'inplay' }).map((m) => m.matchId));
    expect(pending.size).toBeGreaterThan(100);
    let events = 0;
    for (const id of pending) {
      events += b.events(id).length;
      expect(b.events(id).map(eventOf)).toEqual(a.events(id).map(eventOf));
    }
    expect(events).toBeGreaterThan(5000);
    for (let hour = 0; hour < 6 && pending.size > 0; hour++) {
      run(a, early, 1, 1000);
      run(b, late, 1, 1000);
      for (const id of pending) {
        const result = b.resultOf(id);
        if (!result) continue;
        expect(resultOf(result)).toEqual(resultOf(a.resultOf(id)!));
        expect(b.events(id).map(eventOf)).toEqual(a.events(id).map(eventOf));
        pending.delete(id);
      }
    }
    expect(pending.size).toBe(0);
  });

  it('never runs dry: after a simulated day every sport still has matches in every list', () => {
    const { feed, clock } = day();
    // Whatever of the day the restart test left to play (all of it when this runs alone), an hour a tick.
    while (feed.now() < START + 24 * HOUR) run(feed, clock, 1, 1000);
    for (const p of PROFILES) {
      for (const type of ['inplay', 'today', 'early', 'outright'] as const) {
        if (feed.matches({ type, sportId: p.sportId }).length === 0) throw new Error(`sport ${p.sportId} ran out of ${type} matches`);
      }
    }
    const dayResults = feed.results({ from: START, to: feed.now() });
    expect(dayResults.length).toBeGreaterThan(1000);
    expect(dayResults.some((r) => r.matchStatus === MatchStatus.Cancelled || r.matchStatus === MatchStatus.Postponed)).toBe(true);
    expect(dayResults.some((r) => r.matchStatus === MatchStatus.Abandoned)).toBe(true);
    const played = dayResults.filter((r) => r.away && (r.matchStatus === MatchStatus.Ended || r.matchStatus === MatchStatus.Abandoned)).sort((a, b) => a.beginTime - b.beginTime);
    const lastEnd = new Map<number, MatchResult>();
    const clashes: string[] = [];
    for (const r of played) {
      for (const team of [r.home.id, r.away!.id]) {
        const prev = lastEnd.get(team);
        if (prev && prev.endTime > r.beginTime) clashes.push(`team ${team}: ${prev.matchId} until ${prev.endTime}, ${r.matchId} from ${r.beginTime}`);
        lastEnd.set(team, r);
      }
    }
    expect(clashes).toEqual([]);
    // A season's result carries the season's start, weeks before the day it settled.
    const seasons = feed.results({ from: START - 31 * 86_400_000, to: feed.now() }).filter((r) => r.matchFormat === 'outright');
    expect(seasons.some((r) => r.endTime > START && r.winnerTeamId !== undefined && r.settledMarkets.length > 0)).toBe(true);
  });
});

describe('restarts', () => {
  it('ticking every 100 ms or every 7 s plays every match the same', () => {
    const fine = fakeClock();
    const coarse = fakeClock();
    // Rare time-only repricing keeps the 70 fine ticks cheap; prices never feed back into play. About three simulated
    // hours (each fine tick is five simulated minutes): over 200 matches end in them, over 100 in the last hour, the
    // same comparison the six hours this once played gave at twice the cost.
    const f = createFeed({ seed: 23, speed: 1500, now: fine.now, historyHours: 0, repriceMs: 600_000 });
    const c = createFeed({ seed: 23, speed: 1500, now: coarse.now, historyHours: 0, repriceMs: 600_000 });
    run(f, fine, 70, 100);
    run(c, coarse, 1, 7000);
    expect(c.now()).toBe(f.now());
    const results = c.results({ from: START, to: c.now() });
    expect(results.filter((r) => r.matchStatus === MatchStatus.Ended).length).toBeGreaterThan(200);
    expect(results.map(resultOf)).toEqual(f.results({ from: START, to: f.now() }).map(resultOf));
    const recent = results.filter((r) => r.matchStatus === MatchStatus.Ended && r.endTime > c.now() - HOUR && r.away);
    expect(recent.length).toBeGreaterThan(20);
    for (const r of recent) {
      const events = c.events(r.matchId);
      expect(events.length).toBeGreaterThan(0);
      expect(events.map(eventOf)).toEqual(f.events(r.matchId).map(eventOf));
    }
  });
});
