import * as z from 'zod/mini';

/** A description that reaches /openapi.json (zod/mini has no `.describe()`; the check registers it). */
export const described = <T extends z.ZodMiniType>(schema: T, text: string): T => schema.check(z.describe(text));
