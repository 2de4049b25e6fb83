import * as z from 'zod/mini';
import type { core } from 'zod/mini';

/**
 * One wording for every validation message, in the browser and on the platform (request bodies, config files,
 * environment, push frames): "<path>: expected <what>, got <value>". A message has to be actionable on its own
 * because clients show it and operators read it in a start-up failure.
 */

type Issue = core.$ZodRawIssue;

/** A short, safe rendering of a received value: never the whole of a long string or object. */
export function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  tuple: 'an array',
  null: 'null',
  bigint: 'an integer',
  date: 'a date',
};

/** Prefix that marks an absent value, so "missing, expected a string" reads differently from a wrong one. */
function missing(input: unknown): string {
  return input === undefined ? 'missing, ' : '';
}

function plural(n: number | bigint, unit: string): string {
  return `${n} ${unit}${n === 1 || n === 1n ? '' : 's'}`;
}

function sizeOf(input: unknown): string {
  if (typeof input === 'string') return String(input.length);
  if (Array.isArray(input)) return String(input.length);
  return preview(input);
}

function bound(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  const inclusive = issue.inclusive !== false;
  const exactly = issue.exact === true;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(limit) === 1 && inclusive) return `expected a non-empty string, got ""`;
      return `expected ${exactly ? 'exactly' : big ? 'at most' : 'at least'} ${plural(limit, 'character')}, got ${sizeOf(issue.input)}`;
    case 'array':
    case 'set':
      return `expected ${exactly ? 'exactly' : big ? 'at most' : 'at least'} ${plural(limit, 'item')}, got ${sizeOf(issue.input)}`;
    default: {
      const op = big ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>';
      return `expected a number ${op} ${limit}, got ${preview(issue.input)}`;
    }
  }
}

/** Describes one issue as "expected ..., got ..."; undefined lets zod fall back to its own text. */
export function describeIssue(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const what = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return `${missing(undefined)}expected ${what}`;
      return `expected ${what}, got ${preview(issue.input)}`;
    }
    case 'too_big':
    case 'too_small':
      return bound(issue);
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v)).join(', ');
      const prefix = issue.values.length === 1 ? `expected ${values}` : `expected one of ${values}`;
      return `${missing(issue.input)}${prefix}${issue.input === undefined ? '' : `, got ${preview(issue.input)}`}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern) {
        return `expected a string matching ${issue.pattern}, got ${preview(issue.input)}`;
      }
      return `expected a valid ${issue.format}, got ${preview(issue.input)}`;
    case 'unrecognized_keys':
      return `unexpected field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_union': {
      // A discriminated union whose discriminator matched no option: name the allowed values.
      const options = 'options' in issue && Array.isArray(issue.options) ? (issue.options as unknown[]) : [];
      if (options.length === 0) return undefined;
      const input = issue.input;
      const value =
        typeof issue.discriminator === 'string' && typeof input === 'object' && input !== null && issue.discriminator in input
          ? (input as Record<string, unknown>)[issue.discriminator as string]
          : input;
      const values = options.map((v) => JSON.stringify(v)).join(', ');
      return `${missing(value)}expected one of ${values}${value === undefined ? '' : `, got ${preview(value)}`}`;
    }
    case 'invalid_key':
      // A record key that broke its own rule: that rule's message says what a key must look like.
      return issue.issues.map((inner) => inner.message).join('; ');
    case 'not_multiple_of':
      return `expected a multiple of ${issue.divisor}, got ${preview(issue.input)}`;
    default:
      return undefined;
  }
}

/**
 * A schema's own error for a value with a domain format, e.g.
 * `z.string({ error: expecting('a decimal string like "7.12"') })`, so the message names the format rather than the
 * primitive type and still says what arrived. Request schemas (contract) and platform config use it alike.
 */
export function expecting(description: string) {
  return (issue: Issue): string =>
    issue.input === undefined ? `missing, expected ${description}` : `expected ${description}, got ${preview(issue.input)}`;
}

/** `a.b[0].c` from a zod or JSON-pointer style path; empty paths get the caller's root name. */
export function formatPath(path: ReadonlyArray<PropertyKey>, root: string): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const key = String(part);
      out += /^[A-Za-z_$][\w$-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out || root;
}

/** "path: message; path: message" for a zod error (full zod or zod/mini), the format every caller reports. */
export function formatZodError(error: { issues: readonly core.$ZodIssue[] }, root: string): string {
  return error.issues.map((issue) => `${formatPath(issue.path, root)}: ${issue.message}`).join('; ');
}

let installed = false;

/**
 * Installs describeIssue as zod's global message map (zod/mini and full zod share it). Global because the
 * platform's request validator parses without per-call options; a schema's own `error` still wins.
 */
export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => describeIssue(issue) });
}

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
