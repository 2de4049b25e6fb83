import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { StartupError } from '../startupError';
import { loadAppConfigs } from './appConfig';

const app = {
  defaultMerchant: 'default',
  defaultLocale: 'zh-CN',
  timezone: 'Asia/Shanghai',
  plugins: [
    { id: 'sport-football', enabled: true },
    { id: 'sport-basketball', enabled: true, options: { pageSize: 30 } },
  ],
};

function configDir(files: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-appconfig-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

function startupMessage(dir: string): string {
  try {
    loadAppConfigs(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error('expected start-up to stop');
}

describe('loadAppConfigs', () => {
  it('resolves the repository config for every shipped merchant', () => {
    const configs = loadAppConfigs(path.resolve(__dirname, '../../../config'));
    expect(configs.merchantIds).toEqual(expect.arrayContaining(['default', 'demo', 'lite']));
    expect(configs.get('lite')!.plugins.filter((p) => p.enabled && p.id.startsWith('sport-')).map((p) => p.id)).toEqual(['sport-football']);
    expect(configs.get('demo')!.theme['--sp-color-brand']).toBe('#6b2fa3');
    expect(configs.get()!.merchantId).toBe('default');
    expect(configs.get('nope')).toBeUndefined();
  });

  it('serves app.json alone when there is no merchants folder', () => {
    const configs = loadAppConfigs(configDir({ 'app.json': app }));
    expect(configs.get()!.plugins.find((p) => p.id === 'sport-basketball')).toEqual({ id: 'sport-basketball', enabled: true, options: { pageSize: 30 } });
  });

  it('stops on a malformed file, naming the file, line and column', () => {
    const dir = configDir({ 'app.json': app, 'merchants/acme.json': '{\n  "name": "Acme",\n  "plugins": [,]\n}' });
    expect(startupMessage(dir)).toMatch(/merchants\/acme\.json: malformed JSON at line 3, column \d+/);
  });

  it('stops on an unknown plugin id and on a wrong option type, listing every problem', () => {
    const dir = configDir({
      'app.json': { ...app, plugins: [...app.plugins, { id: 'sport-curling', enabled: true }] },
    });
    expect(startupMessage(dir)).toMatch(/app\.json: plugins\[2\]\.id: a known plugin id \(one of sport-football, sport-basketball, sport-generic[^)]*\), got "sport-curling"/);

    const dir2 = configDir({
      'app.json': app,
      'merchants/acme.json': { name: 'Acme', plugins: [{ id: 'sport-football', options: { pageSize: 'fifty' } }] },
      'merchants/beta.json': { name: 'Beta', plugins: [{ id: 'sport-generic', enabled: 'yes' }] },
    });
    const message = startupMessage(dir2);
    expect(message).toContain('merchants/acme.json: plugins[0].options.pageSize: expected a number, got "fifty"');
    expect(message).toContain('merchants/beta.json: plugins[0].enabled: expected true or false, got "yes"');
  });

  it('stops on a missing app.json and a badly named merchant file', () => {
    expect(startupMessage(configDir({}))).toMatch(/app\.json: file not found/);
    expect(startupMessage(configDir({ 'app.json': app, 'merchants/Acme Corp.json': { name: 'x' } }))).toMatch(
      /merchants\/Acme Corp\.json: \(file name\): expected a merchant id/,
    );
  });

  it('stops start-up on a service or frame origin that is not scheme, host and port, naming file and field', () => {
    const dir = configDir({ 'app.json': { ...app, serviceOrigins: ['https://api.example'] }, 'merchants/acme.json': { name: 'Acme', frameAncestors: ['*'] } });
    expect(startupMessage(dir)).toMatch(/merchants\/acme\.json: frameAncestors\[0\]: an origin like "https:\/\/api\.example"/);
  });
});
