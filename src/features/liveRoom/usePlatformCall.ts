import { reaction } from 'mobx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../core/ui/storeContext';

export type CallStatus = 'loading' | 'ready' | 'failed';

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
 * One platform answer a panel shows (a room's first-bet offer, a title wall): loading, ready or failed, fetched again
 * when `key` or the language changes (its names come in the request language) or on `reload()`; `replace` puts in an
 * answer a change call returned. An answer that arrives after the key changed (or the panel went) is dropped, so a
 * slow first answer never overwrites a newer one.
 */
export function usePlatformCall<T>(callKey: string, load: () => Promise<T>) {
  const key = `${useApiLanguage()}:${callKey}`;
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
