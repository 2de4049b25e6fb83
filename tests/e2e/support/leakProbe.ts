/**
 * An init script that counts what a page holds open: intervals, pending timeouts, open websockets, and listeners
 * on window and document. Tests snapshot it before mounting the app and after unmounting it.
 */
export interface Holdings {
  intervals: number;
  timeouts: number;
  sockets: number;
  listeners: number;
}

export function installLeakProbe() {
  const w = window as unknown as { __holdings: () => Holdings };
  const intervals = new Set<unknown>();
  const timeouts = new Set<unknown>();
  const sockets = new Set<WebSocket>();
  const listeners = new Map<string, number>();

  const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
  /** A clear function that also drops the id from what the page holds (defined in here: the probe runs as one serialised function). */
  const forgetting = (held: Set<unknown>, clear: (id?: number) => void) => (id?: number) => {
    held.delete(id);
    clear(id);
  };
  window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id = si(fn, ms, ...rest);
    intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = forgetting(intervals, ci) as typeof window.clearInterval;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id: number = st(
      (...args: unknown[]) => {
        timeouts.delete(id);
        if (typeof fn === 'function') (fn as (...a: unknown[]) => void)(...args);
      },
      ms,
      ...rest,
    );
    timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = forgetting(timeouts, ct) as typeof window.clearTimeout;

  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.add(this);
      super.addEventListener('close', () => sockets.delete(this));
    }
  } as typeof WebSocket;

  const key = (target: EventTarget, type: string, fn: unknown) => `${target === window ? "w" : "d"}:${type}:${listenerIds.get(fn as object) ?? assignId(fn)}`;
  const listenerIds = new WeakMap<object, number>();
  let nextId = 1;
  const assignId = (fn: unknown) => {
    if (typeof fn !== 'object' && typeof fn !== 'function') return 0;
    const id = nextId++;
    listenerIds.set(fn as object, id);
    return id;
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
    if ((this === window || this === document) && fn) listeners.set(key(this, type, fn), 1);
    return add.call(this, type, fn as EventListener, options as AddEventListenerOptions);
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, fn: unknown, options?: unknown) {
    if ((this === window || this === document) && fn) listeners.delete(key(this, type, fn));
    return remove.call(this, type, fn as EventListener, options as EventListenerOptions);
  };

  w.__holdings = () => ({ intervals: intervals.size, timeouts: timeouts.size, sockets: [...sockets].filter((s) => s.readyState <= 1).length, listeners: listeners.size });
}

/**
 * How long a test may wait for holdings to settle after unmount: a request still in flight keeps its timeout until its
 * answer. mobx-react-lite's backstop sweep of renders that never committed (a timer of up to 20 s) is ended by the
 * app's unmount itself (app.tsx, clearTimers), so a passing run settles within a second or two and never waits this out.
 */
export const SETTLE_MS = 40_000;
