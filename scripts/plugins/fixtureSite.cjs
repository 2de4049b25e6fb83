// The end-to-end suite's plugin fixture site (issue 30): the proof that adding a sport is one folder and one config
// line, run as an operator would add one. It is a platform root of its own (the platform reads config/ and dist/ from
// its working directory, server/src/main.ts):
//   dist-fixtures/dist/     the app built with PLUGIN_DIRS=tests/fixtures/plugins (`npm test`'s build stage)
//   dist-fixtures/config/   this repository's config/ with one line per fixture plugin added to app.json; written
//                           before each start, so it never lags behind config/
// The sport projects of the fixture plugins' sports (sport-curling) run against a platform started there with the same
// PLUGIN_DIRS (tests/e2e/support/sports.ts); the production build in dist/ and the suite's platform never see them.
const { cpSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { writePluginRegistry } = require('./registry.cjs');

const root = path.resolve(__dirname, '../..');

/** The folder of fixture plugin folders: PLUGIN_DIRS for the fixture build and the fixture site's platform. */
const FIXTURE_PLUGIN_DIRS = path.join(root, 'tests', 'fixtures', 'plugins');
/** The fixture site's platform root (not committed). */
const FIXTURE_SITE = path.join(root, 'dist-fixtures');
/** Where the fixture build goes: the site's dist/. */
const FIXTURE_DIST = path.join(FIXTURE_SITE, 'dist');
/** The config line each fixture plugin needs, as docs/plugins.md "Adding a sport" tells an operator to add it. */
const FIXTURE_CONFIG_LINES = [{ id: 'sport-demo', enabled: true }];

/** What the fixture build runs with: the fixture plugins, into the site's dist/. */
const fixtureBuildEnv = () => ({ PLUGIN_DIRS: FIXTURE_PLUGIN_DIRS, DIST_DIR: FIXTURE_DIST });

/**
 * Builds the app with the fixture plugins into the site's dist/ (`build(env)` runs rspack with these variables), then
 * writes src/kernel/plugins.generated.ts back for this process's own PLUGIN_DIRS: a type-check or boundaries run after
 * it must see this checkout's plugins, not the fixture's.
 */
function buildFixtureSite(build) {
  try {
    build(fixtureBuildEnv());
  } finally {
    writePluginRegistry();
  }
}

/**
 * Writes the site's config/: this repository's config/ (merchants, platform.json) with FIXTURE_CONFIG_LINES added to
 * app.json. Overwrites in place, app.json by a rename, so a site platform starting beside (another fixture sport's
 * project) never reads a half-written or line-less app.json.
 */
function writeFixtureSiteConfig(site = FIXTURE_SITE) {
  const source = path.join(root, 'config');
  const config = path.join(site, 'config');
  cpSync(source, config, { recursive: true, filter: (from) => from !== path.join(source, 'app.json') });
  const app = JSON.parse(readFileSync(path.join(source, 'app.json'), 'utf8'));
  app.plugins = [...app.plugins, ...FIXTURE_CONFIG_LINES];
  const partial = path.join(config, `app.json.${process.pid}.tmp`);
  writeFileSync(partial, `${JSON.stringify(app, null, 2)}\n`);
  renameSync(partial, path.join(config, 'app.json'));
  return site;
}

module.exports = { FIXTURE_CONFIG_LINES, FIXTURE_DIST, FIXTURE_PLUGIN_DIRS, FIXTURE_SITE, buildFixtureSite, fixtureBuildEnv, writeFixtureSiteConfig };
