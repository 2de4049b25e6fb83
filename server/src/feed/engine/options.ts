import { DEFAULT_MARGINS, type Margins } from '../pricing/margin';

export interface FeedOptions {
  /** FEED_SEED: the same seed and the same sequence of `now()` values give the same world. */
  seed: number;
  /** FEED_SPEED: simulated ms per real ms (1 = real time; 0 = frozen until shiftClock or a match is played). */
  speed?: number;
  /** The real clock, epoch ms. */
  now?: () => number;
  /**
   * Where the simulated clock starts: simulated time is simStart + (real - realStart) x speed. Instances sharing one
   * origin (cluster/feedOrigin.ts) play the same world at the same moment, and a restart continues it. Default: now.
   */
  origin?: FeedOrigin;
  /** Start as a follower (several instances): in-play prices come from the leader (Feed.replicate). */
  following?: boolean;
  margins?: Partial<Margins>;
  /** Hours of already finished matches simulated at start, so results are not empty. */
  historyHours?: number;
  /** How far ahead fixtures exist (each is published some hours before its start). */
  horizonHours?: number;
  /** Simulated ms a result is kept after the match ended. */
  resultRetentionMs?: number;
  /** Simulated ms a result keeps its settled markets. */
  settledRetentionMs?: number;
  /** Simulated ms a finished match stays reachable through match(), markets() and market(). */
  endedRetentionMs?: number;
  /** Simulated ms between time-only repricings of a live match. */
  repriceMs?: number;
  /** Simulated ms markets stay suspended after a dangerous event. */
  suspendMs?: number;
  /** Where a throwing listener's error goes (the feed carries on). */
  onError?: (error: unknown) => void;
}

export interface FeedOrigin {
  /** Real epoch ms. */
  realStart: number;
  /** Simulated epoch ms at realStart. */
  simStart: number;
}

export interface ResolvedOptions {
  seed: number;
  speed: number;
  now: () => number;
  origin: FeedOrigin | undefined;
  margins: Margins;
  historyHours: number;
  horizonHours: number;
  resultRetentionMs: number;
  settledRetentionMs: number;
  endedRetentionMs: number;
  repriceMs: number;
  suspendMs: number;
  onError: (error: unknown) => void;
}

const DAY = 86_400_000;

export function resolveOptions(o: FeedOptions): ResolvedOptions {
  if (!Number.isFinite(o.seed)) throw new RangeError('feed seed must be a finite number');
  const speed = o.speed ?? 1;
  if (!(speed >= 0) || !Number.isFinite(speed)) throw new RangeError('feed speed must be a number of 0 or more');
  return {
    seed: o.seed,
    speed,
    now: o.now ?? (() => Date.now()),
    origin: o.origin,
    margins: { ...DEFAULT_MARGINS, ...o.margins },
    historyHours: o.historyHours ?? 6,
    horizonHours: o.horizonHours ?? 72,
    resultRetentionMs: o.resultRetentionMs ?? 14 * DAY,
    settledRetentionMs: o.settledRetentionMs ?? 2 * DAY,
    endedRetentionMs: o.endedRetentionMs ?? 2 * 3_600_000,
    repriceMs: o.repriceMs ?? 20_000,
    suspendMs: o.suspendMs ?? 45_000,
    onError: o.onError ?? ((error) => console.error('feed listener failed', error)),
  };
}
