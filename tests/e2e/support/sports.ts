import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_PLUGIN_DIRS, FIXTURE_SITE, writeFixtureSiteConfig } from '../../../scripts/plugins/fixtureSite.cjs';
import { BUILT_IN_PLUGIN_DIR, readPluginManifests } from '../../../server/src/config/pluginManifests';
import { E2E_PORT, healthy, startPlatform, stopPlatform } from './platform';
import { test as base } from './world';

/** Every scheme-A sport of these manifests with the plugin that serves it, in the sport catalogue's order. */
const sportsOf = (manifests: ReturnType<typeof readPluginManifests>) =>
  manifests
    .flatMap((manifest) => (manifest.sports ?? []).map((sport) => ({ sport, plugin: manifest.id })))
    .filter(({ sport }) => sport.ids.A !== undefined)
    .sort((a, b) => a.sport.order - b.sport.order)
    .map(({ sport, plugin }) => ({ sportId: sport.ids.A!, key: sport.key, plugin }));

/**
 * Every scheme-A sport with the plugin that serves it, one Playwright project each: read from the sport plugins'
 * manifests in plugins/ (the sport catalogue the production build and the suite's platform read too; never PLUGIN_DIRS
 * of the shell the suite runs in), in the catalogue's order, so a new sport plugin brings its projects along.
 */
export const SPORT_PROJECTS = sportsOf(readPluginManifests([BUILT_IN_PLUGIN_DIR]));

/**
 * The sports of the fixture plugins (tests/fixtures/plugins: sport-demo's curling), one project each like the others,
 * run against the fixture site (scripts/plugins/fixtureSite.cjs): the app built with those plugins and a platform of its
 * own started with the same PLUGIN_DIRS and one config line each. The proof that adding a sport is one folder and one
 * config line (issue 30), without the fixture in the production build or in the suite's platform.
 */
export const FIXTURE_SPORT_PROJECTS = sportsOf(readPluginManifests([FIXTURE_PLUGIN_DIRS])).map((sport, i) => ({
  ...sport,
  // Each project's worker starts the site's platform on a port of its own (E2E_PORT + 1, + 2...): two such projects
  // may run side by side. Below E2E_PORT + 17, tests/e2e/live/reconnect.spec.ts's.
  sitePort: E2E_PORT + 1 + i,
}));

export const originOf = (port: number) => `http://127.0.0.1:${port}`;

export interface SportOptions {
  sportId: number;
  sportKey: string;
}

export interface FixtureSiteOptions {
  /** A fixture sport project's: the port its worker starts the fixture site's platform on (0: none, the suite's platform). */
  fixtureSitePort: number;
}

/**
 * `test` for the sport projects: the sport of the project (playwright.config.ts), and for a fixture sport project the
 * fixture site's platform, started once per worker (the project runs its tests in one worker) and stopped with it.
 * Started here, not as a second webServer, so a run without a fixture sport project starts nothing more.
 */
export const test = base.extend<SportOptions, FixtureSiteOptions & { fixtureSitePlatform: void }>({
  sportId: [1, { option: true }],
  sportKey: ['football', { option: true }],
  fixtureSitePort: [0, { option: true, scope: 'worker' }],
  fixtureSitePlatform: [
    async ({ fixtureSitePort, playwright }, use) => {
      if (!fixtureSitePort) return use();
      writeFixtureSiteConfig();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-fixture-site-'));
      // No demo members: no test of the site signs them in, and each costs a password hash at start.
      const platform = startPlatform({ port: fixtureSitePort, dataDir, cwd: FIXTURE_SITE, env: { PLUGIN_DIRS: FIXTURE_PLUGIN_DIRS, DEMO_USERS: '0' } });
      const api = await playwright.request.newContext({ baseURL: originOf(fixtureSitePort) });
      try {
        await healthy(api, platform);
        await use();
      } finally {
        await api.dispose();
        await stopPlatform(platform);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // A platform start: 3-4 s on a quiet machine, up to 20 s on a loaded one.
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
});
