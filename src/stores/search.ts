import { reaction } from 'mobx';
import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import { IN_PLAY_STATUSES } from '../../contract/enums';
import type { SearchRequest, WireMatch } from '../../contract';
import { searchTerm } from '../domain/searchTerm';
import { envOf } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';
import type { SettingsStoreInstance } from './settings';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchGroup {
  sportId: number;
  matches: WireMatch[];
}

const isAnswer = (value: unknown): value is { groups: SearchGroup[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { groups?: unknown }).groups);

export const isLive = (match: WireMatch) => IN_PLAY_STATUSES.has(match.matchStatus);

/**
 * The header search (queryMatchByRecommend): debounced while typing, results grouped by sport in the order the
 * platform gives (the spec's sport order), live matches first within a sport. The newest query's answer wins.
 */
export const SearchStore = types
  .model('SearchStore', {
    query: '',
    status: types.optional(types.enumeration(['idle', 'loading', 'ready', 'failed']), 'idle'),
  })
  .volatile(() => ({
    groups: [] as SearchGroup[],
    generation: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  }))
  .views((self) => ({
    get term() {
      return searchTerm(self.query);
    },
    /** Every result in display order, for keyboard navigation across groups. */
    get results(): WireMatch[] {
      return self.groups.flatMap((group) => group.matches);
    },
  }))
  .actions((self) => ({
    setResults(generation: number, groups: SearchGroup[] | undefined) {
      if (generation !== self.generation) return;
      if (groups) {
        self.groups = groups;
        self.status = 'ready';
      } else {
        self.groups = [];
        self.status = 'failed';
      }
    },
    begin() {
      self.generation += 1;
      self.status = 'loading';
      return self.generation;
    },
    cancelTimer() {
      if (self.timer !== undefined) clearTimeout(self.timer);
      self.timer = undefined;
    },
  }))
  .actions((self) => {
    const run = flow(function* run() {
      self.cancelTimer();
      const recommend = self.term;
      if (recommend === '') return;
      const generation = self.begin();
      const askedAt = envOf(self).liveBook.pushMark;
      try {
        const answer: unknown = yield envOf(self).http.match.post('/api/match/queryMatchByRecommend', { recommend } satisfies SearchRequest, { noAuth: true });
        if (!isAnswer(answer)) throw new TypeError('search: unexpected answer');
        envOf(self).liveBook.seed(answer.groups.flatMap((group) => group.matches), askedAt);
        // The platform orders live first already; a stable sort keeps that promise even if it did not. A sport the
        // merchant switched off is left out, whatever the platform answered.
        const { sports } = envOf(self);
        const groups = answer.groups
          .filter((group) => group.matches.length > 0 && sports.offers(group.sportId, 'A'))
          .map((group) => ({ sportId: group.sportId, matches: [...group.matches].sort((a, b) => Number(isLive(b)) - Number(isLive(a))) }));
        self.setResults(generation, groups);
      } catch (error) {
        envOf(self).logger.warn('search failed', error);
        self.setResults(generation, undefined);
      }
    });
    return { run };
  })
  .actions((self) => ({
    /** Takes what the member typed; searches once typing pauses. Blank input clears the results. */
    setQuery(text: string) {
      self.query = text;
      self.cancelTimer();
      if (self.term === '') {
        self.generation += 1;
        self.groups = [];
        self.status = 'idle';
        return;
      }
      self.timer = setTimeout(() => void self.run(), SEARCH_DEBOUNCE_MS);
    },
    clear() {
      self.cancelTimer();
      self.generation += 1;
      self.query = '';
      self.groups = [];
      self.status = 'idle';
    },
    beforeDestroy() {
      self.cancelTimer();
    },
  }));

export type SearchStoreInstance = Instance<typeof SearchStore>;

/** What the search needs of the app root: the language its results are named in. */
interface SearchRoot extends OnDemandRoot {
  settings: SettingsStoreInstance;
}

/**
 * The header search of an app root, made at the search box's first focus, so its code loads with the results popover
 * rather than in the initial bundle. Names come in the request language: a new language runs the shown search again.
 */
export const { of: searchOf, existing: existingSearch } = onDemand((root: SearchRoot) => {
  const store = SearchStore.create({}, getEnv(root));
  const stopFollowing = reaction(
    () => root.settings.apiLanguage,
    () => store.term !== '' && void store.run(),
  );
  return {
    store,
    close() {
      stopFollowing();
      store.clear();
    },
  };
});
