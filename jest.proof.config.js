// The multi-instance proof (issue 19, server/proof): platform PROCESSES on PostgreSQL and Redis, which the runner
// provides (scripts/services.mjs --postgres --redis; `npm test` runs it as its own stage). Kept out of jest.config.js
// so a plain `npx jest` never starts it: it needs both services and two platform processes.
const base = require('./jest.config.js');

const server = base.projects.find((p) => p.displayName === 'server');

/** @type {import('jest').Config} */
module.exports = {
  // Starting two platforms (feed world) side by side and playing a plain match out at FEED_SPEED 60 is about half a
  // minute on a quiet machine; each test and hook says its own limit.
  testTimeout: 60_000,
  // One file, run in band: its platforms are load enough for the machine.
  maxWorkers: 1,
  projects: [
    {
      displayName: 'proof',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/proof'],
      testMatch: ['**/*.proof.ts'],
      transform: server.transform,
      transformIgnorePatterns: server.transformIgnorePatterns,
    },
  ],
};
