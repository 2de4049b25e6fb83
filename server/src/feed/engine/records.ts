import type { MatchLineups } from '../data/lineup';
import type { MediaPlan } from '../data/media';
import type { SportProfile } from '../fixtures/profiles';
import type { LeagueInfo, Team } from '../fixtures/world';
import type { Lang } from '../i18n';
import type { SimEvent, SportSim } from '../sports/sim';
import type { MatchEvent, MatchView, Pair } from '../types';
import type { MarketBook } from './marketBook';

/** What happens to a fixture besides being played: decided when it is scheduled. */
export interface Fate {
  /** Called off before the start, announced at `announceAt`. */
  calledOff: 'cancelled' | 'postponed' | null;
  announceAt: number;
  /** Kick-off later than announced, in ms (0: on time). */
  delayMs: number;
  /** Play stops at `at` live ms for `durationMs`; abandoned for good when `abandon`. */
  interruption: { at: number; durationMs: number; abandon: boolean } | null;
  /** The data feed drops at `at` live ms for `durationMs`. */
  coverage: { at: number; durationMs: number } | null;
}

export interface MatchRecord {
  id: number;
  sportId: number;
  profile: SportProfile;
  league: LeagueInfo;
  home: Team;
  away: Team;
  /** Announced kick-off (simulated epoch ms, on a 5-minute boundary). */
  beginTime: number;
  /** Actual kick-off (beginTime plus any delay). */
  kickoff: number;
  publishAt: number;
  isNeutral: boolean;
  mainEvent: boolean;
  fate: Fate;
  media: MediaPlan;
  status: number;
  published: boolean;
  sim: SportSim | null;
  book: MarketBook | null;
  lineups: MatchLineups | null | undefined;
  lineupPublished: boolean;
  events: MatchEvent[];
  /** Simulation events gathered while the world is built, turned into texts only if the match is still on. */
  rawEvents: Array<{ event: SimEvent; score: Pair; time: number }>;
  /** Live ms lost to interruptions so far. */
  pausedMs: number;
  paused: { since: number; durationMs: number } | null;
  interruptionDone: boolean;
  coverage: 'before' | 'lost' | 'done';
  /** Live ms until which the markets stay suspended after a dangerous event. */
  suspendUntil: number;
  reopenPending: boolean;
  /** Live ms of the last pricing. */
  lastPriced: number;
  dirty: boolean;
  clockEmittedReal: number;
  lastClock: string;
  /** Bumped on every change; views are cached per version. */
  version: number;
  views: Map<Lang, { version: number; view: MatchView }>;
  endedAt: number | null;
}
