import type { ResultLeague, ResultModel, ResultPage, ResultQuery, ResultsProvider } from './model';

/**
 * Helpers for providers that answer a whole range at once (no paging, no league call): the page asked for, cut from
 * everything, and the leagues that everything holds. The results SDK exports them so such providers page alike.
 */
export function pageLocally(all: readonly ResultModel[], query: Pick<ResultQuery, 'page' | 'pageSize'>): ResultPage {
  const start = (query.page - 1) * query.pageSize;
  return { matches: all.slice(start, start + query.pageSize), total: all.length, pageTotal: Math.ceil(all.length / query.pageSize) };
}

/** The leagues of `matches`, each once, in order of first appearance. */
export function leaguesOf(matches: readonly ResultModel[]): ResultLeague[] {
  const seen = new Map<string, ResultLeague>();
  for (const m of matches) if (!seen.has(m.league.id)) seen.set(m.league.id, { id: m.league.id, name: m.league.name });
  return [...seen.values()];
}

/** Newest first, as the product's own service answers. */
export const newestFirst = (matches: ResultModel[]): ResultModel[] => matches.sort((a, b) => b.beginTime - a.beginTime || a.id.localeCompare(b.id));

/**
 * The answers of the last few queries (range, language, sport, leagues), shared by the league list and the pages: a
 * provider that answers a whole range at once is asked once per query, not once per page and again for the leagues.
 */
export function recentAnswers<K, T>(fetch: (key: K) => Promise<T>, keep = 4): (key: K) => Promise<T> {
  const answers = new Map<string, Promise<T>>();
  return (key) => {
    const id = JSON.stringify(key);
    let answer = answers.get(id);
    if (!answer) {
      answer = fetch(key);
      answers.set(id, answer);
      if (answers.size > keep) answers.delete(answers.keys().next().value!);
      const kept = answer;
      // A failed answer is not kept: the next call (the member's retry) asks again.
      kept.catch(() => {
        if (answers.get(id) === kept) answers.delete(id);
      });
    }
    return answer;
  };
}

/** What a whole-range provider is asked for: a sport, a range, a language and (comma-joined) its competition ids. */
export interface RangeQuery {
  sportId: number;
  from: number;
  to: number;
  language: string;
  /** The provider's competition ids, comma-joined; empty: all. */
  competitionIds: string;
}

/**
 * A provider over a service that answers a whole range at once: one call per query (recentAnswers) serves the league
 * list and every page, newest first; `fetch` answers the range's results in the results model.
 */
export function wholeRangeProvider(fetch: (query: RangeQuery) => Promise<ResultModel[]>): ResultsProvider {
  const completed = recentAnswers(async (query: RangeQuery) => newestFirst(await fetch(query)));
  const rangeOf = (q: Omit<ResultQuery, 'leagueIds' | 'page' | 'pageSize'>) => ({ sportId: q.sportId, from: q.from, to: q.to, language: q.language });
  return {
    async leagues(q) {
      return leaguesOf(await completed({ ...rangeOf(q), competitionIds: '' }));
    },
    async list(q) {
      return pageLocally(await completed({ ...rangeOf(q), competitionIds: q.leagueIds.join(',') }), q);
    },
  };
}

/** A provider's names by app locale, from its plugin's locales/<lng>.json files (`{ "name": ... }`). */
export function namesFrom(locales: Readonly<Record<string, { name: string }>>): Record<string, string> {
  return Object.fromEntries(Object.entries(locales).map(([lng, strings]) => [lng, strings.name]));
}
