import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '../kernel/definePlugin';

/** The plugins of a folder laid out like plugins/: each sub-folder's index.ts, in folder order. */
export function discoverPlugins(dir: string): Plugin[] {
  return readdirSync(dir)
    .sort()
    .filter((name) => existsSync(path.join(dir, name, 'index.ts')))
    .map((name) => (require(path.join(dir, name, 'index.ts')) as { default: Plugin }).default);
}
