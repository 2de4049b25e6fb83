import type { FeedOrigin } from './options';

/**
 * The simulated clock: `speed` simulated ms per real ms from its origin (the moment the feed is made, or the origin
 * the instances share), plus what test controls shifted it by.
 */
export class SimClock {
  private readonly realStart: number;
  private readonly simStart: number;
  /** Simulated ms added by shift (test controls): the whole world moves forward at once. */
  private shiftedMs = 0;

  constructor(
    readonly real: () => number,
    private readonly speed: number,
    origin: FeedOrigin | undefined,
    realNow: number,
  ) {
    // Without an origin the simulated clock starts now; with one (the instances' shared origin) it continues it.
    this.realStart = origin?.realStart ?? realNow;
    this.simStart = origin?.simStart ?? realNow;
  }

  /** The simulated instant of a real one. */
  at(real: number): number {
    return this.simStart + (real - this.realStart) * this.speed + this.shiftedMs;
  }

  now(): number {
    return this.at(this.real());
  }

  shift(ms: number): void {
    if (!(ms > 0) || !Number.isFinite(ms)) throw new RangeError('shiftClock: ms must be a positive number');
    this.shiftedMs += ms;
  }
}

/** Calls tick on a real timer (unref'd, so it never keeps the process alive); an error goes to onError. */
export class Ticker {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly tick: () => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (error) {
        this.onError(error);
      }
    }, intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
