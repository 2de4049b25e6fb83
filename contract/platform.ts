import * as z from 'zod/mini';
import { described } from './described';

/** Answers of the platform's own routes (GET /healthz, GET /openapi.json); neither takes a request. */

/** GET /healthz: 200 when the database answers, 503 (same shape) otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  build: z.object({
    version: z.string(),
    commit: z.optional(z.string()),
    startedAt: described(z.int(), 'Epoch milliseconds'),
  }),
  database: z.object({ ok: z.boolean(), driver: z.enum(['sqlite', 'postgres']) }),
  /** Several instances (issue 19): whether this one holds the feed-leader lease; SQLite: always leader. */
  feedRole: z.enum(['leader', 'follower']),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /openapi.json: the OpenAPI 3 document (its own standard, not described field by field here). */
export const openApiDocumentSchema = z.record(z.string(), z.unknown());
