/**
 * The result services' paths, limits and the third-party providers' own codes (docs/api.md "Results"). Plain values
 * with no schema, apart from contract/results.ts: the app's results plugins read them from their lazy chunks, and a
 * value a lazy chunk takes from a module the initial bundle already holds (enums.ts, paths.ts) would be kept there.
 */
/** Paths of the result calls (the `results` service of the domain list). */
export const RESULT_PATHS = {
  matchResultList: '/api/result/matchResultList',
  matchResultInfo: '/api/result/matchResultInfo',
  getOnSaleLeagues: '/api/result/getOnSaleLeagues',
  queryMatchByRecommend: '/api/result/queryMatchByRecommend',
  getMatchDetail: '/api/result/getMatchDetail',
  imCompletedResults: '/api/result/gamebetim/getCompletedResults',
  obCompletedResults: '/api/result/gamebetob/getCompletedResults',
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

/** gamebetim's sport ids by scheme-A id (its own numbering). */
export const IM_SPORT_IDS: Readonly<Record<number, number>> = {
  1: 1, 3: 2, 177: 60, 178: 61, 5: 3, 16: 17, 13: 8, 47: 9, 15: 10, 7: 5, 8: 6, 2: 4, 6: 12, 4: 14, 18: 23, 19: 22, 51: 16,
};

/** gamebetob's sport ids (`csid`) by scheme-A id (its own numbering). */
export const OB_SPORT_IDS: Readonly<Record<number, number>> = {
  1: 1, 3: 2, 177: 1001, 178: 1002, 5: 5, 16: 7, 13: 9, 47: 10, 15: 8, 7: 3, 8: 11, 2: 4, 6: 6, 4: 14, 18: 18, 19: 12, 51: 13,
};

/** gamebetim's result status codes: it has fewer than the spec's names, so Delayed and Suspended never reach it. */
export const ImEventStatus = { Closed: 1, Cancelled: 2, Postponed: 3, Abandoned: 4, Interrupted: 5 } as const;

/** gamebetob's match status codes (`ms`). */
export const ObMatchStatus = { Finished: 4, Postponed: 5, Cancelled: 6, Interrupted: 7, Abandoned: 8 } as const;
