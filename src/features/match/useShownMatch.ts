import { useEffect } from 'react';
import { matchDetailOf } from './matchDetail';
import { useStore } from '../../core/ui/storeContext';

/**
 * The match-detail store showing the screen's match (ui.matchId) while the screen is mounted: loaded, kept current,
 * and let go when the member leaves. Shared by the match screen and the outright screen (an outright is a match id).
 */
export function useShownMatch() {
  const store = useStore();
  const detail = matchDetailOf(store);
  const { matchId } = store.ui;
  useEffect(() => {
    if (matchId === undefined) return undefined;
    detail.show(matchId);
    return () => detail.hide();
  }, [detail, matchId]);
  return { store, detail, matchId };
}
