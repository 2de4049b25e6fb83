import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_DIST } from './scripts/plugins/fixtureSite.cjs';
import { e2ePlatformEnv, E2E_PORT } from './tests/e2e/support/platform';
import { FIXTURE_SPORT_PROJECTS, originOf, SPORT_PROJECTS, type FixtureSiteOptions, type SportOptions } from './tests/e2e/support/sports';

/**
 * End-to-end runs against the real platform (started here with its own empty database) in Debian's Chromium. `npm test`
 * builds the app first; the platform serves that build.
 *
 * The platform runs a frozen world (issue 27): FEED_SEED and FEED_EPOCH give the same world and "today" on every run,
 * FEED_SPEED 0 keeps it still, and TEST_CONTROLS lets each test claim members, matches and rooms of its own and move
 * them itself (tests/e2e/support/world.ts). No test waits for the feed, and no test touches another's match, room or
 * member, so every project and every test runs in parallel.
 */
const port = E2E_PORT;
/**
 * One browser per core by default: the suite is bound by Chromium's rendering on the CPU, so 3 and 4 workers on the
 * 2-core machine took the same 10-11 min as fewer and only stretched each test towards its timeout (docs/operations.md
 * "Tests: stages, budgets and times").
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.max(2, os.availableParallelism()));
const dataDir = path.join(os.tmpdir(), `sport-pc-e2e-${process.pid}`);

export default defineConfig<SportOptions, FixtureSiteOptions>({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 30_000,
  // Every test ends by its own timeout; this ends the whole run (with a failure naming what did not run) before
  // npm test's budget for the stage (scripts/test.mjs) has to kill it. TEST_BUDGET_SCALE scales it with that budget.
  globalTimeout: 15 * 60_000 * (Number(process.env.TEST_BUDGET_SCALE ?? 1) || 1),
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // The app honours reduced motion (its CSS stops the loading shimmers and spinners): looping animations keep
    // Chromium's software compositor busy for no test's benefit, about a sixth of the suite's CPU on two cores.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's headless shell (scripts/setup.mjs installs it): the same Blink as /usr/bin/chromium without the
      // browser's UI layer, about 7 % less CPU over the suite. E2E_CHROMIUM=/usr/bin/chromium runs the full browser.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      // Without the networking flags Chromium keeps dialling Google's hosts, which this machine refuses.
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace of every test (DOM snapshots, screencast)
    // cost the browser and Playwright's workers about as much CPU as the tests themselves. A failure still leaves a
    // screenshot and the page's accessibility snapshot (error-context.md).
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'shell', testMatch: /tests\/e2e\/shell\/.*\.spec\.ts$/ },
    { name: 'betting', testMatch: /tests\/e2e\/betting\/.*\.spec\.ts$/ },
    { name: 'match', testMatch: /tests\/e2e\/match\/.*\.spec\.ts$/ },
    { name: 'live', testMatch: /tests\/e2e\/live\/.*\.spec\.ts$/ },
    { name: 'experts', testMatch: /tests\/e2e\/experts\/.*\.spec\.ts$/ },
    { name: 'results', testMatch: /tests\/e2e\/results\/.*\.spec\.ts$/ },
    // Issue 28's layout check: every control of the main screens within a mouse's reach at 1280×800 and 1440×900.
    { name: 'layout', testMatch: /tests\/e2e\/layout\/.*\.spec\.ts$/ },
    // One project per sport plugin (football, basketball, and every sport sport-generic serves): its list and match screen.
    ...SPORT_PROJECTS.map((sport) => ({
      name: `sport-${sport.key}`,
      testMatch: /tests\/e2e\/sports\/.*\.spec\.ts$/,
      metadata: { plugin: sport.plugin },
      use: { sportId: sport.sportId, sportKey: sport.key },
    })),
    // Issue 30: a sport added as a folder outside plugins/ (tests/fixtures/plugins) and one config line. Its project
    // runs the same smoke test, and the menu check, against the fixture site: the app built with the fixture plugins
    // (dist-fixtures/dist, `npm test`'s build stage) and a platform of its own that the project's worker starts
    // (tests/e2e/support/sports.ts). One worker, so the site's platform starts once.
    ...FIXTURE_SPORT_PROJECTS.map((sport) => ({
      name: `sport-${sport.key}`,
      testMatch: [/tests\/e2e\/sports\/.*\.spec\.ts$/, /tests\/e2e\/addedSport\/.*\.spec\.ts$/],
      metadata: { plugin: sport.plugin, dist: FIXTURE_DIST },
      workers: 1,
      use: { sportId: sport.sportId, sportKey: sport.key, baseURL: originOf(sport.sitePort), fixtureSitePort: sport.sitePort },
    })),
  ],
  webServer: {
    command: 'node --import tsx server/src/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: e2ePlatformEnv({ port, dataDir }),
  },
});
