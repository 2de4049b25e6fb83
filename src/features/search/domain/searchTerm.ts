// The header search's text rule, apart from its store so the search box (first paint) can use it while the store
// loads with the results (src/features/search/search.ts).

/** The platform takes 1 to 50 characters after trimming (docs/api.md; the contract's MAX_SEARCH_LENGTH). */
export const SEARCH_MAX_LENGTH = 50;

/** What a typed query searches for: trimmed and cut to what the platform takes ('' searches nothing). */
export const searchTerm = (query: string): string => query.trim().slice(0, SEARCH_MAX_LENGTH);
