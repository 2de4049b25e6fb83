import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
// CommonJS, as jest.postgres.config.js (plain JavaScript) reads the same lists.
const { postgres, sqliteOnly } = require('./postgresSelection.cjs') as { postgres: string[]; sqliteOnly: Record<string, string> };

/**
 * How a test gets a database (directly or through the support modules' bettingApp and economyRoom): each follows TEST_DATABASE_URL, so each would run on PostgreSQL in the second pass
 * (createProofDatabase: a platform process on a database of its own in that cluster).
 */
const GETS_A_DATABASE = /\b(buildTestApp|buildEconomyApp|bettingApp|economyRoom|openTestDatabase|createProofDatabase)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative);
    return entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

/**
 * The PostgreSQL pass of `npm test` runs a chosen part of the platform's tests (server/test/postgresSelection.cjs says
 * which and why): a new test file that gets a database must be put on one side, so a storage test is never left out of
 * the PostgreSQL pass without anyone deciding it.
 */
describe('the PostgreSQL selection', () => {
  const withDatabase = testFiles('server').filter((file) => GETS_A_DATABASE.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')));

  it('names every platform test file that gets a database, on one side only', () => {
    const undecided = withDatabase.filter((file) => !postgres.includes(file) && !(file in sqliteOnly));
    expect({ undecided }).toEqual({ undecided: [] });
    expect(postgres.filter((file) => file in sqliteOnly)).toEqual([]);
    expect(new Set(postgres).size).toBe(postgres.length);
  });

  it('lists only files that exist and get a database, each SQLite-only one with its reason', () => {
    const listed = [...postgres, ...Object.keys(sqliteOnly)];
    expect(listed.filter((file) => !existsSync(path.join(REPO_ROOT, file)))).toEqual([]);
    expect(listed.filter((file) => !withDatabase.includes(file))).toEqual([]);
    expect(Object.entries(sqliteOnly).filter(([, why]) => why.trim().length < 10)).toEqual([]);
  });
});
