import ReconnectingWebSocket, { type CloseEvent, type ErrorEvent } from 'reconnecting-websocket';
import { channelAccess } from '../../contract/channels';
import type { PushClient as PluginPushClient } from '../sdk/services';
import { consoleLogger, type Logger } from './logger';
import { safeJsonParse } from './safeJson';
import { createScheduler, LOOP_INTERVALS, type Scheduler } from './scheduler';

/**
 * A frame from the platform: `seq` counts up per channel without gaps within the channel's `epoch`; a new epoch
 * means the platform restarted and seq began again at 1.
 */
export interface PushMessage {
  chId: string;
  seq?: number;
  epoch?: string;
  data: unknown;
}

/**
 * Why a channel's state must be fetched again: messages were skipped, the platform restarted, or the connection was
 * lost for a while (anything may have happened meanwhile, pushed to nobody).
 */
export type GapReason = 'seq' | 'epoch' | 'reconnect';

/** A message's data as its channel's schema outputs it, or why the message is dropped. */
export type PushCheck = (chId: string, data: unknown) => { data: unknown } | string;

export type PushHandler = (data: unknown, msg: PushMessage) => void;
/**
 * `reconnecting`: the spec's reconnects (5, 3 s apart) all failed and the client goes on trying with a growing wait;
 * the app tells the viewer (live updates are not arriving) and offers to try now.
 */
export type PushState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The connection as the viewer is told about it: its state and, while reconnecting, when the next attempt is due. */
export interface PushStatus {
  state: PushState;
  /** Epoch ms of the next attempt while waiting to reconnect. */
  retryAt?: number;
}

/** Any WebSocket class: the browser's, or the 'ws' package's in Node. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => object;

export interface PushClientOptions {
  /** The push endpoint, or a function giving it (read again on every reconnect). */
  url: string | (() => string);
  WebSocket?: WebSocketConstructor;
  logger?: Logger;
  /**
   * Messages of a channel were missed, so its owner should fetch the channel's state again: its seq skipped ahead
   * ('seq'), or its epoch changed or its seq started over, i.e. the platform restarted ('epoch').
   */
  onGap?: (chId: string, reason: GapReason) => void;
  /** Spec: a fixed 3000 ms between reconnect attempts. Tests against a real server shorten it. */
  reconnectDelayMs?: number;
  /** How long one connection attempt may take before it counts as failed. */
  connectionTimeoutMs?: number;
  /**
   * The app's shared scheduler, which runs the 10 s heartbeat like every other loop (so the app's stopAll on unmount
   * ends it too); without one the client keeps a scheduler of its own.
   */
  scheduler?: Scheduler;
  /**
   * Checks a message's data before anyone sees it: the data as its channel's schema outputs it, or why it was
   * dropped. Without this option the client loads the contract's check (pushCheck.ts, contract/push.ts) when it
   * starts, in a chunk of its own so the schemas stay out of the first download, and holds the messages that arrive
   * before it is there, in order. Tests of the transport alone pass their own.
   */
  check?: PushCheck;
  /** Downloads the contract's check; the default imports pushCheck.ts. Tests make it fail. */
  loadCheck?: () => Promise<PushCheck>;
  /** The backoff's jitter (0 to 1); tests fix it. */
  random?: () => number;
}

/** The app's push client; plugins (pushRef) see the SDK's narrower PushClient, which this extends. */
export interface PushClient extends PluginPushClient {
  /**
   * Wants a channel and calls `handler` for each of its messages. Handlers of one channel share
   * one server subscription; the returned function removes this handler, and the last removal
   * sends `unsub`. The handler may be left out when a route handles the channel. `onGap` hears that the channel's
   * messages were missed (a gap, a platform restart, a lost connection), so its owner fetches the state again; a
   * plugin has no kernel events, so this is how it catches up.
   */
  subscribe(channel: string, handler?: PushHandler, onGap?: (reason: GapReason) => void): () => void;
  /**
   * Routes messages to store actions by chId. A key ending in `*` is a prefix (`'odds.*'` matches
   * `odds.1042`); any other key matches its chId exactly. An exact key beats every prefix, and
   * among prefixes the longest wins, so each message reaches at most one route. A later route
   * for the same key replaces the earlier one. Routing does not subscribe: the screen that shows
   * the data does. Returns a function removing these routes.
   */
  route(routes: Record<string, PushHandler>): () => void;
  /** True once `sub` for the channel went out on the current connection. */
  isSubscribed(channel: string): boolean;
  state(): PushState;
  /** The state, and while reconnecting when the next attempt is due. */
  status(): PushStatus;
  /** Hears every change of status; answers a function that stops listening. */
  onStatus(listener: (status: PushStatus) => void): () => void;
  /** While waiting to reconnect: tries at once (the viewer's "reconnect now", the browser back online). */
  retry(): void;
  /**
   * Signs the connection in as a member (docs/api.md "Private channels"), now and after every reconnect, so their
   * `member:` channels can be subscribed; undefined signs nobody in on the next connection.
   */
  auth(token: string | undefined): void;
  /** Stops reconnecting and clears every timer, listener and subscription. */
  close(): void;
}

