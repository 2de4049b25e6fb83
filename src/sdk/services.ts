/**
 * The services the app gives plugins (through the refs of src/core/ui/services.ts and `useService`), as plugins see them:
 * only what a plugin calls. The app's own services are wider; each of them extends (or, for the HTTP clients, is
 * checked where the app binds it against) the interface here, so the two cannot drift apart. Types only: this file
 * imports nothing, so the app's services can import it without a cycle.
 */

// ---------------------------------------------------------------------------------------------------------------
// HTTP (httpRef)

/** Options of one call. */
export interface HttpCallOptions {
  /** Sends the call without the member's Authorization header (anonymous routes: results, media, ...). */
  noAuth?: boolean;
  /** The query string's parameters. */
  params?: Readonly<Record<string, unknown>>;
}

/**
 * One platform service's client. A call resolves with the envelope's `data` (the client checks the platform's codes),
 * never an HTTP response; what it holds is the plugin's to check or state (`as Promise<Page>`), as the contract's
 * schema for the route says. A failed call rejects with a `CallFailure`.
 */
export interface HttpClient {
  get(url: string, options?: HttpCallOptions): Promise<unknown>;
  post(url: string, body?: unknown, options?: HttpCallOptions): Promise<unknown>;
  /** `baseURL`: the service's address (a plugin building a URL of its own, such as an SSE stream, starts from it). */
  readonly defaults: { readonly baseURL?: string };
}

/** The clients of the platform services a plugin calls: `forehead` (its features' routes) and `media` (live data of a stream). */
export interface HttpClients {
  readonly forehead: HttpClient;
  readonly media: HttpClient;
}

/** What a rejected call tells: `cancelled` when the app called it off itself (an unmount, a logout), not a failure to show. */
export interface CallFailure extends Error {
  readonly cancelled: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Push (pushRef)

/** Hears one message of a channel: its data as the contract's schema for the channel outputs it. */
export type PushHandler = (data: unknown) => void;

export interface PushClient {
  /**
   * Follows a channel: `handler` hears each of its messages; `onGap` hears that messages were missed (a seq gap, a
   * platform restart, a lost connection), so the plugin fetches its state again. Answers the unsubscribe.
   */
  subscribe(channel: string, handler?: PushHandler, onGap?: () => void): () => void;
}

// ---------------------------------------------------------------------------------------------------------------
// Timers (schedulerRef)

export type LoopTask = () => unknown;

export interface LoopOptions {
  /** Run the task at once instead of one interval after registering. */
  immediate?: boolean;
  /** Pause while the page is hidden. */
  pauseWhenHidden?: boolean;
}

/** A registered loop or one-off run. */
export interface LoopHandle {
  stop(): void;
}

/**
 * The app's one timer helper (DESIGN.md "Timers"): every loop and delayed run goes through it, so the app's unmount
 * stops them all. A name registered again replaces the earlier loop or run of that name.
 */
export interface Scheduler {
  /** Runs `task` every `intervalMs` (the next run planned once the previous one settled). */
  every(name: string, intervalMs: number, task: LoopTask, options?: LoopOptions): LoopHandle;
  /** Runs `task` once, `delayMs` from now. */
  once(name: string, delayMs: number, task: LoopTask): LoopHandle;
  stop(name: string): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Notifications (toastRef)

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

// ---------------------------------------------------------------------------------------------------------------
// The bet slip (betSlipRef)

/** A pick named by its market and option (an expert's recommendation): what the slip needs to find it on sale. */
export interface SlipPick {
  matchId: number;
  marketId: number;
  optionType: string;
}

/**
 * What became of a pick: in the slip; waiting for the visitor's login (the slip adds it after); refused because its
 * market is closed (off, suspended, the option locked, the match over or gone); or the platform could not be asked.
 */
export type AddPickOutcome = 'added' | 'login' | 'closed' | 'failed';
