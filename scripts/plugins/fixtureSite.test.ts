import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { FIXTURE_CONFIG_LINES, FIXTURE_PLUGIN_DIRS, fixtureBuildEnv, writeFixtureSiteConfig } from './fixtureSite.cjs';
import { pluginPaths } from './registry.cjs';

const root = path.resolve(__dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { plugins: unknown[] };

describe('the plugin fixture site (issue 30)', () => {
  it("config is this repository's config/ with one line per fixture plugin added to app.json", () => {
    const site = writeFixtureSiteConfig(mkdtempSync(path.join(os.tmpdir(), 'fixture-site-')));
    const app = json(path.join(site, 'config', 'app.json'));
    expect(app).toEqual({ ...json(path.join(root, 'config', 'app.json')), plugins: [...json(path.join(root, 'config', 'app.json')).plugins, ...FIXTURE_CONFIG_LINES] });
    expect(FIXTURE_CONFIG_LINES).toEqual([{ id: 'sport-demo', enabled: true }]);
    expect(readdirSync(path.join(site, 'config', 'merchants')).sort()).toEqual(readdirSync(path.join(root, 'config', 'merchants')).sort());
    expect(readFileSync(path.join(site, 'config', 'platform.json'), 'utf8')).toBe(readFileSync(path.join(root, 'config', 'platform.json'), 'utf8'));
  });

  it("its build adds the fixture folder's plugins to plugins/ and goes elsewhere than dist/", () => {
    const env = fixtureBuildEnv();
    expect(env.PLUGIN_DIRS).toBe(FIXTURE_PLUGIN_DIRS);
    expect(path.relative(root, env.DIST_DIR)).toBe(path.join('dist-fixtures', 'dist'));
    expect(pluginPaths(env)).toContain(path.join(FIXTURE_PLUGIN_DIRS, 'sport-demo'));
  });
});
