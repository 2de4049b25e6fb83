import * as z from 'zod/mini';

/** The forehead, match-data and results success envelope around a route's data. */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

export const errorEnvelope = z
  .object({ code: z.int(), msg: z.string(), data: z.null() })
  .check(z.describe('Failure: code says why (see docs/api.md), msg says what was wrong'));
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const bettingErrorEnvelope = z
  .object({ code: z.int(), errcode: z.int(), msg: z.string() })
  .check(z.describe('Betting-service failure: errcode repeats code'));
export type BettingErrorEnvelope = z.infer<typeof bettingErrorEnvelope>;
