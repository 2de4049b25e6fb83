import * as z from 'zod/mini';
import { described } from './described';
import { languageField, request } from './fields';

/**
 * The live showorder config (spec 001 section 7 "Live showorder config returns isGlobal and amount"; path not shown):
 * `POST /api/forehead/live/showorder/config` (docs/api.md "Choices where the spec is silent").
 */
export const showOrderConfigSchema = z.object({
  isGlobal: described(z.boolean(), 'true: the rule holds in every live room; false: only in rooms that switch order sharing on'),
  amount: described(z.string(), 'The smallest stake (CNY, 2 decimals) of an order a member may share in chat'),
});
export type ShowOrderConfig = z.infer<typeof showOrderConfigSchema>;

/** Its body: the language, or nothing. */
export const showOrderConfigRequestSchema = request(z.optional(z.strictObject({ language: languageField })));
