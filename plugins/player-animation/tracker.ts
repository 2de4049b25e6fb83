/**
 * The match tracker's state and how the platform's answers and pushes change it. Pure: no React, no timers; the
 * component keeps one TrackerState and replaces it with what these functions return.
 *
 * Event codes are the feed's (server/src/feed/codes.ts): football uses the spec's event types (1 goal ... 27
 * penalty end), every other sport the platform's codes from 100, with a `code` naming the wording
 * (twoPointer, pointWon, ...).
 */

import type { StatRow as WireStatRow } from '../../contract/matchData';
import type { AnimationClock, AnimationData, AnimationEvent, AnimationScoreRow } from '../../contract/media';
import { servingSide, type AnimationField } from '../../src/sdk';

export type Side = 'home' | 'away';
/** The field a sport's plugin says it is played on (`matchDetail.animationField`), or a generic scoreboard. */
export type TrackerKind = AnimationField | 'generic';

/** Wire languages (the keys of an event's text in a push). */
export type WireLanguage = 'CMN' | 'zh-TW' | 'ENG' | 'VIE' | 'THA';

// The route's answer (GET /media/animation/:matchId, docs/api.md "Animation"): the contract's types.
export type TrackerEvent = AnimationEvent;
export type StatRow = WireStatRow;
export type ScoreRow = AnimationScoreRow;
export type TrackerClock = AnimationClock;
export type AnimationStart = AnimationData;

/** What the tracker draws for the latest event: an action of a side. */
export type Action =
  | 'none'
  | 'kickOff'
  | 'possession'
  | 'attack'
  | 'dangerousAttack'
  | 'shotOnTarget'
  | 'shotOffTarget'
  | 'corner'
  | 'freeKick'
  | 'throwIn'
  | 'goalKick'
  | 'penalty'
  | 'penaltyMissed'
  | 'goal'
  | 'yellowCard'
  | 'redCard'
  | 'substitution'
  | 'injuryTime'
  | 'break'
  | 'fullTime'
  // basketball
  | 'twoPoints'
  | 'threePoints'
  | 'freeThrow'
  | 'freeThrowMissed'
  | 'miss'
  | 'rebound'
  | 'foul'
  | 'turnover'
  | 'timeout'
  | 'periodStart'
  | 'periodEnd'
  // other sports
  | 'score'
  | 'point'
  | 'ace'
  | 'doubleFault'
  | 'game'
  | 'set'
  | 'frame'
  | 'out'
  | 'knockdown'
  | 'interrupted'
  | 'resumed';

/** A short-lived highlight the component shows for a few seconds and then dismisses (by its seq). */
export interface Flash {
  kind: 'goal' | 'score';
  side: Side;
  /** Points of a basketball score (1 free throw, 2, 3); 0 for a goal. */
  points: number;
  seq: number;
}

/** The latest event named on the field for a few seconds (the component dismisses it by its seq). */
export interface Callout {
  action: Action;
  side: Side | null;
  seq: number;
  homeScore: number;
  awayScore: number;
}

export interface TrackerState {
  matchId: number;
  sportId: number;
  kind: TrackerKind;
  matchStatus: number;
  inPlay: boolean;
  period: number;
  matchPeriod: string;
  clock: TrackerClock;
  /** Client ms when the clock was last set, so a running clock ticks locally. */
  clockAt: number;
  homeScore: number;
  awayScore: number;
  score: ScoreRow[];
  home: string;
  away: string;
  /**
   * The feed's field: 1 home serves, 2 away, 0 unknown or not a serving sport. Taken as answered and as each score
   * push carries it, never worked out from events, so the tracker shows the serve the scoreboard shows (servingOf).
   */
  serveIn: number;
  stats: StatRow[];
  /** Latest events, oldest first (at most TICKER_EVENTS). */
  events: TrackerEvent[];
  /** The latest situation (what the drawing's label states) and its side (null for match-level ones). */
  action: Action;
  side: Side | null;
  /** The play the field shows: the latest event that moves the ball. */
  ball: { action: Action; side: Side | null };
  /** Football cards shown this match, per side (from the statistics, then counted from events). */
  cards: Record<Side, { yellow: number; red: number }>;
  flash: Flash | null;
  callout: Callout | null;
}

export const TICKER_EVENTS = 30;

