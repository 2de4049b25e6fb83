import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../../core/domain/locales';

type Tree = { [key: string]: string | Tree };

/** The data panels' strings: the `data` part of the match screen's namespace. */
const load = (lng: string): Tree => (JSON.parse(readFileSync(path.join(__dirname, '../../../../locales', lng, 'matchDetail.json'), 'utf8')) as { data: Tree }).data;

function flat(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flat(value, `${prefix}${key}.`));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('match data locales', () => {
  const reference = flat(load('zh-CN'));

  it.each(LOCALES.map((l) => l.lng))('%s has every key of zh-CN with the same placeholders', (lng) => {
    const strings = flat(load(lng));
    expect(Object.keys(strings).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(strings)) {
      expect(text.trim()).not.toBe('');
      expect([key, placeholders(text)]).toEqual([key, placeholders(reference[key]!)]);
    }
  });
});
