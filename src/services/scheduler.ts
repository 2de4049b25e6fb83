import type { LoopHandle as PluginLoopHandle, LoopOptions, LoopTask, Scheduler as PluginScheduler } from '../sdk/services';
import { consoleLogger, type Logger } from './logger';

export type { LoopOptions, LoopTask };

/** Spec section 9 (both documents): the intervals of every poll loop and the socket heartbeat, in ms. */
export const LOOP_INTERVALS = {
  orderStatus: 1000,
  waitingOrders: 3000,
  inPlay: 5000,
  matches: 60000,
  anchors: 20000,
  anchorList: 60000,
  anchorProxy: 60000,
  heartbeat: 10000,
} as const;

/** Spec section 9: the one-off delays ("loading flag clears 1 s after list load"; "batter popup hides after 5 s"), in ms. */
export const DELAYS = {
  listLoadingFlag: 1000,
  batterPopup: 5000,
} as const;

/** The app's side of the SDK's scheduler (schedulerRef): plugins see its narrower interfaces, which these extend. */
export interface LoopHandle extends PluginLoopHandle {
  readonly name: string;
  pause(): void;
  resume(): void;
  stop(): void;
  isRunning(): boolean;
}

export interface Scheduler extends PluginScheduler {
  every(name: string, intervalMs: number, task: LoopTask, opts?: LoopOptions): LoopHandle;
  /**
   * Runs `task` once, `delayMs` from now, under `name`: one-off timers (the list's loading flag) go through the
   * scheduler too, so stop(name) cancels them, registering the name again replaces the pending run, and stopAll
   * (unmount) leaves none behind.
   */
  once(name: string, delayMs: number, task: LoopTask): LoopHandle;
  pause(name: string): void;
  /** Resumes a paused loop and runs it at once: its data went stale while it was paused. */
  resume(name: string): void;
  stop(name: string): void;
  stopAll(): void;
  setVisible(visible: boolean): void;
  isRunning(name: string): boolean;
  /** Loops registered and not paused (manually or because the page is hidden). */
  activeCount(): number;
}

export interface SchedulerOptions {
  logger?: Logger;
  /** Whether the page starts visible; the app feeds visibility changes through setVisible. */
  visible?: boolean;
}

interface Loop {
  readonly name: string;
  readonly intervalMs: number;
  readonly task: LoopTask;
  readonly pauseWhenHidden: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: boolean;
  paused: boolean;
  stopped: boolean;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const logger = options.logger ?? consoleLogger;
  const loops = new Map<string, Loop>();
  let visible = options.visible ?? true;

  const isHeld = (loop: Loop) => loop.stopped || loop.paused || (!visible && loop.pauseWhenHidden);

  const clearTimer = (loop: Loop) => {
    if (loop.timer !== undefined) clearTimeout(loop.timer);
    loop.timer = undefined;
  };

  // setTimeout chaining rather than setInterval: the next run is planned only once the previous
  // task has settled, so a slow call never overlaps itself.
  const schedule = (loop: Loop, delayMs: number) => {
    if (isHeld(loop) || loop.inFlight || loop.timer !== undefined) return;
    loop.timer = setTimeout(() => run(loop), delayMs);
  };

  const run = (loop: Loop) => {
    loop.timer = undefined;
    if (isHeld(loop) || loop.inFlight) return;
    loop.inFlight = true;
    let outcome: Promise<unknown>;
    try {
      outcome = Promise.resolve(loop.task());
    } catch (error) {
      outcome = Promise.reject(error);
    }
    outcome
      .catch((error: unknown) => logger.warn(`[scheduler] loop "${loop.name}" failed`, error))
      .finally(() => {
        loop.inFlight = false;
        schedule(loop, loop.intervalMs);
      });
  };

  const stopLoop = (loop: Loop) => {
    loop.stopped = true;
    clearTimer(loop);
    if (loops.get(loop.name) === loop) loops.delete(loop.name);
  };

  const pauseLoop = (loop: Loop) => {
    loop.paused = true;
    clearTimer(loop);
  };