/** Who serves now, by the scoreboard's rule (src/core/domain/serve.ts): the feed's field, while in play. */
export function servingOf(state: Pick<TrackerState, 'serveIn' | 'inPlay'>): Side | null {
  const side = servingSide(state.serveIn, state.inPlay);
  return side === 1 ? 'home' : side === 2 ? 'away' : null;
}
/** Statuses a match shows while in play (live, interrupted, suspended, coverage lost), as the platform's. */
const IN_PLAY: ReadonlySet<number> = new Set([1, 4, 8, 9]);

/** The spec's football event types. */
const FOOTBALL_ACTIONS: Readonly<Record<number, Action>> = {
  1: 'goal',
  2: 'corner',
  3: 'yellowCard',
  4: 'redCard',
  5: 'throwIn',
  6: 'freeKick',
  7: 'goalKick',
  8: 'penalty',
  9: 'substitution',
  10: 'kickOff',
  11: 'kickOff',
  12: 'fullTime',
  13: 'break',
  15: 'redCard',
  16: 'penaltyMissed',
  17: 'goal',
  19: 'injuryTime',
  21: 'shotOnTarget',
  22: 'shotOffTarget',
  23: 'attack',
  24: 'dangerousAttack',
  25: 'possession',
  26: 'break',
  27: 'fullTime',
};

/** The platform's codes of the other sports (codes.ts SportEvent), refined by the wording key where it says more. */
const SPORT_ACTIONS: Readonly<Record<number, Action>> = {
  100: 'periodStart',
  101: 'periodEnd',
  102: 'fullTime',
  103: 'score',
  104: 'point',
  105: 'game',
  106: 'set',
  107: 'frame',
  108: 'score',
  109: 'score',
  110: 'out',
  112: 'timeout',
  113: 'foul',
  114: 'rebound',
  115: 'miss',
  116: 'turnover',
  117: 'ace',
  118: 'doubleFault',
  119: 'knockdown',
  120: 'point',
  121: 'fullTime',
  130: 'interrupted',
  131: 'resumed',
  132: 'interrupted',
  133: 'resumed',
  134: 'fullTime',
};

const CODE_ACTIONS: Readonly<Record<string, Action>> = {
  twoPointer: 'twoPoints',
  threePointer: 'threePoints',
  freeThrowMade: 'freeThrow',
  freeThrowMissed: 'freeThrowMissed',
  decision: 'fullTime',
  draw: 'fullTime',
};

/** Football shoot-out kicks use the penalty types; they are not goals of the match. */
const SHOOTOUT_CODES: ReadonlySet<string> = new Set(['shootoutScored', 'shootoutMissed']);

export function actionOf(kind: TrackerKind, event: Pick<TrackerEvent, 'type' | 'code'>): Action {
  if (kind === 'football') {
    if (SHOOTOUT_CODES.has(event.code)) return event.code === 'shootoutScored' ? 'penalty' : 'penaltyMissed';
    return FOOTBALL_ACTIONS[event.type] ?? 'none';
  }
  return CODE_ACTIONS[event.code] ?? SPORT_ACTIONS[event.type] ?? 'none';
}

const BASKETBALL_POINTS: Partial<Record<Action, number>> = { twoPoints: 2, threePoints: 3, freeThrow: 1 };

/** Events that change neither the drawing nor the situation it states (possession shares, added time). */
const SILENT: ReadonlySet<Action> = new Set<Action>(['none', 'possession', 'injuryTime']);
/** Events shown as a team badge: the situation names them, the ball stays where the play was. */
const BADGES: ReadonlySet<Action> = new Set<Action>(['yellowCard', 'redCard', 'substitution']);

/**
 * Statistics an event adds to, per tracker kind: football attacks, shots, corners and cards; basketball made
 * shots, fouls and timeouts (the feed counts them one for one with these events). Possession comes from the
 * statistics the route answered and is not recounted.
 */
const EVENT_STATS: Record<TrackerKind, Partial<Record<Action, readonly string[]>>> = {
  football: {
    attack: ['attacks'],
    dangerousAttack: ['dangerousAttacks', 'attacks'],
    shotOnTarget: ['shotsOnTarget'],
    shotOffTarget: ['shotsOffTarget'],
    corner: ['corners'],
  },
  basketball: {
    twoPoints: ['twoPointers'],
    threePoints: ['threePointers'],
    freeThrow: ['freeThrows'],
    foul: ['fouls'],
    timeout: ['timeouts'],
  },
  tennis: {
    ace: ['aces'],
    doubleFault: ['doubleFaults'],
    point: ['pointsWon'],
  },
  generic: {},
};

