// `npm test`'s PostgreSQL pass (scripts/services.mjs --postgres provides the database): the platform test files that
// exercise storage, listed in server/test/postgresSelection.cjs, again on PostgreSQL. The rest of the platform's tests
// run on SQLite only, in the jest stage.
const base = require('./jest.config.js');
const { postgres } = require('./server/test/postgresSelection.cjs');

const server = base.projects.find((p) => p.displayName === 'server');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: base.testTimeout,
  maxWorkers: base.maxWorkers,
  testSequencer: base.testSequencer,
  projects: [{ ...server, testMatch: postgres.map((file) => `<rootDir>/${file}`) }],
};
