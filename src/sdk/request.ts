import { getEnv, isAlive, types, type Instance } from 'mobx-state-tree';
import type { CallFailure, LoopHandle, LoopOptions, Scheduler } from './services';

/*
 * The request primitive, shared by the app's stores and the plugins' own (one copy: the SDK owns it, the app's stores
 * import it from here). It needs of the app only the env's scheduler and a call failure's `cancelled`.
 */

/** A call the app called off itself (the http clients' cancelled calls, src/services/http.ts). */
const cancelled = (error: unknown): boolean => error instanceof Error && (error as Partial<CallFailure>).cancelled === true;

/**
 * `idle`: nothing asked yet (or cancelled before an answer); `loading`: the first answer (or one after a failure or a
 * new query) is on its way, so the screen shows its skeleton; `ready`: an answer shows; `failed`: the newest request
 * failed and nothing it asked for shows (the screen offers a retry).
 */
export type RequestStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** How a run ended: its answer applied, its failure applied, or neither because a newer run (or a cancel) won. */
export type RequestOutcome = 'applied' | 'failed' | 'superseded';

export interface RunOptions {
  /**
   * A reload of what shows (a poll, a push gap, a new language): an answer already shown stays while it loads
   * (`refreshing`) and stays when the reload fails. A run that is not quiet shows the loading state.
   */
  quiet?: boolean;
  /** Called, in an action, when this run is the newest and fails: log it, keep a reason. */
  failed?(error: unknown): void;
}

/** What a load is told while it runs (a list fetched page by page shows its first page at once). */
export interface Progress {
  /** The run was asked quietly (a reload of what shows). */
  readonly quiet: boolean;
  /** Still the newest run: when false, stop asking; nothing this run returns will apply. */
  isCurrent(): boolean;
  /** Shows part of the answer now, if still the newest run: `apply` runs in an action and the request is ready. */
  show(apply: () => void): void;
}

export interface PollOptions extends LoopOptions {
  /** What each tick runs; the request's own refresh when omitted. */
  task?(): unknown;
}

/**
 * The one way the app asks the platform for data a screen shows: the newest request wins (an older answer arriving
 * later is dropped, never applied over a newer one), with loading / ready / failed / refreshing state, a refresh that
 * asks again for what shows, and polling through the env's scheduler (DESIGN.md "Timers"). A request is a child of
 * the model whose data it loads; destroying that model (its screen's store goes with the app) or detaching the request
 * cancels what is in flight and stops its poll. The answer itself lives in the owner: `apply` is the owner's action that takes it.
 */
