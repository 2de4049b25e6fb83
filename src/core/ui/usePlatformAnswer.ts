import { reaction } from 'mobx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PlatformAnswer } from '../store/platformAnswer';
import { useStore } from './storeContext';

/** Where a panel's answer stands: `idle` only while it has nothing to ask (no key). */
export type CallStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface PlatformCall<T> {
  status: CallStatus;
  /** The answer for the current key; kept while the same key is asked again. */
  data: T | undefined;
  /** Asks again (Retry). */
  reload(): void;
  /** Puts in the answer a change call returned (what is in flight is dropped). */
  replace(data: T): void;
}

export interface PlatformAnswerOptions {
  /** Asking again for the same key keeps the answer shown as ready, also when that ask fails (a stream that plays). */
  quiet?: boolean;
  /** Something else that asks again when it changes (a room going live). */
  again?: unknown;
  /** Hears a failed ask (to log it). */
  failed?(error: unknown): void;
}

/**
 * One platform answer a panel shows, asked for when `key` is set and again when it changes, on `reload()` or when
 * `options.again` changes; cancelled (the signal aborted, a late answer dropped) when the panel goes or asks anew.
 * The answer lives in a PlatformAnswer model (the request primitive), not in React state.
 */
export function usePlatformAnswer<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>, options: PlatformAnswerOptions = {}): PlatformCall<T> {
  const [answer] = useState(() => PlatformAnswer.create());
  const [attempt, setAttempt] = useState(0);
  // Read when an ask starts: a new function on each render is no reason to ask again.
  const latest = useRef({ load, failed: options.failed });
  latest.current = { load, failed: options.failed };
  const quiet = options.quiet ?? false;

  useEffect(() => {
    if (key === undefined) return undefined;
    const controller = new AbortController();
    void answer.request.run(
      () => latest.current.load(controller.signal),
      (data) => answer.setData(key, data),
      { quiet, failed: (error) => latest.current.failed?.(error) },
    );
    return () => {
      answer.request.cancel();
      controller.abort();
    };
  }, [answer, key, quiet, options.again, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => key !== undefined && answer.request.settle(() => answer.setData(key, data)), [answer, key]);
  if (key === undefined) return { status: 'idle', data: undefined, reload, replace };
  const data = answer.dataFor<T>(key);
  // Before the first ask (the effect runs after the first render) and while a new key is asked, it is loading.
  const status = answer.request.status === 'idle' || (answer.key !== key && answer.request.status === 'ready') ? 'loading' : answer.request.status;
  return { status, data, reload, replace };
}

/**
 * The language calls go out in (the store's, which the HTTP client adds to every call), as React state: it changes
 * once the switch is committed, so a call made for the new language carries it.
 */
function useApiLanguage(): string {
  const { settings } = useStore();
  const [language, setLanguage] = useState(settings.apiLanguage);
  useEffect(() => reaction(() => settings.apiLanguage, setLanguage, { fireImmediately: true }), [settings]);
  return language;
}

/**
 * A panel's answer whose names come in the request language (a room's first-bet offer, a title wall): the language is
 * part of its key, so a switch asks again. The component reading it is an observer.
 */
export function usePlatformCall<T>(callKey: string, load: () => Promise<T>, options: PlatformAnswerOptions = {}): PlatformCall<T> {
  return usePlatformAnswer(`${useApiLanguage()}:${callKey}`, load, options);
}