/**
 * Spec: 5 reconnects, 3000 ms apart; subscribe throttled to 1 per second; heartbeat every 10 s. After the spec's
 * reconnects the client does not give up (issue 31): it waits longer each time, up to `maxBackoffMs`.
 */
export const PUSH_DEFAULTS = {
  maxRetries: 5,
  maxBackoffMs: 30_000,
  reconnectDelayMs: 3000,
  connectionTimeoutMs: 4000,
  subscribeThrottleMs: 1000,
  heartbeatMs: LOOP_INTERVALS.heartbeat,
} as const;

/** The heartbeat's name in the scheduler. */
export const HEARTBEAT_LOOP = 'pushHeartbeat';

type Frame = { cmd: 'sub' | 'unsub'; channels: string[] } | { cmd: 'ping' } | { cmd: 'auth'; token: string };

interface Subscriber {
  handler: PushHandler | undefined;
  onGap: ((reason: GapReason) => void) | undefined;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
}

const ignore = () => {};

/*
 * The 'ws' package throws when it emits 'error' with no listener, and reconnecting-websocket
 * removes its own listeners before closing a socket that timed out while connecting: the abort
 * error that follows would crash a Node process. A permanent no-op listener absorbs it; browsers
 * never throw there, so it costs them nothing.
 */