/** Statistics an event's wording adds to where its action says less (a game won against the serve is a break). */
const CODE_STATS: Readonly<Record<string, readonly string[]>> = { breakOfServe: ['breaks'] };

function addStats(stats: StatRow[], keys: readonly string[] | undefined, side: Side | null): StatRow[] {
  if (!keys || !side || stats.length === 0) return stats;
  return stats.map((s) => (keys.includes(s.key) ? { ...s, [side]: s[side] + 1 } : s));
}

function cardsOf(stats: readonly StatRow[]): TrackerState['cards'] {
  const get = (key: string, side: Side) => stats.find((s) => s.key === key)?.[side] ?? 0;
  return {
    home: { yellow: get('yellowCards', 'home'), red: get('redCards', 'home') },
    away: { yellow: get('yellowCards', 'away'), red: get('redCards', 'away') },
  };
}

/** The latest event that matches, newest first. */
function latest(kind: TrackerKind, events: readonly TrackerEvent[], keep: (action: Action) => boolean): { action: Action; side: Side | null } {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TrackerEvent;
    const action = actionOf(kind, e);
    if (keep(action)) return { action, side: e.team };
  }
  return { action: 'none', side: null };
}

/** The tracker of a match from the route's answer, drawn on `kind`'s field and reading events as that sport does. */
export function initialState(start: AnimationStart, now: number, kind: TrackerKind = 'generic'): TrackerState {
  const events = start.events.slice(-TICKER_EVENTS);
  return {
    matchId: start.matchId,
    sportId: start.sportId,
    kind,
    matchStatus: start.matchStatus,
    inPlay: start.inPlay,
    period: start.period,
    matchPeriod: start.matchPeriod,
    clock: start.clock,
    clockAt: now,
    homeScore: start.homeScore,
    awayScore: start.awayScore,
    score: start.score,
    home: start.home.name,
    away: start.away.name,
    serveIn: start.serveIn,
    stats: start.stats,
    events,
    ...latest(kind, events, (a) => !SILENT.has(a)),
    ball: latest(kind, events, (a) => !SILENT.has(a) && !BADGES.has(a)),
    cards: cardsOf(start.stats),
    flash: null,
    // The starting state's events are history, not news: nothing is named on the field for them.
    callout: null,
  };
}

export function applyEvent(state: TrackerState, event: TrackerEvent): TrackerState {
  // A push can repeat what the route already answered (subscribed before the answer arrived).
  if (state.events.some((e) => e.seq === event.seq)) return state;
  const action = actionOf(state.kind, event);
  const side = event.team;
  const events = [...state.events, event].slice(-TICKER_EVENTS);
  let { cards, flash } = state;
  if (side && (action === 'yellowCard' || action === 'redCard')) {
    const red = action === 'redCard';
    cards = { ...cards, [side]: { yellow: cards[side].yellow + (red ? 0 : 1), red: cards[side].red + (red ? 1 : 0) } };
  }
  if (side && action === 'goal') {
    // An own goal's team is the side credited with it (the feed's convention), so the overlay names the scorer side.
    flash = { kind: 'goal', side, points: 0, seq: event.seq };
  } else if (side && state.kind === 'basketball' && BASKETBALL_POINTS[action]) {
    flash = { kind: 'score', side, points: BASKETBALL_POINTS[action] as number, seq: event.seq };
  } else if (side && state.kind === 'generic' && action === 'score') {
    flash = { kind: 'score', side, points: 0, seq: event.seq };
  }
  const silent = SILENT.has(action);
  return {
    ...state,
    events,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
    stats: addStats(addStats(state.stats, EVENT_STATS[state.kind][action], side), CODE_STATS[event.code], side),
    cards,
    flash,
    callout: silent ? state.callout : { action, side, seq: event.seq, homeScore: event.homeScore, awayScore: event.awayScore },
    action: silent ? state.action : action,
    side: silent ? state.side : side,
    ball: silent || BADGES.has(action) ? state.ball : { action, side },
  };
}

