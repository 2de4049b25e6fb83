import type * as z from 'zod/mini';
import { formatZodError } from '../../contract/issues';

/**
 * Test data for a wire answer or push, checked against the contract's schema (contract/): a fake that drifts from what
 * the platform really sends fails the test that builds it, instead of passing against a shape the platform never
 * answers. Returns the data as the schema outputs it.
 */
export function fakeAnswer<S extends z.ZodMiniType>(schema: S, data: z.input<S>): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(`test data does not match the contract: ${formatZodError(result.error, '(root)')}`);
  }
  return result.data;
}
