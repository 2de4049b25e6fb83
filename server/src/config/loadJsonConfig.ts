import { readFileSync } from 'node:fs';
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

/** Line and column (1-based) of a character offset, for JSON syntax errors. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function describeSyntaxError(text: string, error: Error): string {
  // V8 reports either "... at position N" or "... (line L column C)" depending on the version.
  const lineCol = /\(line (\d+) column (\d+)\)/.exec(error.message);
  const position = /at position (\d+)/.exec(error.message);
  let where: { line: number; column: number } | undefined;
  if (lineCol) where = { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  else if (position) where = lineAndColumn(text, Number(position[1]));
  else if (/end of JSON input/.test(error.message)) where = lineAndColumn(text, text.length);
  const reason = error.message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*in JSON at position \d+/, '')
    .replace(/^JSON\.parse: /, '');
  return where ? `malformed JSON at line ${where.line}, column ${where.column}: ${reason}` : `malformed JSON: ${reason}`;
}

/**
 * Reads a JSON file and validates it against a zod schema. Every failure (missing or unreadable
 * file, malformed JSON, schema mismatch) becomes a ConfigError; the parsed, typed value is returned.
 */
export function loadJsonConfig<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const name = displayName(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(name, 'file not found');
    if (code === 'EISDIR') throw new ConfigError(name, 'expected a file, got a directory');
    throw new ConfigError(name, `cannot read the file (${code ?? (error as Error).message})`);
  }
  return parseJsonConfig(name, text, schema);
}

/** The same checks as loadJsonConfig for text that is already in memory. */
export function parseJsonConfig<S extends z.ZodType>(name: string, text: string, schema: S): z.output<S> {
  // A byte-order mark is legal in a UTF-8 file but not in JSON.
  const body = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    throw new ConfigError(name, describeSyntaxError(body, error as Error));
  }
  const result = schema.safeParse(data);
  if (!result.success) throw new ConfigError(name, formatZodError(result.error, '(root)'));
  return result.data;
}
