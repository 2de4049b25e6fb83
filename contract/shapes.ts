import * as z from 'zod/mini';

/**
 * Shapes that answers and pushes share, kept apart from match.ts so the push schemas (loaded by the app's push client)
 * do not build every answer schema and its descriptions, nor use zod functions the app's first download lacks.
 */

/** Spec score row: `pe` period id (0 = match total so far), `tyg` score type group (the platform's feed codes). */
export const scoreRowSchema = z.object({ pe: z.int(), tyg: z.int(), home: z.int(), away: z.int() });
export type ScoreRow = z.infer<typeof scoreRowSchema>;

/** Match clock. `second` counts up from the match start (football) or down within the period (basketball). */
export const matchClockSchema = z.object({ running: z.boolean(), period: z.int(), second: z.int(), type: z.literal(['up', 'down', 'none']) });
export type MatchClock = z.infer<typeof matchClockSchema>;
