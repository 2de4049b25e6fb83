import { useCallback, useEffect, useRef, useState } from 'react';

export type CallStatus = 'loading' | 'ready' | 'failed';

/**
 * One platform answer a panel shows (a room's first-bet offer, a title wall): loading, ready or failed, fetched again
 * when `key` changes or on `reload()`; `replace` puts in an answer a change call returned. An answer that arrives after
 * the key changed (or the panel went) is dropped, so a slow first answer never overwrites a newer one.
 */
export function usePlatformCall<T>(key: string, load: () => Promise<T>) {
  const [state, setState] = useState<{ key: string; status: CallStatus; data?: T }>({ key, status: 'loading' });
  const current = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useCallback(() => {
    const id = ++current.current;
    setState((previous) => ({ key, status: 'loading', data: previous.key === key ? previous.data : undefined }));
    loadRef.current().then(
      (data) => id === current.current && setState({ key, status: 'ready', data }),
      () => id === current.current && setState({ key, status: 'failed' }),
    );
  }, [key]);
  useEffect(() => {
    run();
    return () => {
      current.current += 1;
    };
  }, [run]);
  const replace = useCallback((data: T) => setState({ key, status: 'ready', data }), [key]);
  return { status: state.key === key ? state.status : 'loading', data: state.key === key ? state.data : undefined, reload: run, replace };
}