function guardErrors(Base: WebSocketConstructor): WebSocketConstructor {
  return class extends Base {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      (this as Partial<EventTargetLike>).addEventListener?.('error', ignore);
    }
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The wait before reconnect attempt `attempt` (1 the first after a loss): the spec's fixed `delayMs` for its 5
 * reconnects, then twice as long each time up to PUSH_DEFAULTS.maxBackoffMs (6 s, 12 s, 24 s, 30 s, ... at the spec's
 * 3 s), each of those within ±20 % so that the clients of a platform that restarts do not all come back at once.
 */
export function reconnectDelay(attempt: number, delayMs: number, random: () => number = Math.random): number {
  if (attempt <= PUSH_DEFAULTS.maxRetries) return delayMs;
  const grown = Math.min(PUSH_DEFAULTS.maxBackoffMs, delayMs * 2 ** (attempt - PUSH_DEFAULTS.maxRetries));
  return Math.round(grown * (0.8 + 0.4 * random()));
}

export function createPushClient(options: PushClientOptions): PushClient {
  const logger = options.logger ?? consoleLogger;
  const Base = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!Base) throw new Error('createPushClient: no WebSocket implementation; pass options.WebSocket');
  const reconnectDelayMs = options.reconnectDelayMs ?? PUSH_DEFAULTS.reconnectDelayMs;
  const scheduler = options.scheduler ?? createScheduler({ logger });
  let check = options.check;
  const held: MessageEvent[] = [];

  const subscribers = new Map<string, Set<Subscriber>>();
  const serverSubscribed = new Set<string>();
  const pendingSub = new Set<string>();
  const lastSeen = new Map<string, { seq: number; epoch: string | undefined }>();
  const exactRoutes = new Map<string, PushHandler>();
  const prefixRoutes = new Map<string, PushHandler>();

  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSubSentAt: number | undefined;
  let attempting = false;
  let closed = false;
  let token: string | undefined;

  const random = options.random ?? Math.random;
  const statusListeners = new Set<(status: PushStatus) => void>();
  /** Set once a connection opened: a later open is a return, after which every channel catches up. */
  let everOpen = false;
  let retryAt: number | undefined;
  let skipWait: (() => void) | undefined;

  const socket = new ReconnectingWebSocket(options.url, undefined, {
    WebSocket: guardErrors(Base),
    // Never given up: the wait below grows after the spec's reconnects (reconnectDelay).
    maxRetries: Number.POSITIVE_INFINITY,
    minReconnectionDelay: reconnectDelayMs,
    maxReconnectionDelay: reconnectDelayMs,
    reconnectionDelayGrowFactor: 1,
    connectionTimeout: options.connectionTimeoutMs ?? PUSH_DEFAULTS.connectionTimeoutMs,
    // Nothing is sent while disconnected: the open handler resubscribes from the wanted set, so a
    // replayed queue would only duplicate frames.
    maxEnqueuedMessages: 0,
    // Started closed so the wait step below is replaced before the first attempt.
    startClosed: true,
  });

  /*
   * reconnecting-websocket 4.4 (its last release) sleeps before each attempt on a bare setTimeout
   * that close() cannot clear, so an unmount during a reconnect wait would leave a timer behind.
   * This replaces that one private step with a timer close() owns; if a future version renamed it,
   * the library's own wait stays in place and only that cleanup is lost.
   */
  const internals = socket as unknown as { _wait?: unknown; _getNextDelay?: unknown };
  if (typeof internals._wait === 'function' && typeof internals._getNextDelay === 'function') {
    internals._wait = () => {
      attempting = true;
      // The library's retryCount: 0 for the first connection (no wait), n for the n-th reconnect since the last open.
      const attempt = socket.retryCount;
      const delay = attempt === 0 ? 0 : reconnectDelay(attempt, reconnectDelayMs, random);
      retryAt = attempt > PUSH_DEFAULTS.maxRetries ? Date.now() + delay : undefined;
      notify();
      return new Promise<void>((resolve) => {
        const go = () => {
          if (waitTimer !== undefined) clearTimeout(waitTimer);
          waitTimer = undefined;
          skipWait = undefined;
          retryAt = undefined;
          resolve();
        };
        skipWait = go;
        waitTimer = setTimeout(go, delay);
      });
    };
  }

  const isOpen = () => !closed && socket.readyState === ReconnectingWebSocket.OPEN;

  const currentState = (): PushState => {
    if (closed) return 'closed';
    if (socket.readyState === ReconnectingWebSocket.OPEN) return 'open';
    // The spec's reconnects are used up: the viewer is told and the client keeps trying.
    if (socket.retryCount > PUSH_DEFAULTS.maxRetries) return 'reconnecting';
    if (socket.readyState === ReconnectingWebSocket.CONNECTING || attempting) return 'connecting';
    return 'closed';
  };
  let lastStatus: PushStatus = { state: 'connecting' };
  const notify = () => {
    const state = currentState();
    const next: PushStatus = state === 'reconnecting' && retryAt !== undefined ? { state, retryAt } : { state };
    if (next.state === lastStatus.state && next.retryAt === lastStatus.retryAt) return;
    lastStatus = next;
    for (const listener of [...statusListeners]) {
      try {
        listener(next);
      } catch (error) {
        logger.error('[push] status listener failed', error);
      }
    }
  };

  const send = (frame: Frame) => {
    try {
      socket.send(JSON.stringify(frame));
    } catch (error) {
      logger.warn('[push] send failed', error);
    }
  };

  const clearFlush = () => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
  };

  const stopHeartbeat = () => scheduler.stop(HEARTBEAT_LOOP);

  const sendSub = (channels: string[]) => {
    send({ cmd: 'sub', channels });
    for (const channel of channels) serverSubscribed.add(channel);
    lastSubSentAt = Date.now();
  };

  const flush = () => {
    flushTimer = undefined;
    if (!isOpen()) return;
    const channels = [...pendingSub].filter((channel) => subscribers.has(channel) && !serverSubscribed.has(channel));
    pendingSub.clear();
    if (channels.length > 0) sendSub(channels);
  };

  // Throttle without dropping: the first request goes out on the next tick (so calls made together
  // share a frame), later ones wait for the end of the one-second window and go out together.
  const scheduleFlush = () => {
    if (flushTimer !== undefined || !isOpen()) return;
    const delay =
      lastSubSentAt === undefined ? 0 : Math.max(0, lastSubSentAt + PUSH_DEFAULTS.subscribeThrottleMs - Date.now());
    flushTimer = setTimeout(flush, delay);
  };

  const markAllUnsubscribed = () => {
    serverSubscribed.clear();
    pendingSub.clear();
    clearFlush();
    stopHeartbeat();
  };

  const onOpen = () => {
    attempting = false;
    const returned = everOpen;
    everOpen = true;
    logger.info('[push] open');
    if (checkFailed) fetchCheck();
    markAllUnsubscribed();
    // Before the subscriptions: the platform holds frames sent after an auth frame until it is checked.
    if (token) send({ cmd: 'auth', token });
    const channels = [...subscribers.keys()];
    if (channels.length > 0) sendSub(channels);
    // Not paused while the page is hidden: the subscriptions stay, and a socket that goes quiet is what proxies cut.
    scheduler.every(HEARTBEAT_LOOP, PUSH_DEFAULTS.heartbeatMs, () => {
      if (isOpen()) send({ cmd: 'ping' });
    });
    notify();
    // Back after a loss: whatever was pushed meanwhile reached nobody, so every channel's owner fetches its state again
    // (chat history, room state, scores), and the next message of each channel is a new baseline, not a second gap.
    if (returned) {
      lastSeen.clear();
      for (const chId of [...subscribers.keys()]) signalGap(chId, 'reconnect');
    }
  };

  // reconnecting-websocket plans its next attempt before it calls these listeners, so a pending
  // wait timer here means another attempt is coming.
  const onClose = (event: CloseEvent) => {
    logger.info('[push] closed', event.code, event.reason);
    markAllUnsubscribed();
    attempting = waitTimer !== undefined;
    notify();
  };

  const onError = (event: ErrorEvent) => {
    logger.warn('[push] error', event.message);
    markAllUnsubscribed();
    attempting = waitTimer !== undefined;
    notify();
  };

  const routeFor = (chId: string): PushHandler | undefined => {
    const exact = exactRoutes.get(chId);
    if (exact) return exact;
    let best: string | undefined;
    for (const prefix of prefixRoutes.keys()) {
      if (chId.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
    }
    return best === undefined ? undefined : prefixRoutes.get(best);
  };

  const deliver = (handler: PushHandler, msg: PushMessage) => {
    try {
      handler(msg.data, msg);
    } catch (error) {
      logger.error(`[push] handler for ${msg.chId} failed`, error);
    }
  };

  const gapIn = (chId: string, seq: number, epoch: string | undefined): GapReason | undefined => {
    const last = lastSeen.get(chId);
    // The first message after subscribing is the baseline: the subscriber fetched the state itself.
    if (last === undefined) {
      lastSeen.set(chId, { seq, epoch });
      return undefined;
    }
    // A platform without epochs shows a restart only as seq starting over.
    const reason = epoch !== last.epoch || seq <= last.seq ? 'epoch' : seq > last.seq + 1 ? 'seq' : undefined;
    // Updated in place: this runs for every message (a thousand a second on a busy in-play list).
    last.seq = seq;
    last.epoch = epoch;
    return reason;
  };

  const trackSeq = (chId: string, seq: number, epoch: string | undefined) => {
    const reason = gapIn(chId, seq, epoch);
    if (reason !== undefined) signalGap(chId, reason);
  };

  const signalGap = (chId: string, reason: GapReason) => {
    try {
      options.onGap?.(chId, reason);
    } catch (error) {
      logger.error(`[push] onGap for ${chId} failed`, error);
    }
    for (const subscriber of [...(subscribers.get(chId) ?? [])]) {
      try {
        subscriber.onGap?.(reason);
      } catch (error) {
        logger.error(`[push] a subscriber's onGap for ${chId} failed`, error);
      }
    }
  };

  const onMessage = (event: MessageEvent) => {
    if (!check) {
      held.push(event);
      return;
    }
    if (typeof event.data !== 'string') return;
    const frame = safeJsonParse(event.data);
    if (isRecord(frame) && frame.cmd === 'error' && Array.isArray(frame.channels)) {
      // Channels the platform refused or stopped (contract/channels.ts: not this member's, a room they may not see,
      // a session that ended): no longer held there, so a later sign-in asks for them again.
      logger.warn('[push]', frame.msg);
      for (const channel of frame.channels) if (typeof channel === 'string') serverSubscribed.delete(channel);
      return;
    }
    if (!isRecord(frame) || frame.cmd === 'pong' || typeof frame.chId !== 'string') return;
    const msg: PushMessage = { chId: frame.chId, data: frame.data };
    if (typeof frame.epoch === 'string') msg.epoch = frame.epoch;
    // A dropped message still counts for the sequence: it arrived, so it is no gap.
    if (typeof frame.seq === 'number' && Number.isFinite(frame.seq)) {
      msg.seq = frame.seq;
      trackSeq(msg.chId, frame.seq, msg.epoch);
    }
    const channelSubscribers = subscribers.get(msg.chId);
    const route = routeFor(msg.chId);
    if (!route && !channelSubscribers) return;
    // Data no schema checked never reaches a store; checked once per message, whatever the number of handlers.
    const checked = check(msg.chId, frame.data);
    if (typeof checked === 'string') {
      logger.warn(`[push] dropped ${msg.chId}: ${checked}`);
      return;
    }
    msg.data = checked.data;
    if (channelSubscribers) {
      for (const subscriber of [...channelSubscribers]) if (subscriber.handler) deliver(subscriber.handler, msg);
    }
    if (route) deliver(route, msg);
  };

  const loadCheck = options.loadCheck ?? (() => import(/* webpackChunkName: "push-contract" */ './pushCheck').then((loaded) => loaded.checkPush));
  /**
   * Set while the schemas could not be downloaded: without them nothing can be checked, so nothing is applied (every
   * message is dropped and logged). The next connection tries again; once they arrive, every channel refetches what
   * was dropped, as after a platform restart.
   */
  let checkFailed = false;
  const fetchCheck = () => {
    const recovering = checkFailed;
    checkFailed = false;
    check = undefined;
    loadCheck().then(
      (found) => {
        check = found;
        // After close() the held messages reach nobody: close cleared every subscriber and route.
        for (const event of held.splice(0)) onMessage(event);
        if (recovering) for (const chId of subscribers.keys()) signalGap(chId, 'epoch');
      },
      (error: unknown) => {
        logger.error('[push] no schemas', error);
        checkFailed = true;
        check = () => 'no schemas';
        for (const event of held.splice(0)) onMessage(event);
      },
    );
  };
  if (!check) fetchCheck();

  // The browser is back online: no need to sit out the rest of a long wait.
  const onOnline = () => skipWait?.();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  socket.addEventListener('open', onOpen);
  socket.addEventListener('close', onClose);
  socket.addEventListener('error', onError);
  socket.addEventListener('message', onMessage);
  socket.reconnect();

  return {
    subscribe(channel, handler, onGap) {
      if (closed) return ignore;
      const subscriber: Subscriber = { handler, onGap };
      let channelSubscribers = subscribers.get(channel);
      if (!channelSubscribers) {
        channelSubscribers = new Set();
        subscribers.set(channel, channelSubscribers);
        if (!serverSubscribed.has(channel)) {
          pendingSub.add(channel);
          scheduleFlush();
        }
      }
      channelSubscribers.add(subscriber);

      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = subscribers.get(channel);
        if (!current?.delete(subscriber) || current.size > 0) return;
        subscribers.delete(channel);
        pendingSub.delete(channel);
        // The next subscriber starts a fresh sequence, not a gap.
        lastSeen.delete(channel);
        // Unsubscribing is not throttled (the spec throttles subscribe calls only).
        if (serverSubscribed.delete(channel) && isOpen()) send({ cmd: 'unsub', channels: [channel] });
      };
    },

    route(routes) {
      const added: Array<[Map<string, PushHandler>, string, PushHandler]> = [];
      for (const [key, handler] of Object.entries(routes)) {
        const target = key.endsWith('*') ? prefixRoutes : exactRoutes;
        const name = key.endsWith('*') ? key.slice(0, -1) : key;
        target.set(name, handler);
        added.push([target, name, handler]);
      }
      return () => {
        for (const [target, name, handler] of added) if (target.get(name) === handler) target.delete(name);
      };
    },

    isSubscribed: (channel) => serverSubscribed.has(channel),

    auth(next) {
      token = next;
      if (!next || !isOpen()) return;
      send({ cmd: 'auth', token: next });
      // Channels that depend on who is signed in (a member's own, a private room's) asked for before this frame were
      // refused (the socket was nobody's yet): ask again.
      const own = [...subscribers.keys()].filter((channel) => {
        const kind = channelAccess(channel)?.kind;
        return kind === 'own' || kind === 'room';
      });
      if (own.length > 0) sendSub(own);
    },

    state: currentState,

    status: () => {
      const state = currentState();
      return state === 'reconnecting' && retryAt !== undefined ? { state, retryAt } : { state };
    },

    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    retry() {
      skipWait?.();
    },

    close() {
      if (closed) return;
      closed = true;
      markAllUnsubscribed();
      if (waitTimer !== undefined) clearTimeout(waitTimer);
      waitTimer = undefined;
      attempting = false;
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      socket.removeEventListener('error', onError);
      socket.removeEventListener('message', onMessage);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      subscribers.clear();
      lastSeen.clear();
      exactRoutes.clear();
      prefixRoutes.clear();
      skipWait = undefined;
      socket.close(1000, 'client closed');
      notify();
      statusListeners.clear();
    },
  };
}
