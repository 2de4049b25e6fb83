import type { core } from 'zod/mini';

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

const received = (input: unknown) => (input === undefined ? 'nothing' : Array.isArray(input) ? 'an array' : input === null ? 'null' : `${typeof input} ${JSON.stringify(input)}`);

/**
 * Says what a field should have been, from the issue's code rather than zod's locale messages, so the platform
 * and the browser (which ships zod/mini without locales) word it the same.
 */
export function describeIssue(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${received(issue.input)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'too_small':
      return `expected ${issue.origin === 'string' ? 'a length of' : issue.origin === 'array' ? 'a list of' : 'a value'} at least ${String(issue.minimum)}, got ${received(issue.input)}`;
    case 'too_big':
      return `expected ${issue.origin === 'string' ? 'a length of' : issue.origin === 'array' ? 'a list of' : 'a value'} at most ${String(issue.maximum)}, got ${received(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${received(issue.input)}`;
    case 'invalid_format':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `expected ${issue.format} format`;
    case 'invalid_key':
      return issue.issues.map(describeIssue).join('; ');
    case 'invalid_union':
      return `expected ${issue.errors.flat().map(describeIssue).join(' or ')}`;
    default:
      return issue.message;
  }
}

/** Turns zod issues into ConfigIssues, paths written as `plugins[0].options.pageSize`. */
export function toConfigIssues(file: string, issues: readonly core.$ZodIssue[], prefix = ''): ConfigIssue[] {
  return issues.map((issue) => ({
    file,
    path: [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))]
      .filter(Boolean)
      .join('.')
      .replace(/\.\[/g, '['),
    expected: describeIssue(issue),
  }));
}
