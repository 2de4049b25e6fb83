import { z } from 'zod';
import { formatPath, installZodMessages, preview } from '../../../contract/issues';

export { installZodMessages };

/** The platform's side of validation messages; the wording itself is shared with the app (src/kernel/issues). */

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

/** "path: message; path: message" for a zod error, the format every caller reports. */
export function formatZodError(error: z.ZodError, root: string): string {
  return error.issues.map((issue) => `${formatPath(issue.path, root)}: ${issue.message}`).join('; ');
}
