import * as z from 'zod/mini';
import { described } from './described';
import { codeOf } from './enums';
import { request } from './fields';
import { RESULT_MAX_RANGE_DAYS } from './resultCodes';

/**
 * gamebetob, a third-party result provider (spec 001 section 7 "Match results", docs/api.md "Results"): its path, ids,
 * codes and wire shape, which are its own (epoch-second ranges, short field names, its own envelope). The platform
 * serves it (server/src/routes/results) and the results-ob plugin reads it; the language codes it shares with gamebetim
 * are resultCodes.ts PROVIDER_LANGUAGE.
 */

const int = () => z.int();

/** Its completed-results call, on the `results` service of the domain list. */
export const OB_RESULTS_PATH = '/api/result/gamebetob/getCompletedResults';

/** gamebetob's sport ids (`csid`) by scheme-A id (its own numbering). */
export const OB_SPORT_IDS: Readonly<Record<number, number>> = {
  1: 1, 3: 2, 177: 1001, 178: 1002, 5: 5, 16: 7, 13: 9, 47: 10, 15: 8, 7: 3, 8: 11, 2: 4, 6: 6, 4: 14, 18: 18, 19: 12, 51: 13,
};

/** gamebetob's match status codes (`ms`). */
export const ObMatchStatus = { Finished: 4, Postponed: 5, Cancelled: 6, Interrupted: 7, Abandoned: 8 } as const;

export const obRequestSchema = request(z.object({
  language: described(z.string(), 'chs, cht, eng, vn or th'),
  sportId: described(int(), "gamebetob's sport id (csid)"),
  startTime: described(int(), 'epoch seconds'),
  endTime: described(int(), `epoch seconds; at most ${RESULT_MAX_RANGE_DAYS} days after startTime`),
  competitionIds: z.optional(described(z.string(), 'tournament ids (tid), comma-joined; "" or absent: all')),
}));
export type ObRequest = z.infer<typeof obRequestSchema>;

export const obMatchSchema = z.object({
  mid: described(z.string(), "gamebetob's match id"),
  csid: int(),
  tid: described(z.string(), 'tournament id'),
  tn: described(z.string(), 'tournament name'),
  mgt: described(z.string(), 'kick-off, epoch ms as a string'),
  ms: described(codeOf(ObMatchStatus), '4 finished, 5 postponed, 6 cancelled, 7 interrupted, 8 abandoned'),
  mfo: described(z.string(), 'format'),
  mng: described(z.literal([0, 1]), 'neutral ground'),
  mhn: z.string(),
  man: z.string(),
  score: described(z.string(), '"home:away"'),
  msc: described(z.array(z.string()), 'score by period, "<period name>|<home>:<away>"'),
});
export type ObMatch = z.infer<typeof obMatchSchema>;

export const obAnswerSchema = z.object({ status: z.boolean(), msg: z.string(), data: z.array(obMatchSchema) });
export type ObAnswer = z.infer<typeof obAnswerSchema>;
