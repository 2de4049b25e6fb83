import { describe, expect, it, jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pluginLocaleDirs } from '../testing/i18n';
import { apiLanguageOf, LOCALES, toLocale } from '../core/domain/locales';
import { createI18n } from './i18n';

const localesDir = path.join(__dirname, '../../locales');
const pluginDirs = pluginLocaleDirs();
/** A namespace's file: the app's under locales/<lng>/, a plugin's under plugins/<id>/locales/. */
const fileOf = (lng: string, ns: string) => (pluginDirs.has(ns) ? path.join(pluginDirs.get(ns)!, `${lng}.json`) : path.join(localesDir, lng, `${ns}.json`));
const read = (lng: string, ns: string) => JSON.parse(readFileSync(fileOf(lng, ns), 'utf8')) as Record<string, unknown>;

function leaves(value: unknown, prefix = ''): Record<string, unknown> {
  if (value && typeof value === 'object') {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k)));
  }
  return { [prefix]: value };
}

describe('locale files', () => {
  const namespaces = readdirSync(path.join(localesDir, 'zh-CN')).map((f) => f.replace(/\.json$/, ''));

  it('exist for every language with the same namespaces', () => {
    for (const { lng } of LOCALES) {
      expect(readdirSync(path.join(localesDir, lng)).sort()).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
  });

  it('gives every plugin namespace a file per language in the plugin\'s own folder', () => {
    for (const dir of pluginDirs.values()) expect(readdirSync(dir).sort()).toEqual(LOCALES.map((l) => `${l.lng}.json`).sort());
  });

  it('name no sport: each sport\'s name lives in its plugin\'s manifest (src/kernel/sports.ts adds them)', () => {
    for (const { lng } of LOCALES) expect([lng, read(lng, 'common').sport]).toEqual([lng, undefined]);
  });

  it.each([...namespaces, ...pluginDirs.keys()])('%s has the same keys in all five languages, none empty, placeholders kept', (ns) => {
    const reference = leaves(read('zh-CN', ns));
    for (const { lng } of LOCALES) {
      const strings = leaves(read(lng, ns));
      expect(Object.keys(strings).sort()).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(strings)) {
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
        const placeholders = (s: unknown) => String(s).match(/\{\{\w+\}\}/g)?.sort() ?? [];
        expect([lng, key, placeholders(text)]).toEqual([lng, key, placeholders(reference[key])]);
      }
    }
  });
});

describe('createI18n', () => {
  it('loads a namespace through its own loader and fails soft when a language has no file', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const own = new Map([['sport-demo', async (lng: string) => (lng === 'zh-CN' ? { name: '冰壶' } : Promise.reject(new Error(`no ${lng}.json`)))]]);
    const i18n = await createI18n('vi', async (lng, ns) => read(lng, ns), own);
    await expect(i18n.loadNamespaces('sport-demo')).resolves.toBeUndefined();
    expect(i18n.t('name', { ns: 'sport-demo' })).toBe('冰壶');
    warn.mockRestore();
  });

  it('loads namespaces lazily and switches language without reloading', async () => {
    const load = jest.fn(async (lng: string, ns: string) => read(lng, ns));
    const i18n = await createI18n('zh-CN', load);
    expect(i18n.t('betSlip.title')).toBe('投注单');
    expect(load.mock.calls.map((c) => c.join('/'))).toEqual(['zh-CN/common']);

    await i18n.loadNamespaces('sport-football');
    expect(i18n.t('column.ftHandicap', { ns: 'sport-football' })).toBe('全场让球');

    await i18n.changeLanguage('th');
    expect(i18n.t('betSlip.title')).toBe('สลิปเดิมพัน');
    expect(i18n.t('column.ftHandicap', { ns: 'sport-football' })).toBe('แฮนดิแคปเต็มเวลา');
  });

  it('merges added strings into a namespace as each language\'s file loads, and a later load keeps them', async () => {
    const added = new Map([['common', (lng: string) => ({ sport: { curling: `curling (${lng})` } })]]);
    // Thai's file has a section of the same name: its other keys stay, the added strings win.
    const load = jest.fn(async (lng: string, ns: string) => (lng === 'th' ? { ...read(lng, ns), sport: { curling: 'stale', skiing: 'สกี' } } : read(lng, ns)));
    const i18n = await createI18n('zh-CN', load, undefined, added);
    expect([i18n.t('betSlip.title'), i18n.t('sport.curling')]).toEqual(['投注单', 'curling (zh-CN)']);

    // Added before its file, the strings would make i18next take Thai's common as loaded and never fetch it.
    await i18n.changeLanguage('th');
    expect(load.mock.calls.map((c) => c.join('/'))).toEqual(['zh-CN/common', 'th/common']);
    expect([i18n.t('betSlip.title'), i18n.t('sport.curling'), i18n.t('sport.skiing')]).toEqual(['สลิปเดิมพัน', 'curling (th)', 'สกี']);

    load.mockClear();
    await i18n.reloadResources('th', 'common');
    expect(load.mock.calls.map((c) => c.join('/'))).toContain('th/common');
    expect([i18n.t('betSlip.title'), i18n.t('sport.curling')]).toEqual(['สลิปเดิมพัน', 'curling (th)']);
  });

  it('maps between i18next codes and the spec codes', () => {
    expect(toLocale('CMN')).toBe('zh-CN');
    expect(toLocale('ENG')).toBe('en');
    expect(toLocale('VIE')).toBe('vi');
    expect(toLocale('THA')).toBe('th');
    expect(toLocale('zh-TW')).toBe('zh-TW');
    expect(toLocale('fr')).toBeUndefined();
    expect(apiLanguageOf('vi')).toBe('VIE');
    expect(apiLanguageOf('unknown')).toBe('CMN');
  });
});

/**
 * A bet's money has one word per meaning in every language (docs/architecture.md, "Money words"): what a win pays on
 * top of the stake (the slip's "to win": profit), the total a win returns (stake included) before settlement, and the
 * total returned after it. The slip, My bets, its statistics and the chat's shared-bet card use the same words.
 */
describe('money words', () => {
  const at = (lng: string, ns: string, key: string) => String(leaves(read(lng, ns))[key]);
  it.each(LOCALES.map((l) => l.lng))('%s: one word for potential return, one for returned, and the profit word in neither', (lng) => {
    const potential = at(lng, 'betSlip', 'potentialReturn');
    expect(at(lng, 'myBets', 'order.potentialReturn')).toBe(potential);
    const returned = at(lng, 'myBets', 'order.actualReturn');
    expect(at(lng, 'myBets', 'stats.payout')).toBe(returned);
    expect(at(lng, 'chat', 'order.returned')).toBe(returned);
    const profit = at(lng, 'betSlip', 'toWin').replace('{{amount}}', '').trim();
    for (const total of [potential, returned, at(lng, 'betSlip', 'toReturn'), at(lng, 'myBets', 'stats.totalReturn')]) expect(total).not.toContain(profit);
  });
});
