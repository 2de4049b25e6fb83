import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../../clock';
import { createFeed, MARKET_ID_SPAN, type Feed, type MarketsReplica } from '..';

const START = Date.UTC(2025, 0, 1);
const origin = { realStart: START, simStart: START };

/** A leader and a follower on one origin, the leader's odds changes carried to the follower as Redis would. */
function pair() {
  const clock = createFakeClock(START);
  const leader = createFeed({ seed: 3, speed: 60, origin, now: () => clock.now(), historyHours: 0 });
  const follower = createFeed({ seed: 3, speed: 60, origin, following: true, now: () => clock.now(), historyHours: 0 });
  const carried: MarketsReplica[] = [];
  leader.on((change) => {
    if (change.kind !== 'odds') return;
    const replica = leader.replicaOf(change.matchId, change.markets);
    if (replica) carried.push(JSON.parse(JSON.stringify(replica)) as MarketsReplica);
  });
  const step = (ms: number) => {
    clock.advance(ms);
    leader.tick();
    follower.tick();
    for (const replica of carried.splice(0)) follower.replicate(replica);
  };
  return { clock, leader, follower, step };
}

// Building a feed's world is most of this file's time, so tests that only read share a pair, and the two that step
// through roles after the replication test share its pair (each works at any moment of play).
let readOnly: ReturnType<typeof pair> | undefined;
const readOnlyPair = () => (readOnly ??= pair());
let stepped: ReturnType<typeof pair> | undefined;
const steppedPair = () => (stepped ??= pair());

const inPlay = (feed: Feed) => feed.matches({ type: 'inplay' }).map((m) => m.matchId);
const marketsOf = (feed: Feed, ids: number[]) => ids.flatMap((id) => feed.markets(id));

describe('a follower feed', () => {
  it('plays the same matches but shows no in-play price of its own until the leader sends one', () => {
    const { leader, follower } = readOnlyPair();
    expect(follower.following).toBe(true);
    expect(inPlay(follower)).toEqual(inPlay(leader));
    expect(inPlay(leader).length).toBeGreaterThan(5);
    expect(marketsOf(leader, inPlay(leader)).length).toBeGreaterThan(0);
    expect(marketsOf(follower, inPlay(follower))).toEqual([]);
  });

  it('prices pre-match markets as the leader does (a function of the match alone)', () => {
    const { leader, follower } = readOnlyPair();
    const upcoming = leader.matches({ type: 'today' }).slice(0, 20).map((m) => m.matchId);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(marketsOf(follower, upcoming)).toEqual(marketsOf(leader, upcoming));
  });

  it('holds the leader markets (ids, lines, odds, suspensions) after each change, and any market the leader opened resolves', () => {
    const { leader, follower, step } = steppedPair();
    // Ten simulated minutes, a minute a step: every match in play is repriced many times and hundreds of lines are
    // replaced (thirty minutes, which this ran before, checked the same changes three times as long).
    for (let i = 0; i < 10; i++) step(1000);
    // Every match the leader repriced since the follower started (a match whose prices never change stays empty on
    // the follower until its first change: that is documented).
    const live = inPlay(follower).filter((id) => follower.markets(id).length > 0);
    expect(live.length).toBeGreaterThan(5);
    expect(marketsOf(follower, live)).toEqual(marketsOf(leader, live));
    for (const m of marketsOf(leader, live)) {
      expect(follower.market(m.marketId)).toEqual(m);
      const option = m.options[0]!;
      expect(follower.option(m.marketId, option.type)?.option.odd).toBe(option.odd);
    }
    // Replaced lines stay resolvable as the leader's do (bets placed on them still settle on their own line).
    const replaced = live.flatMap((id) => leader.markets(id)).filter((m) => m.oldMarketId !== undefined);
    expect(replaced.length).toBeGreaterThan(0);
    for (const m of replaced) expect(follower.market(m.oldMarketId!)).toEqual(leader.market(m.oldMarketId!));
  });

  it('ignores what arrives while it leads', () => {
    const { leader, follower } = readOnlyPair();
    const id = inPlay(leader).find((m) => leader.markets(m).length > 0)!;
    const own = leader.markets(id);
    // A replica that differs from the leader's own book in every price: applied, it would show.
    const replica = JSON.parse(JSON.stringify(leader.replicaOf(id, [])!)) as MarketsReplica;
    for (const { market } of replica.markets) for (const option of market.options) option.odd = (Number(option.odd) + 1).toFixed(2);
    leader.replicate(replica);
    expect(leader.markets(id)).toEqual(own);
    expect(follower.following).toBe(true);
  });

  it('on promotion prices itself: new line ids continue after the leader highest, lines move from the leader', () => {
    const { leader, follower, step } = pair();
    for (let i = 0; i < 10; i++) step(1000);
    const live = inPlay(leader).filter((id) => leader.markets(id).length > 0);
    const highest = new Map(live.map((id) => [id, Math.max(...leader.markets(id).map((m) => m.marketId))]));
    follower.follow(false);
    expect(follower.following).toBe(false);
    let moved = 0;
    for (let i = 0; i < 120 && moved === 0; i++) {
      step(1000);
      for (const id of live) {
        for (const m of follower.markets(id)) {
          expect(Math.floor(m.marketId / MARKET_ID_SPAN)).toBe(id);
          if (m.oldMarketId !== undefined && m.marketId > highest.get(id)!) {
            // A new line replaced a market the leader made: ids went on from the leader's, not from 1.
            expect(follower.market(m.oldMarketId)?.replacedBy).toBe(m.marketId);
            moved++;
          }
        }
      }
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('drops its own in-play prices when it steps down (a demoted leader), and takes the new leader ones', () => {
    const { leader, follower, step } = steppedPair();
    step(1000);
    leader.follow(true);
    expect(marketsOf(leader, inPlay(leader))).toEqual([]);
    follower.follow(false);
    step(1000);
    expect(marketsOf(follower, inPlay(follower)).length).toBeGreaterThan(0);
  });
});
