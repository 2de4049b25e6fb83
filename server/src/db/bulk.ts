import { CompiledQuery, sql, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/** Where the rows of a bulk statement go in its template. */
export const VALUES = ':values';

const placeholderStyles = new WeakMap<object, 'qmark' | 'dollar'>();

/** `?` (SQLite) or `$1, $2, ...` (PostgreSQL): what the executor's dialect compiles a bound value to. */
function placeholderStyle(executor: Kysely<Database>): 'qmark' | 'dollar' {
  let style = placeholderStyles.get(executor);
  if (!style) {
    style = sql`${0}`.compile(executor).sql === '?' ? 'qmark' : 'dollar';
    placeholderStyles.set(executor, style);
  }
  return style;
}

/** Whether the executor talks to PostgreSQL (its dialect compiles bound values to $1, $2, ...). */
export function isPostgres(executor: Kysely<Database>): boolean {
  return placeholderStyle(executor) === 'dollar';
}

/** PostgreSQL's name of a bulk column's type, for its array parameter (`$1::text[]`). */
export type BulkColumnType = 'text' | 'integer' | 'bigint';

/** An integer column's value: a number or bigint without a fraction, a string of digits, or null. */
function isInteger(value: unknown): boolean {
  return value === null || value === undefined || Number.isInteger(value) || typeof value === 'bigint' || (typeof value === 'string' && /^-?\d+$/.test(value));
}

/** What a quoted element of an array literal must escape. */
const ARRAY_SPECIAL = /[\\"]/;

/**
 * Column `c` of the rows as PostgreSQL's array literal (`{"a","b",NULL}`, `{1,2}`), written here rather than by pg,
 * whose generic conversion of each element took a tenth of settlement's CPU. Every text element is quoted with its
 * backslashes and double quotes escaped, so no text reads as NULL, a brace or a separator; null and undefined are NULL.
 * Integer columns hold integers only (checked by executeBulk).
 */
function arrayLiteral(rows: readonly (readonly unknown[])[], c: number, type: BulkColumnType): string {
  // Appended to one string (a rope), each text tested before it is escaped: a third of the time of joining escaped parts.
  let literal = '{';
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) literal += ',';
    const value = rows[i]![c];
    if (value === null || value === undefined) literal += 'NULL';
    else if (type !== 'text') literal += String(value);
    else {
      const text = String(value);
      literal += ARRAY_SPECIAL.test(text) ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`;
    }
  }
  return `${literal}}`;
}

/**
 * Runs a statement carrying many rows of bound values (a multi-row INSERT, an UPDATE ... FROM (VALUES ...)), compiled
 * straight to SQL text and parameters. Kysely's builder makes and compiles an operation node per bound value: for
 * settlement's batches that cost more CPU (and garbage) than the database took to run the statements.
 * `template` is plain SQL with `?` for each of `params`, in order, and VALUES (`:values`) where the rows go, as a row
 * source whose columns are named column1, column2, ...:
 * - SQLite: `values (?, ?, ...), (...)`, one bound value per cell;
 * - PostgreSQL: `select column1, ... from unnest($1::text[], $2::bigint[], ...) as v(column1, column2, ...)`, one array per column
 *   (`types`): a few parameters instead of thousands, which PostgreSQL parses and plans in a fraction of the time and pg
 *   serialises in one go. The columns come typed, so the template's casts are no-ops there.
 * Every row has one value per type. Table and column names are the caller's constants, never input: only values are
 * bound.
 */
export async function executeBulk<R>(
  executor: Kysely<Database>,
  template: string,
  params: readonly unknown[],
  types: readonly BulkColumnType[],
  rows: readonly (readonly unknown[])[],
): Promise<QueryResult<R>> {
  return executeBulkSets<R>(executor, template, params, [{ types, rows }]);
}

/** One row source of a bulk statement: its columns' types and its rows. */
export interface BulkRows {
  types: readonly BulkColumnType[];
  rows: readonly (readonly unknown[])[];
}

/**
 * executeBulk with several row sources in one statement (several CTEs fed by rows, as a group of bets writes its
 * requests, orders and legs in one statement): the template's first VALUES takes the first set, the second the
 * second, and so on.
 */
export async function executeBulkSets<R>(executor: Kysely<Database>, template: string, params: readonly unknown[], sets: readonly BulkRows[]): Promise<QueryResult<R>> {
  const dollar = placeholderStyle(executor) === 'dollar';
  const bound: unknown[] = [];
  const mark = (value: unknown) => {
    bound.push(value);
    return dollar ? `$${bound.length}` : '?';
  };
  for (const { types, rows } of sets) {
    if (rows.length === 0) throw new RangeError('executeBulk: no rows');
    for (const row of rows) {
      if (row.length !== types.length) throw new RangeError(`executeBulk: a row of ${row.length} values for ${types.length} columns`);
      for (let c = 0; c < row.length; c++) {
        if (types[c] !== 'text' && !isInteger(row[c])) throw new RangeError(`executeBulk: ${String(row[c])} in column ${c + 1} is not an integer (${types[c]})`);
      }
    }
  }
  let text = '';
  let next = 0;
  let set = 0;
  for (const part of template.split(/(\?|:values)/)) {
    if (part === '?') {
      if (next >= params.length) throw new RangeError(`executeBulk: the template has more ? than the ${params.length} parameters`);
      text += mark(params[next++]);
    } else if (part === VALUES) {
      const source = sets[set++];
      if (!source) throw new RangeError(`executeBulk: the template has more ${VALUES} than the ${sets.length} row sets`);
      const { types, rows } = source;
      if (dollar) {
        const columns = types.map((type, c) => `${mark(arrayLiteral(rows, c, type))}::${type}[]`);
        // The columns by name, not `*`: a statement with `*` in it is never prepared under a name (preparingPool).
        const names = types.map((_, c) => `column${c + 1}`).join(', ');
        text += `select ${names} from unnest(${columns.join(', ')}) as v(${names})`;
      } else text += `values ${rows.map((row) => `(${row.map(mark).join(', ')})`).join(', ')}`;
    } else text += part;
  }
  if (next !== params.length) throw new RangeError(`executeBulk: ${params.length} parameters for ${next} ?`);
  if (set !== sets.length) throw new RangeError(`executeBulk: ${sets.length} row sets for ${set} ${VALUES}`);
  return executor.executeQuery<R>(CompiledQuery.raw(text, bound));
}

/**
 * A statement written as SQL text with `?` for each of `params`, run on either database (`?` becomes `$1, $2, ...` on
 * PostgreSQL): for a hot query whose Kysely building and compiling cost more than the database's work for it.
 */
export function executeText<R>(executor: Kysely<Database>, template: string, params: readonly unknown[]): Promise<QueryResult<R>> {
  return executeBulkSets<R>(executor, template, params, []);
}
