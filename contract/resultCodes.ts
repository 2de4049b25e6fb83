/**
 * The result services' paths, limits and the language codes both third-party providers take (docs/api.md "Results");
 * each provider's own ids, codes and shapes are in its file (resultsIm.ts, resultsOb.ts). Plain values with no schema,
 * apart from contract/results.ts: the app's results store and plugins read them from their lazy chunks, and a value a
 * lazy chunk takes from a module the initial bundle already holds (enums.ts, paths.ts) would be kept there.
 */
/** Paths of the own result service's calls (the `results` service of the domain list). */
export const RESULT_PATHS = {
  matchResultList: '/api/result/matchResultList',
  matchResultInfo: '/api/result/matchResultInfo',
  getOnSaleLeagues: '/api/result/getOnSaleLeagues',
  queryMatchByRecommend: '/api/result/queryMatchByRecommend',
  getMatchDetail: '/api/result/getMatchDetail',
} as const;

/** Spec 9: results page size default 50; an answer without pageTotal reads as 50 pages, one without total as 200 records. */
export const RESULT_PAGE_SIZE = 50;
export const RESULT_PAGE_TOTAL_FALLBACK = 50;
export const RESULT_TOTAL_FALLBACK = 200;
/** The longest range one results call may ask for (the platform's choice; the app's default range is 7 days). */
export const RESULT_MAX_RANGE_DAYS = 31;

/**
 * Result-provider language codes: spec 001 section 7 gives CMN chs, ENG eng, VIE vn; zh-TW (cht) and THA (th) are the
 * platform's choice (docs/api.md). Both providers take the same codes.
 */
export const PROVIDER_LANGUAGE = { CMN: 'chs', 'zh-TW': 'cht', ENG: 'eng', VIE: 'vn', THA: 'th' } as const;
export type ProviderLanguage = (typeof PROVIDER_LANGUAGE)[keyof typeof PROVIDER_LANGUAGE];
