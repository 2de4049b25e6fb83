import { createContext, useContext, type ReactNode } from 'react';
import { envOf } from '../store/env';
import type { RootStoreInstance } from '../store/RootStore';

const StoreContext = createContext<RootStoreInstance | null>(null);

export function StoreProvider({ store, children }: { store: RootStoreInstance; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): RootStoreInstance {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside <StoreProvider>');
  return store;
}

/** The live scores and prices shared by every screen (it lives in the stores' environment). */
export function useLiveBook() {
  return envOf(useStore()).liveBook;
}
