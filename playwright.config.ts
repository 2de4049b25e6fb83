import { defineConfig } from '@playwright/test';
import os from 'node:os';
import { SPORT_PROJECTS, type SportOptions } from './tests/e2e/support/sports';
import path from 'node:path';
import { E2E_OPERATOR_TOKEN } from './tests/e2e/support/operator';

/**
 * End-to-end runs against the real platform (started here with its own empty database) in Debian's Chromium.
 * `npm test` builds the app first; the platform serves that build.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
/**
 * Two workers: most of a sport test's time is waiting on the feed (prices that move) and on page loads, so two
 * browsers beside the platform finish in about two thirds of the time of one even on a busy 2-core machine
 * (docs/operations.md, "Tests"). E2E_WORKERS=1 runs everything one at a time.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const dataDir = path.join(os.tmpdir(), `sport-pc-e2e-${process.pid}`);

export default defineConfig<SportOptions>({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  // Every test ends by its own timeout; this ends the whole run (with a failure naming what did not run) before
  // npm test's budget for the stage (scripts/test.mjs) has to kill it.
  globalTimeout: 37 * 60_000,
  // Two cores run the platform, its feed and Chromium together: give assertions room on a busy machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // Without the networking flags Chromium keeps dialling Google's hosts, which this machine refuses.
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'shell', testMatch: /shell\/.*\.spec\.ts/ },
    // Bets with real money movements on the platform: slip, placing, My bets, early settlement, pre-bets. Its files
    // share the demo members and check their balances before and after, so they run one at a time (workers: 1), and
    // only after shell, whose sign-in tests check the demo members' untouched opening balances. `--no-deps` runs
    // betting alone.
    { name: 'betting', testMatch: /betting\/.*\.spec\.ts/, dependencies: ['shell'], workers: 1 },
    // The match screen with real streams: scoreboard, video lines, animation and data tabs.
    { name: 'match', testMatch: /match\/.*\.spec\.ts/ },
    // The live side: anchors on matches, by who is looking.
    // After betting: the economy tests check demo's main balance before and after a coin conversion, which a bet of the
    // betting project in parallel moved (CI saw 20.00 more gone).
    { name: 'live', testMatch: /live\/.*\.spec\.ts/, dependencies: ['betting'] },
    // One project per result provider plugin, each against a merchant that switches on only that provider.
    // Issue 18: the experts' screens, paid unlock and comments, the banners and the banker's game, as members see them.
    // After `live`: both spend the demo members' coins (a paid message here, the room's gifts and prizes there), and the
    // economy tests compare coin balances before and after, which a purchase in parallel would move (CI saw 8 coins).
    { name: 'experts', testMatch: /experts\/.*\.spec\.ts/, dependencies: ['live'] },
    ...['results-own', 'results-im', 'results-ob'].map((provider) => ({ name: provider, testMatch: /e2e\/results\/.*\.spec\.ts/, metadata: { merchant: provider } })),
    // One project per sport plugin (football, basketball, and every sport sport-generic serves).
    ...SPORT_PROJECTS.map((sport) => ({
      name: `sport-${sport.key}`,
      testMatch: /sports\/.*\.spec\.ts/,
      metadata: { plugin: sport.plugin },
      use: { sportId: sport.sportId, sportKey: sport.key },
    })),
  ],
  webServer: {
    command: 'node --import tsx server/src/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Simulated time runs 20x so in-play prices move within a test's patience.
    env: { PORT: String(port), DATA_DIR: dataDir, FEED_SEED: '7', FEED_SPEED: '20', LOG_LEVEL: 'warn', OPERATOR_TOKEN: E2E_OPERATOR_TOKEN },
  },
});
