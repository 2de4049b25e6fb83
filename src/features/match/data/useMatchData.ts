import { useEffect } from 'react';
import type { MatchDataClient, Remote } from '../../../sdk/matchData';
import { matchDataOf } from '../matchData';
import { useStore } from '../../../core/ui/storeContext';

/** The match-data store (made on first use), and the language and time zone the answers are read in. */
export function useMatchData(): { store: MatchDataClient; language: string; timeZone: string } {
  const root = useStore();
  return { store: matchDataOf(root), language: root.settings.apiLanguage, timeZone: root.ui.timezone };
}

/** Loads an answer the first time a panel shows it. */
export function useEnsure(remote: Remote<unknown> | undefined): void {
  useEffect(() => remote?.ensure(), [remote]);
}