export function applyScore(state: TrackerState, push: { homeScore: number; awayScore: number; score: ScoreRow[]; period: number; serveIn?: number }): TrackerState {
  return { ...state, homeScore: push.homeScore, awayScore: push.awayScore, score: push.score, period: push.period, serveIn: push.serveIn ?? state.serveIn };
}

export function applyClock(state: TrackerState, clock: TrackerClock, now: number): TrackerState {
  return { ...state, clock, clockAt: now };
}

export function applyStatus(state: TrackerState, push: { matchStatus: number; period: number; matchPeriod?: Partial<Record<WireLanguage, string>> }, language: WireLanguage): TrackerState {
  return {
    ...state,
    matchStatus: push.matchStatus,
    inPlay: IN_PLAY.has(push.matchStatus),
    period: push.period,
    matchPeriod: push.matchPeriod?.[language] ?? state.matchPeriod,
  };
}

export function applyEnded(state: TrackerState, push: { matchStatus: number }): TrackerState {
  return { ...state, matchStatus: push.matchStatus, inPlay: false, clock: { ...state.clock, running: false }, action: 'fullTime', side: null, ball: { action: 'fullTime', side: null } };
}

export function applyStats(state: TrackerState, stats: StatRow[]): TrackerState {
  return { ...state, stats, cards: cardsOf(stats) };
}

export function dismissFlash(state: TrackerState, seq: number): TrackerState {
  return state.flash?.seq === seq ? { ...state, flash: null } : state;
}

export function dismissCallout(state: TrackerState, seq: number): TrackerState {
  return state.callout?.seq === seq ? { ...state, callout: null } : state;
}

