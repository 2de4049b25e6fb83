import { z } from 'zod';
import { formatZodError, installZodMessages, preview } from '../../../contract/issues';

export { formatZodError, installZodMessages };

/** The platform's side of validation messages; the wording itself is shared with the app (contract/issues.ts). */

type Issue = z.core.$ZodRawIssue;

/**
 * Builds a schema-level error for a value with a domain format, e.g.
 * `z.string({ error: expecting('a decimal string like "7.12"') })`, so the message names the
 * format rather than the primitive type and still says what arrived.
 */
export function expecting(description: string) {
  return (issue: Issue): string =>
    issue.input === undefined ? `missing, expected ${description}` : `expected ${description}, got ${preview(issue.input)}`;
}
