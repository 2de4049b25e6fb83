import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BUILT_IN_PLUGIN_DIR, pluginDirsOf } from '../../server/src/config/pluginManifests';
import { pluginDirs, pluginFolders, pluginPaths, registrySource } from './registry.cjs';

const root = path.resolve(__dirname, '../..');
const FIXTURES = path.join(root, 'tests', 'fixtures', 'plugins');
/** The fixture folder listed with blanks and an empty part around it, as a hand-written PLUGIN_DIRS may have. */
const FIXTURE_SPACED = () => ` ${FIXTURES} ${path.delimiter}${path.delimiter}`;

/** A folder of plugin folders: each name gets an index.ts. */
function pluginsFolder(...names: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plugins-'));
  for (const name of names) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'index.ts'), 'export default {};');
  }
  return dir;
}

describe('the generated plugin registry', () => {
  it('lists each folder with an index.ts, sorted, and skips the rest', () => {
    const dir = pluginsFolder('sport-zeta', 'player-alpha');
    mkdirSync(path.join(dir, 'notes'));
    writeFileSync(path.join(dir, 'README.md'), '');
    expect(pluginFolders(dir)).toEqual(['player-alpha', 'sport-zeta']);
  });

  it('imports every folder once, by its path from src/kernel, and exports them in that order', () => {
    const text = registrySource([path.join(root, 'plugins', 'player-alpha'), path.join(FIXTURES, 'sport-demo')]);
    expect(text).toContain("import plugin0 from '../../plugins/player-alpha';");
    expect(text).toContain("import plugin1 from '../../tests/fixtures/plugins/sport-demo';");
    expect(text).toContain('const plugins: Plugin[] = [plugin0, plugin1];');
  });

  it("finds this repository's plugins, the fixture folder's plugin with the same rule", () => {
    expect(pluginFolders()).toEqual(expect.arrayContaining(['sport-football', 'player-flv']));
    expect(pluginFolders(FIXTURES)).toEqual(['sport-demo']);
  });
});

describe('PLUGIN_DIRS', () => {
  it('unset or empty: plugins/ alone', () => {
    expect(pluginDirs({})).toEqual([]);
    expect(pluginDirs({ PLUGIN_DIRS: '' })).toEqual([]);
    expect(pluginPaths({}).map((p) => path.relative(root, p))).toEqual(pluginFolders().map((name) => path.join('plugins', name)));
  });

  it("adds each listed folder's plugins (a path list, relative to the working directory), sorted with plugins/ by folder name", () => {
    const extra = pluginsFolder('sport-aaa', 'sport-zzz');
    const env = { PLUGIN_DIRS: [path.relative(process.cwd(), FIXTURES), extra].join(path.delimiter) };
    expect(pluginDirs(env)).toEqual([FIXTURES, extra]);
    const paths = pluginPaths(env);
    expect(paths).toEqual(expect.arrayContaining([path.join(FIXTURES, 'sport-demo'), path.join(extra, 'sport-aaa'), path.join(root, 'plugins', 'sport-football')]));
    expect(paths.map((p) => path.basename(p))).toEqual([...pluginFolders(), 'sport-aaa', 'sport-demo', 'sport-zzz'].sort());
    expect(registrySource(paths)).toContain("from '../../tests/fixtures/plugins/sport-demo';");
  });

  it('reads plugins/ listed again as plugins/ once', () => {
    expect(pluginPaths({ PLUGIN_DIRS: path.join(root, 'plugins') })).toEqual(pluginPaths({}));
  });

  it('means the same folders to the build as to the platform (server/src/config/pluginManifests.ts reads it too)', () => {
    for (const value of ['', FIXTURE_SPACED(), `${path.relative(process.cwd(), FIXTURES)}${path.delimiter}${path.join(root, 'plugins')}`]) {
      expect([path.join(root, 'plugins'), ...pluginDirs({ PLUGIN_DIRS: value })].filter((d, i, all) => all.indexOf(d) === i)).toEqual(pluginDirsOf(value));
    }
    expect(BUILT_IN_PLUGIN_DIR).toBe(path.join(root, 'plugins'));
  });

  it('fails naming a listed folder that does not exist', () => {
    const missing = path.join(os.tmpdir(), 'no-such-plugins-folder');
    expect(() => pluginPaths({ PLUGIN_DIRS: `${FIXTURES}${path.delimiter}${missing}` })).toThrow(`PLUGIN_DIRS: no folder ${missing}`);
  });

  it('fails naming both folders when two hold a plugin of the same name', () => {
    const twin = pluginsFolder('sport-demo');
    expect(() => pluginPaths({ PLUGIN_DIRS: [FIXTURES, twin].join(path.delimiter) })).toThrow(
      `PLUGIN_DIRS: plugin sport-demo is in two folders: ${path.join(FIXTURES, 'sport-demo')} and ${path.join(twin, 'sport-demo')}`,
    );
  });
});
