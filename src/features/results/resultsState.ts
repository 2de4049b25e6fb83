import { RESULT_PAGE_TOTAL_FALLBACK, RESULT_TOTAL_FALLBACK } from '../../../contract/resultCodes';
import type { ResultPage } from './model';

/**
 * Pages to offer for an answer (spec 9: page size 50, pageTotal fallback 50, total fallback 200). An answer without
 * `total` counts as 200 records, one without `pageTotal` as 50 pages; the smaller of the two readings wins, so a
 * provider that gives only one of them still pages sensibly, and there is always at least the page shown.
 */
export function pagesOf(page: Pick<ResultPage, 'total' | 'pageTotal'>, pageSize: number): { pages: number; total: number } {
  const total = page.total ?? RESULT_TOTAL_FALLBACK;
  const pageTotal = page.pageTotal ?? RESULT_PAGE_TOTAL_FALLBACK;
  return { total, pages: Math.max(1, Math.min(pageTotal, Math.ceil(total / pageSize))) };
}
