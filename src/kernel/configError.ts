import type { core } from 'zod/mini';
import { formatPath, installZodMessages } from './issues';

// Issues arrive worded by the shared describer ("expected a number, got \"fifty\"").
installZodMessages();

/** One problem in a config file: which file, which field, and what was expected there. */
export interface ConfigIssue {
  file: string;
  path: string;
  expected: string;
}

export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map((i) => `${i.file}: ${i.path || '(root)'}: ${i.expected}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parse option that keeps the offending value on each issue, so messages can say what was found. */
export const REPORT_INPUT = { reportInput: true } as const;

/** Turns zod issues into ConfigIssues, paths written as `plugins[0].options.pageSize`. */
export function toConfigIssues(file: string, issues: readonly core.$ZodIssue[], prefix = ''): ConfigIssue[] {
  return issues.map((issue) => ({
    file,
    path: [prefix, formatPath(issue.path, '')].filter(Boolean).join(issue.path.length && typeof issue.path[0] === 'number' ? '' : '.'),
    expected: issue.message,
  }));
}