/** Seconds on the clock at `now`, ticking locally while it runs (down-clocks stop at zero). */
export function clockSeconds(state: Pick<TrackerState, 'clock' | 'clockAt'>, now: number): number {
  const { running, second, type } = state.clock;
  if (!running || type === 'none') return second;
  const elapsed = Math.max(0, Math.floor((now - state.clockAt) / 1000));
  return type === 'down' ? Math.max(0, second - elapsed) : second + elapsed;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const side = (value: unknown): Side | null => (value === 'home' || value === 'away' ? value : null);

/** An event from a push (its text in all five languages) or the route (text in one), or undefined if malformed. */
export function parseEvent(raw: unknown, language: WireLanguage): TrackerEvent | undefined {
  if (!isRecord(raw)) return undefined;
  const seq = num(raw.seq);
  const type = num(raw.type);
  if (seq === undefined || type === undefined) return undefined;
  const text = typeof raw.text === 'string' ? raw.text : isRecord(raw.text) ? String(raw.text[language] ?? raw.text.CMN ?? '') : '';
  const event: TrackerEvent = {
    seq,
    type,
    code: typeof raw.code === 'string' ? raw.code : '',
    team: side(raw.team),
    second: num(raw.second) ?? 0,
    period: num(raw.period) ?? 0,
    homeScore: num(raw.homeScore) ?? 0,
    awayScore: num(raw.awayScore) ?? 0,
    text,
  };
  const section = num(raw.section);
  if (section !== undefined) event.section = section;
  if (typeof raw.clockText === 'string') event.clockText = raw.clockText;
  return event;
}

/**
 * Applies one message of `match:<id>:score` (server/src/push/feedPublisher.ts): event, score, clock, status,
 * ended. Anything else, or a message of another match, leaves the state as it is.
 */
export function applyPush(state: TrackerState, data: unknown, language: WireLanguage, now: number): TrackerState {
  if (!isRecord(data) || data.matchId !== state.matchId) return state;
  switch (data.kind) {
    case 'event': {
      const event = parseEvent(data.event, language);
      return event ? applyEvent(state, event) : state;
    }
    case 'score':
      if (num(data.homeScore) === undefined || num(data.awayScore) === undefined) return state;
      return applyScore(state, {
        homeScore: data.homeScore as number,
        awayScore: data.awayScore as number,
        score: Array.isArray(data.score) ? (data.score as ScoreRow[]) : state.score,
        period: num(data.period) ?? state.period,
        // The feed's field, as the scoreboard takes it from the same push (liveBook).
        ...(num(data.serveIn) !== undefined ? { serveIn: num(data.serveIn) as number } : {}),
      });
    case 'clock':
      return isRecord(data.clock) ? applyClock(state, data.clock as unknown as TrackerClock, now) : state;
    case 'status':
      if (num(data.matchStatus) === undefined) return state;
      return applyStatus(state, { matchStatus: data.matchStatus as number, period: num(data.period) ?? state.period, ...(isRecord(data.matchPeriod) ? { matchPeriod: data.matchPeriod as Record<WireLanguage, string> } : {}) }, language);
    case 'ended':
      return applyEnded(state, { matchStatus: num(data.matchStatus) ?? 2 });
    default:
      return state;
  }
}

/** Where the ball is on a 0-100 × 0-100 pitch with home attacking to the right (x = 100). */
export interface BallSpot {
  x: number;
  y: number;
  /** Which third of the pitch (from the left), or the box of a side. */
  zone: 'homeBox' | 'homeThird' | 'middle' | 'awayThird' | 'awayBox';
}

const SPOTS: Partial<Record<Action, { x: number; y: number }>> = {
  kickOff: { x: 50, y: 50 },
  possession: { x: 45, y: 50 },
  attack: { x: 74, y: 40 },
  dangerousAttack: { x: 88, y: 45 },
  shotOnTarget: { x: 96, y: 50 },
  shotOffTarget: { x: 97, y: 30 },
  corner: { x: 99, y: 2 },
  freeKick: { x: 66, y: 55 },
  throwIn: { x: 55, y: 1 },
  goalKick: { x: 6, y: 50 },
  penalty: { x: 89, y: 50 },
  penaltyMissed: { x: 97, y: 42 },
  goal: { x: 99, y: 50 },
};

function zoneOf(x: number): BallSpot['zone'] {
  if (x < 17) return 'homeBox';
  if (x < 34) return 'homeThird';
  if (x <= 66) return 'middle';
  if (x <= 83) return 'awayThird';
  return 'awayBox';
}

/** The ball for a football action: attacks go toward the opponent's goal, a corner to the flag on that side. */
export function ballSpot(action: Action, side: Side | null): BallSpot {
  const spot = SPOTS[action];
  if (!spot || !side) return { x: 50, y: 50, zone: 'middle' };
  const x = side === 'home' ? spot.x : 100 - spot.x;
  return { x, y: spot.y, zone: zoneOf(x) };
}

/** The technical statistics shown as bars, in order, where the match has them. */
export const BAR_STATS: Record<TrackerKind, readonly string[]> = {
  football: ['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners'],
  basketball: ['twoPointers', 'threePointers', 'freeThrows', 'fouls', 'timeouts'],
  tennis: ['aces', 'doubleFaults', 'breaks', 'pointsWon'],
  generic: [],
};

/** Football's half-time breaks (the feed's period ids: half-time, and half-time of extra time). */
const FOOTBALL_HALF_TIMES: ReadonlySet<number> = new Set([2, 7]);
/** The minute a football half's regular time ends, per playing period; later minutes are stoppage time. */
const FOOTBALL_HALF_ENDS: Readonly<Record<number, number>> = { 1: 45, 3: 90, 6: 105, 8: 120 };

/**
 * A football match at half-time: its clock stands at the half's end, which is no minute to show (the break is not
 * played time), so the tracker names the break instead.
 */
export function atHalfTime(state: Pick<TrackerState, 'kind' | 'period'>): boolean {
  return state.kind === 'football' && FOOTBALL_HALF_TIMES.has(state.period);
}

/**
 * The time an event shows in the ticker: football's minute (45+2' in stoppage time), or `halfTimeLabel` for what
 * happens at half-time (the feed stamps it with the second after the half, which reads as a running 46'); basketball's
 * game clock.
 */
export function eventTime(kind: TrackerKind, event: Pick<TrackerEvent, 'second' | 'period' | 'clockText'>, halfTimeLabel: string): string {
  if (event.clockText) return event.clockText;
  if (kind !== 'football') return '';
  if (atHalfTime({ kind, period: event.period })) return halfTimeLabel;
  const minute = Math.floor(event.second / 60) + 1;
  const cap = FOOTBALL_HALF_ENDS[event.period];
  return cap !== undefined && minute > cap ? `${cap}+${minute - cap}'` : `${minute}'`;
}
