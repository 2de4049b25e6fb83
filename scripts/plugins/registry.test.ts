import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { pluginFolders, registrySource } from './registry.cjs';

describe('the generated plugin registry', () => {
  it('lists each folder with an index.ts, sorted, and skips the rest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plugins-'));
    for (const name of ['sport-zeta', 'player-alpha', 'notes']) mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, 'sport-zeta', 'index.ts'), 'export default {};');
    writeFileSync(path.join(dir, 'player-alpha', 'index.ts'), 'export default {};');
    writeFileSync(path.join(dir, 'README.md'), '');
    expect(pluginFolders(dir)).toEqual(['player-alpha', 'sport-zeta']);
  });

  it('imports every folder once and exports them in that order', () => {
    const text = registrySource(['player-alpha', 'sport-zeta']);
    expect(text).toContain("import plugin0 from '../../plugins/player-alpha';");
    expect(text).toContain("import plugin1 from '../../plugins/sport-zeta';");
    expect(text).toContain('const plugins: Plugin[] = [plugin0, plugin1];');
  });

  it("finds this repository's plugins, the fixture folder's plugin with the same rule", () => {
    expect(pluginFolders()).toEqual(expect.arrayContaining(['sport-football', 'player-flv']));
    expect(pluginFolders(path.resolve(__dirname, '../../tests/fixtures/plugins'))).toEqual(['sport-demo']);
  });
});
