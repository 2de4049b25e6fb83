import { flow, types, type Instance } from 'mobx-state-tree';
import { IN_PLAY_STATUSES } from '../../contract/enums';
import type { SearchRequest, WireMatch } from '../../contract';
import { envOf } from './env';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The platform takes 1 to 50 characters after trimming (docs/api.md). */
export const SEARCH_MAX_LENGTH = 50;

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
      return self.query.trim().slice(0, SEARCH_MAX_LENGTH);
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
      try {
        const answer: unknown = yield envOf(self).http.match.post('/api/match/queryMatchByRecommend', { recommend } satisfies SearchRequest, { noAuth: true });
        if (!isAnswer(answer)) throw new TypeError('search: unexpected answer');
        envOf(self).liveBook.seed(answer.groups.flatMap((group) => group.matches));
        // The platform orders live first already; a stable sort keeps that promise even if it did not.
        const groups = answer.groups
          .filter((group) => group.matches.length > 0)
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
