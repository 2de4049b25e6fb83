import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PROVIDER_LANGUAGE, RESULT_MAX_RANGE_DAYS, type ProviderLanguage } from '../../../../contract/resultCodes';
import type { ImRequest } from '../../../../contract/resultsIm';
import { ApiError, CODES, errorEnvelope } from '../../http/envelope';
import type { Lang, MatchResult } from '../../feed';
import type { finishedMatches } from '../../results/resultMatch';

/** What the result routes share: the own service's (index.ts) and each third-party provider's (im.ts, ob.ts). */

export const DAY = 86_400_000;
const MAX_RANGE_MS = RESULT_MAX_RANGE_DAYS * DAY;
export const TAGS = ['results'];

/** The app the result routes register on. */
export type ResultsApp = Parameters<FastifyPluginAsyncZod>[0];
/** Finished matches of the sports the merchant named in the request offers. */
export type Finished = (request: FastifyRequest, q: Parameters<typeof finishedMatches>[2]) => Promise<MatchResult[]>;

export const invalid = (message: string) => new ApiError(400, CODES.INVALID_INPUT, message);

/** A range the providers accept: end not before start, at most RESULT_MAX_RANGE_DAYS long. */
export function checkRange(from: number, to: number, fields: { from: string; to: string }): void {
  if (to < from) throw invalid(`${fields.to}: expected a time at or after ${fields.from}`);
  if (to - from > MAX_RANGE_MS) throw invalid(`${fields.to}: expected at most ${RESULT_MAX_RANGE_DAYS} days after ${fields.from}`);
}

/** A provider's language code back to the feed's language; an unknown code names the field. */
export function providerLang(code: string): Lang {
  const found = (Object.entries(PROVIDER_LANGUAGE) as Array<[Lang, ProviderLanguage]>).find(([, c]) => c === code);
  if (!found) throw invalid(`body.language: expected one of ${Object.values(PROVIDER_LANGUAGE).join(', ')}, got ${JSON.stringify(code)}`);
  return found[0];
}

/** A provider's sport id back to scheme A. */
export function sportOf(table: Readonly<Record<number, number>>, id: number): number {
  const found = Object.entries(table).find(([, theirs]) => theirs === id);
  if (!found) throw invalid(`body.sportId: expected one of the provider's sport ids (${Object.values(table).join(', ')}), got ${id}`);
  return Number(found[0]);
}

/** A comma-joined id list; each id through `parse`, which answers undefined for one that is not the provider's. */
export function idList(value: string | undefined, parse: (id: string) => number | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((raw) => {
    const id = parse(raw.trim());
    if (id === undefined) throw invalid(`body.competitionIds: expected competition ids joined by commas, got ${JSON.stringify(raw)}`);
    return id;
  });
}

/** What every provider's result request names: the providers' requests (contract/resultsIm.ts, resultsOb.ts) differ only in how they write times. */
type ProviderRequest<Time> = Omit<ImRequest, 'startTime' | 'endTime'> & Record<'startTime' | 'endTime', Time>;

/** A provider's request read as the feed's query. */
export interface ProviderQuery {
  lang: Lang;
  /** Scheme A. */
  sportId: number;
  /** Epoch ms. */
  from: number;
  to: number;
  leagueIds: number[] | undefined;
}

/**
 * A third-party provider's completed-results route. Its request is read the same way for every provider, in this
 * order, the first wrong field answering our 400 envelope: the language, the sport (through `sportIds`), the two
 * times (through `time`, to epoch ms) and their range, the competition ids (through `competitionId`). `answer` makes
 * the provider's own envelope.
 */
export function providerResultsRoute<Time, Answer>(
  app: ResultsApp,
  route: {
    path: string;
    summary: string;
    description: string;
    body: z.core.$ZodType<ProviderRequest<Time>>;
    answerSchema: z.core.$ZodType<unknown, Answer>;
    sportIds: Readonly<Record<number, number>>;
    time(value: Time, field: 'startTime' | 'endTime'): number;
    /** Our league id of one of the provider's competition ids; undefined for an id that is not its own. */
    competitionId(raw: string): number | undefined;
  },
  answer: (request: FastifyRequest, body: ProviderRequest<Time>, query: ProviderQuery) => Promise<Answer>,
): void {
  // Fastify cannot resolve a reply type from a schema generic in Answer: it gets the widened schema, and `answer`'s
  // type ties what is sent to the provider's schema.
  const answerSchema: z.core.$ZodType = route.answerSchema;
  app.post(
    route.path,
    {
      schema: { summary: route.summary, description: route.description, tags: TAGS, body: route.body, response: { 200: answerSchema, 400: errorEnvelope } },
    },
    async (request) => {
      const body: ProviderRequest<Time> = request.body;
      const lang = providerLang(body.language);
      const sportId = sportOf(route.sportIds, body.sportId);
      const from = route.time(body.startTime, 'startTime');
      const to = route.time(body.endTime, 'endTime');
      checkRange(from, to, { from: 'body.startTime', to: 'body.endTime' });
      return answer(request, body, { lang, sportId, from, to, leagueIds: idList(body.competitionIds, route.competitionId) });
    },
  );
}
