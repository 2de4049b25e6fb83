// Four projects: the app (jsdom), the platform (node), the shared domain (node) and the project's own tooling (node). swc transpiles; tsc type-checks separately.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

// The app's plugin list is generated from the folders under plugins/ (scripts/plugins/registry.cjs).
require('./scripts/plugins/registry.cjs').writePluginRegistry();

/** @type {import('jest').Config} */
module.exports = {
  // Default for every test and hook without its own (jest 30 reads it only here, not per project). Building a platform
  // (feed world, migrations, scrypt for the demo members) takes 0.5 s on a quiet machine and 2-6 s with both cores
  // busy; jest's 5 s default failed tests and set-ups on a loaded 2-core machine (issue 12). Hooks that do more (a
  // betting day played out) say their own, larger timeouts. 60 s since the experts' seeding and the economy's
  // schedules joined the start: a settlement suite's set-up passed 30 s at a load average of 15 on 2 cores.
  testTimeout: 60_000,
  // jest's default on 2 cores is one worker, in band: platform tests waiting on timers and sockets then leave a core
  // idle that the app's jsdom tests could use. Two workers ran the suite in 133 s against 358 s in band on this
  // machine (issue 12); a worker that keeps a handle open is ended by jest instead of hanging the run.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  // The longest files first, also on a fresh clone where jest has no run times of its own (scripts/jestSequencer.cjs).
  testSequencer: '<rootDir>/scripts/jestSequencer.cjs',
  projects: [
    {
      displayName: 'app',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/plugins', '<rootDir>/contract'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/cssModuleStub.js' },
      // wouter (and its regexparam) ship only ES modules; let swc turn them into CommonJS for jest.
      transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      // cookie and content-disposition (used by Fastify's inject and @fastify/static) ship only ES modules, which
      // Node 20 loads but jest's module runtime does not; swc turns them into CommonJS.
      transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition)/)'],
      // server/test/setup.ts closes every platform a file left open (a set-up that timed out), so jest always exits.
      // Not jest.setup.ts: the app's (jest-dom's matchers, jsdom shims) cost every platform file about 0.2 s to load.
      setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts'],
    },
    {
      // The shared domain (domain/): pure functions both halves run, tested on Node without the app's jsdom.
      displayName: 'domain',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
    {
      displayName: 'tools',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      // The boundary fixture is cruised by its test, not run.
      testPathIgnorePatterns: ['/fixture/'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
  ],
};
