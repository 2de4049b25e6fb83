import { reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { IN_PLAY_STATUSES } from '../../../contract/enums';
import type { SearchRequest, WireMatch } from '../../../contract';
import { searchTerm } from './domain/searchTerm';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { request } from '../../sdk/request';
import type { SettingsStoreInstance } from '../../core/store/settings';
import { MATCH_PATHS } from '../../../contract/paths';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The scheduler's name for the pause before a search goes out. */
const DEBOUNCE = 'search.debounce';

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
    request: request(),
  })
  .volatile(() => ({
    groups: [] as SearchGroup[],
  }))
  .views((self) => ({
    get status() {
      return self.request.status;
    },
    get term() {
      return searchTerm(self.query);
    },
    /** Every result in display order, for keyboard navigation across groups. */
    get results(): WireMatch[] {
      return self.groups.flatMap((group) => group.matches);
    },
  }))
  .actions((self) => ({
    setGroups(groups: SearchGroup[]) {
      self.groups = groups;
    },
  }))
  .actions((self) => ({
    run() {
      const env = envOf(self);
      env.scheduler.stop(DEBOUNCE);
      const recommend = self.term;
      if (recommend === '') return Promise.resolve('superseded' as const);
      return self.request.run(
        async () => {
          const askedAt = env.liveBook.pushMark;
          const answer: unknown = await env.http.match.post(MATCH_PATHS.search, { recommend } satisfies SearchRequest, { noAuth: true });
          if (!isAnswer(answer)) throw new TypeError('search: unexpected answer');
          env.liveBook.seed(answer.groups.flatMap((group) => group.matches), askedAt);
          // The platform orders live first already; a stable sort keeps that promise even if it did not. A sport the
          // merchant switched off is left out, whatever the platform answered.
          return answer.groups
            .filter((group) => group.matches.length > 0 && env.sports.offers(group.sportId, 'A'))
            .map((group) => ({ sportId: group.sportId, matches: [...group.matches].sort((a, b) => Number(isLive(b)) - Number(isLive(a))) }));
        },
        self.setGroups,
        {
          failed: (error) => {
            env.logger.warn('search failed', error);
            self.setGroups([]);
          },
        },
      );
    },
  }))
  .actions((self) => ({
    /** Shows no results, asks nothing: what is in flight or waiting for typing to pause is dropped. */
    drop() {
      envOf(self).scheduler.stop(DEBOUNCE);
      self.request.reset();
      self.groups = [];
    },
  }))
  .actions((self) => ({
    /** Takes what the member typed; searches once typing pauses (through the scheduler). Blank input clears the results. */
    setQuery(text: string) {
      self.query = text;
      if (self.term === '') {
        self.drop();
        return;
      }
      envOf(self).scheduler.once(DEBOUNCE, SEARCH_DEBOUNCE_MS, () => self.run());
    },
    clear() {
      self.drop();
      self.query = '';
    },
    beforeDestroy() {
      envOf(self).scheduler.stop(DEBOUNCE);
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
export const { of: searchOf, existing: existingSearch } = onDemand('search', SearchStore, (store, root: SearchRoot) => {
  addDisposer(
    store,
    reaction(
      () => root.settings.apiLanguage,
      () => store.term !== '' && void store.run(),
    ),
  );
  addDisposer(store, () => store.clear());
});
