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

/**
 * Runs a statement carrying many rows of bound values (a multi-row INSERT, an UPDATE ... FROM (VALUES ...)), compiled
 * straight to SQL text and parameters. Kysely's builder makes and compiles an operation node per bound value: for
 * settlement's batches that cost more CPU (and garbage) than the database took to run the statements.
 * `template` is plain SQL with `?` for each of `params`, in order, and VALUES (`:values`) where the rows go, as a row
 * source whose columns are named column1, column2, ...:
 * - SQLite: `values (?, ?, ...), (...)`, one bound value per cell;
 * - PostgreSQL: `select * from unnest($1::text[], $2::bigint[], ...) as v(column1, column2, ...)`, one array per column
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
  if (rows.length === 0) throw new RangeError('executeBulk: no rows');
  const dollar = placeholderStyle(executor) === 'dollar';
  const bound: unknown[] = [];
  const mark = (value: unknown) => {
    bound.push(value);
    return dollar ? `$${bound.length}` : '?';
  };
  for (const row of rows) if (row.length !== types.length) throw new RangeError(`executeBulk: a row of ${row.length} values for ${types.length} columns`);
  let text = '';
  let next = 0;
  for (const part of template.split(/(\?|:values)/)) {
    if (part === '?') {
      if (next >= params.length) throw new RangeError(`executeBulk: the template has more ? than the ${params.length} parameters`);
      text += mark(params[next++]);
    } else if (part === VALUES && dollar) {
      const columns = types.map((type, c) => `${mark(rows.map((row) => row[c]))}::${type}[]`);
      text += `select * from unnest(${columns.join(', ')}) as v(${types.map((_, c) => `column${c + 1}`).join(', ')})`;
    } else if (part === VALUES) {
      text += `values ${rows.map((row) => `(${row.map(mark).join(', ')})`).join(', ')}`;
    } else text += part;
  }
  if (next !== params.length) throw new RangeError(`executeBulk: ${params.length} parameters for ${next} ?`);
  return executor.executeQuery<R>(CompiledQuery.raw(text, bound));
}
