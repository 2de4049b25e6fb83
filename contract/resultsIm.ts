import * as z from 'zod/mini';
import { described } from './described';
import { codeOf } from './enums';
import { request } from './fields';
import { RESULT_MAX_RANGE_DAYS } from './resultCodes';

/**
 * gamebetim, a third-party result provider (spec 001 section 7 "Match results", docs/api.md "Results"): its path, ids,
 * codes and wire shape, which are its own (ISO times with an offset, PascalCase fields, its own envelope). The platform
 * serves it (server/src/routes/results) and the results-im plugin reads it; the language codes it shares with gamebetob
 * are resultCodes.ts PROVIDER_LANGUAGE.
 */

const int = () => z.int();

/** Its completed-results call, on the `results` service of the domain list. */
export const IM_RESULTS_PATH = '/api/result/gamebetim/getCompletedResults';

/** gamebetim's sport ids by scheme-A id (its own numbering). */
export const IM_SPORT_IDS: Readonly<Record<number, number>> = {
  1: 1, 3: 2, 177: 60, 178: 61, 5: 3, 16: 17, 13: 8, 47: 9, 15: 10, 7: 5, 8: 6, 2: 4, 6: 12, 4: 14, 18: 23, 19: 22, 51: 16,
};

/** gamebetim's result status codes: it has fewer than the spec's names, so Delayed and Suspended never reach it. */
export const ImEventStatus = { Closed: 1, Cancelled: 2, Postponed: 3, Abandoned: 4, Interrupted: 5 } as const;

export const imRequestSchema = request(z.object({
  language: described(z.string(), 'chs, cht, eng, vn or th'),
  sportId: described(int(), "gamebetim's sport id"),
  startTime: described(z.string(), 'ISO 8601 with an offset, e.g. "2025-01-01T00:00:00+08:00"'),
  endTime: described(z.string(), `ISO 8601 with an offset; at most ${RESULT_MAX_RANGE_DAYS} days after startTime`),
  competitionIds: z.optional(described(z.string(), 'CompetitionIds, comma-joined; "" or absent: all')),
}));
export type ImRequest = z.infer<typeof imRequestSchema>;

const imPeriodSchema = z.object({ PeriodName: z.string(), HomeScore: int(), AwayScore: int() });
export const imEventSchema = z.object({
  EventId: described(int(), "gamebetim's event id"),
  EventDate: described(z.string(), 'kick-off, ISO 8601 at +08:00'),
  EventStatusId: described(codeOf(ImEventStatus), '1 closed, 2 cancelled, 3 postponed, 4 abandoned, 5 interrupted'),
  IsNeutral: z.boolean(),
  Format: z.string(),
  HomeTeam: z.string(),
  AwayTeam: z.string(),
  HomeScore: int(),
  AwayScore: int(),
  Periods: z.array(imPeriodSchema),
});
export type ImEvent = z.infer<typeof imEventSchema>;

export const imAnswerSchema = z.object({
  StatusCode: described(int(), '100 success'),
  StatusDesc: z.string(),
  Sports: z.array(
    z.object({
      SportId: int(),
      SportName: z.string(),
      Competitions: z.array(z.object({ CompetitionId: int(), CompetitionName: z.string(), Events: z.array(imEventSchema) })),
    }),
  ),
});
export type ImAnswer = z.infer<typeof imAnswerSchema>;