export const Request = types
  // State, not data: nothing of a request goes into its owner's snapshot (a persisted slip is not rewritten by it).
  .model('Request', {})
  .volatile(() => ({
    status: 'idle' as RequestStatus,
    /** A quiet run is in flight while an earlier answer shows. */
    refreshing: false,
    /** The newest run's failure, until a run succeeds or starts anew. */
    error: undefined as unknown,
    generation: 0,
    /** The newest run again, quietly: what refresh and the poll run. */
    again: undefined as (() => Promise<RequestOutcome>) | undefined,
    /** A refresh asked for while one was in flight: one more runs once it settles (its answer may predate the change). */
    followUp: undefined as Promise<RequestOutcome> | undefined,
    inFlight: undefined as Promise<RequestOutcome> | undefined,
    loop: undefined as LoopHandle | undefined,
  }))
  .views((self) => ({
    get loading() {
      return self.status === 'loading';
    },
    get ready() {
      return self.status === 'ready';
    },
    get failed() {
      return self.status === 'failed';
    },
    /** A run is in flight (a pushed change may be overtaken by its answer: refresh instead of patching). */
    get busy() {
      return self.status === 'loading' || self.refreshing;
    },
  }))
  .actions((self) => ({
    begin(quiet: boolean) {
      self.generation += 1;
      self.error = undefined;
      if (quiet && self.status === 'ready') self.refreshing = true;
      else {
        self.refreshing = false;
        self.status = 'loading';
      }
      return self.generation;
    },
    succeed(generation: number, apply: () => void): RequestOutcome {
      if (generation !== self.generation) return 'superseded';
      apply();
      self.refreshing = false;
      self.status = 'ready';
      return 'applied';
    },
    show(generation: number, apply: () => void) {
      if (generation !== self.generation) return;
      apply();
      self.status = 'ready';
    },
    fail(generation: number, error: unknown, failed: ((error: unknown) => void) | undefined): RequestOutcome {
      if (generation !== self.generation) return 'superseded';
      // The app called it off itself (an unmount, a logout): not a failure to show; what showed before stays.
      if (cancelled(error)) {
        if (self.status === 'loading') self.status = 'idle';
        self.refreshing = false;
        return 'superseded';
      }
      self.error = error;
      // A failed reload of what shows keeps it, and so does a load that showed part of its answer.
      if (self.status !== 'ready') self.status = 'failed';
      self.refreshing = false;
      failed?.(error);
      return 'failed';
    },
    setFollowUp(followUp: Promise<RequestOutcome> | undefined) {
      self.followUp = followUp;
    },
    stopPolling() {
      self.loop?.stop();
      self.loop = undefined;
    },
  }))
  .actions((self) => ({
    /**
     * Asks: `load` fetches (and checks) the answer; `apply` (an action of the owner) takes it, in the same action that
     * marks the request ready, and only if no newer run started meanwhile.
     */
    run: function run<T>(load: (progress: Progress) => Promise<T>, apply: (value: T) => void, options: RunOptions = {}): Promise<RequestOutcome> {
      const generation = self.begin(options.quiet ?? false);
      // Through the action on the node (the one being defined here), so a later refresh runs as an action too.
      self.again = () => (self as unknown as { run: typeof run }).run(load, apply, { ...options, quiet: true });
      const progress: Progress = {
        quiet: options.quiet ?? false,
        isCurrent: () => generation === self.generation,
        show: (applyPart) => self.show(generation, applyPart),
      };
      let answer: Promise<T>;
      try {
        answer = Promise.resolve(load(progress));
      } catch (error) {
        answer = Promise.reject(error);
      }
      // An answer `apply` cannot take (it throws) fails the run like a failed call. One that arrives after its store
      // ended (a store made on demand, at the app's unmount) applies nowhere.
      const settled = answer
        .then((value) => (isAlive(self) ? self.succeed(generation, () => apply(value)) : 'superseded'))
        .catch((error: unknown) => (isAlive(self) ? self.fail(generation, error, options.failed) : 'superseded'));
      self.inFlight = settled;
      return settled;
    },
    /**
     * An answer known without asking (nothing to ask for: no favourites, no hot leagues): applied at once, and
     * what is in flight is dropped.
     */
    settle(apply: () => void) {
      self.succeed(self.begin(false), apply);
    },
    /**
     * Drops what is in flight (its answer will not apply) and stops the poll: the screen went away, or what it showed
     * no longer applies. A request that never answered goes back to idle; an answer shown stays.
     */
    cancel() {
      self.generation += 1;
      self.refreshing = false;
      if (self.status === 'loading') self.status = 'idle';
      self.stopPolling();
    },
    /** Cancels and forgets: nothing shows, nothing to refresh. */
    reset() {
      self.generation += 1;
      self.refreshing = false;
      self.status = 'idle';
      self.error = undefined;
      self.again = undefined;
      self.stopPolling();
    },
  }))
  .actions((self) => ({
    /**
     * Asks again for what shows, quietly (a push gap, a new language, a poll tick). Refreshes asked for while one is
     * in flight are served by a single run after it. Nothing happens before the first run.
     */
    refresh(): Promise<RequestOutcome> {
      const again = self.again;
      if (!again) return Promise.resolve('superseded');
      if (!self.busy || !self.inFlight) return again();
      if (self.followUp) return self.followUp;
      const generation = self.generation;
      const followUp = self.inFlight.then(() => {
        self.setFollowUp(undefined);
        // Something newer than the run waited on already started: it answers the change.
        return generation === self.generation && self.again ? self.again() : 'superseded';
      });
      self.setFollowUp(followUp);
      return followUp;
    },
  }))
  .actions((self) => ({
    /** Keeps what shows current: `task` (the request's refresh by default) every `intervalMs` through the scheduler. */
    poll(name: string, intervalMs: number, { task, ...options }: PollOptions = {}) {
      self.stopPolling();
      const { scheduler } = getEnv<{ scheduler: Scheduler }>(self);
      self.loop = scheduler.every(name, intervalMs, task ?? (() => self.refresh()), options);
    },
    beforeDetach() {
      self.cancel();
    },
    beforeDestroy() {
      self.cancel();
    },
  }));

export type RequestInstance = Instance<typeof Request>;

/** A request as a model property: starts idle. */
export const request = () => types.optional(Request, {});

