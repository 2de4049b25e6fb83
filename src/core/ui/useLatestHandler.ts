import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler whose identity lasts the component's life and which runs the latest render's code: for a parent that
 * re-renders often with new data (a list row on every poll) and hands a handler to many memoised children (its
 * prices), which would otherwise all re-render for a new closure that does the same. Only for event handlers: it reads
 * the latest render when called, so it must not be called during render.
 */
export function useLatestHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
