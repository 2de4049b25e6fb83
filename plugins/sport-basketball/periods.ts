/** Score rows' `pe` for basketball: quarters 1/3/5/7, halves 8/9 (two-half leagues), overtime 12. */
export const PERIOD_LABELS: Readonly<Record<number, string>> = { 1: 'pe.q1', 3: 'pe.q2', 5: 'pe.q3', 7: 'pe.q4', 8: 'pe.h1', 9: 'pe.h2', 12: 'pe.ot' };
