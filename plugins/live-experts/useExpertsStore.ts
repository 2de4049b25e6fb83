import { useState } from 'react';
import { httpRef, sessionRef, useService } from '../../src/sdk';
import { expertsApi } from './api';
import { ExpertsStore, type ExpertsStoreInstance } from './store';

/** The screen's (or the program tab's) store, made once per mount with the app's services. */
export function useExpertsStore(matchId?: number): ExpertsStoreInstance {
  const http = useService(httpRef);
  const session = useService(sessionRef);
  const [store] = useState(() => ExpertsStore.create(matchId === undefined ? {} : { matchId }, { api: expertsApi(http.forehead), isLogin: () => session.isLogin }));
  return store;
}