  const resumeLoop = (loop: Loop) => {
    if (loop.stopped) return;
    loop.paused = false;
    schedule(loop, 0);
  };

  const register = (name: string, intervalMs: number, task: LoopTask, opts: LoopOptions): LoopHandle => {
    const previous = loops.get(name);
    if (previous) stopLoop(previous);
    const loop: Loop = {
      name,
      intervalMs,
      task,
      pauseWhenHidden: opts.pauseWhenHidden ?? false,
      timer: undefined,
      inFlight: false,
      paused: false,
      stopped: false,
    };
    loops.set(name, loop);
    schedule(loop, opts.immediate ? 0 : intervalMs);
    return {
      name,
      pause: () => pauseLoop(loop),
      resume: () => resumeLoop(loop),
      stop: () => stopLoop(loop),
      isRunning: () => !isHeld(loop),
    };
  };

  return {
    every(name, intervalMs, task, opts = {}) {
      return register(name, intervalMs, task, opts);
    },
    once(name, delayMs, task) {
      // A loop that stops itself before its task runs: it never plans a second run, and a task that registers the
      // same name again is not cancelled by its own stop.
      const handle: LoopHandle = register(name, delayMs, () => {
        handle.stop();
        return task();
      }, {});
      return handle;
    },
    pause(name) {
      const loop = loops.get(name);
      if (loop) pauseLoop(loop);
    },
    resume(name) {
      const loop = loops.get(name);
      if (loop) resumeLoop(loop);
    },
    stop(name) {
      const loop = loops.get(name);
      if (loop) stopLoop(loop);
    },
    stopAll() {
      for (const loop of [...loops.values()]) stopLoop(loop);
    },
    setVisible(next) {
      if (next === visible) return;
      visible = next;
      for (const loop of loops.values()) {
        if (!loop.pauseWhenHidden) continue;
        if (visible) schedule(loop, 0);
        else clearTimer(loop);
      }
    },
    isRunning(name) {
      const loop = loops.get(name);
      return loop !== undefined && !isHeld(loop);
    },
    activeCount() {
      let count = 0;
      for (const loop of loops.values()) if (!isHeld(loop)) count += 1;
      return count;
    },
  };
}

export interface WaitForOptions {
  intervalMs?: number;
  tries?: number;
  /** Aborting resolves false at once and clears the pending timer, so an unmount leaves nothing behind. */
  signal?: AbortSignal;
}

/**
 * Spec: "A wait-for-condition helper polls every 500 ms, at most 5 times". The first try is
 * immediate; a condition that throws or rejects counts as not holding.
 */
export function waitFor(
  condition: () => boolean | Promise<boolean>,
  { intervalMs = 500, tries = 5, signal }: WaitForOptions = {},
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => finish(false);

    const check = async () => {
      timer = undefined;
      attempt += 1;
      let holds = false;
      try {
        holds = await condition();
      } catch {
        holds = false;
      }
      if (settled) return;
      if (holds) finish(true);
      else if (attempt >= tries) finish(false);
      else timer = setTimeout(check, intervalMs);
    };

    if (signal?.aborted) {
      finish(false);
      return;
    }
    signal?.addEventListener('abort', onAbort);
    void check();
  });
}

/**
 * The wait-for-condition helper applied to a load (the boot's domain configuration): tried like waitFor, at once and
 * then every 500 ms, 5 times at most, so a platform that is a moment late or drops one call does not fail the start.
 * Answers the first value; rejects with the last error when every try failed or the wait was aborted.
 */
export async function waitForValue<T>(load: () => Promise<T>, options: WaitForOptions = {}): Promise<T> {
  let result: { value: T } | undefined;
  let lastError: unknown = new Error('waitForValue: aborted');
  await waitFor(async () => {
    try {
      result = { value: await load() };
      return true;
    } catch (error) {
      lastError = error;
      return false;
    }
  }, options);
  if (!result) throw lastError;
  return result.value;
}
