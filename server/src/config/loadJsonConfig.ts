import { readFileSync } from 'node:fs';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import path from 'node:path';
import type { z } from 'zod';
import { StartupError } from '../startupError';
import { formatZodError, installZodMessages } from '../validation/issues';

installZodMessages();

/** A config file that cannot be used; the message names the file, the field and what was expected. */
export class ConfigError extends StartupError {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

/** The file name as an operator typed it: relative to the working directory when inside it. */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), path.resolve(file));
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
}

/**
 * Reads and parses a JSON file without a schema (for callers that validate it themselves). A missing or
 * unreadable file and malformed JSON become a ConfigError naming the file (and the line and column).
 */
export function readJsonFile(file: string): { name: string; data: unknown } {
  const name = displayName(file);
  return { name, data: parseJsonText(name, readText(file, name)) };
}

/**
 * Reads a JSON file and validates it against a zod schema. Every failure (missing or unreadable
 * file, malformed JSON, schema mismatch) becomes a ConfigError; the parsed, typed value is returned.
 */
export function loadJsonConfig<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const name = displayName(file);
  return parseJsonConfig(name, readText(file, name), schema);
}

function readText(file: string, name: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(name, 'file not found');
    if (code === 'EISDIR') throw new ConfigError(name, 'expected a file, got a directory');
    throw new ConfigError(name, `cannot read the file (${code ?? (error as Error).message})`);
  }
}

/**
 * Strict JSON with the position of the first syntax error. jsonc-parser rather than JSON.parse: V8's messages
 * on Node 20 often carry no position at all.
 */
function parseJsonText(name: string, text: string): unknown {
  // A byte-order mark is legal in a UTF-8 file but not in JSON.
  const body = text.replace(/^\uFEFF/, '');
  const errors: ParseError[] = [];
  const data: unknown = parseJsonc(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return data;
  const before = body.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  throw new ConfigError(name, `malformed JSON at line ${line}, column ${column}: ${SYNTAX_ERRORS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error)}`);
}

const SYNTAX_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected text after the end',
  InvalidCommentToken: 'comments are not allowed',
  UnexpectedEndOfComment: 'unfinished comment',
  UnexpectedEndOfString: 'unfinished string',
  UnexpectedEndOfNumber: 'unfinished number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

/** The same checks as loadJsonConfig for text that is already in memory. */
export function parseJsonConfig<S extends z.ZodType>(name: string, text: string, schema: S): z.output<S> {
  const result = schema.safeParse(parseJsonText(name, text));
  if (!result.success) throw new ConfigError(name, formatZodError(result.error, '(root)'));
  return result.data;
}
