import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The import boundaries of .dependency-cruiser.cjs for style sheets: dependency-cruiser reads only scripts, not a CSS
 * module's `composes: x from './other.module.css'`. A plugin's style sheet composes from its own folder and the SDK
 * (src/sdk/surfaces.module.css, the app's style primitives for plugins), as its code imports; the app's never
 * composes from a plugin's. And every class composed from another file exists there (the bundler would otherwise
 * leave the class out without a word).
 */

const root = path.resolve(__dirname, '../..');

function styleSheets(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.css'))
    .map((file) => path.join(dir, file));
}

interface Composition {
  sheet: string;
  classes: string[];
  from: string;
}

function compositions(sheet: string): Composition[] {
  const text = readFileSync(path.join(root, sheet), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/composes:\s*([\w\s-]+?)\s+from\s+['"]([^'"]+)['"]/g)].map((match) => ({
    sheet,
    classes: match[1]!.split(/\s+/),
    from: path.relative(root, path.resolve(root, path.dirname(sheet), match[2]!)).split(path.sep).join('/'),
  }));
}

const all = [...styleSheets('src'), ...styleSheets('plugins')].flatMap(compositions);

describe('style sheets compose across the import boundaries', () => {
  it('finds the compositions it checks', () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it("a plugin's style sheet composes only from its own folder and the SDK", () => {
    const crossing = all
      .filter(({ sheet }) => sheet.startsWith('plugins/'))
      .filter(({ sheet, from }) => !from.startsWith(`${sheet.split('/').slice(0, 2).join('/')}/`) && !from.startsWith('src/sdk/'))
      .map(({ sheet, from }) => `${sheet} -> ${from}`);
    expect(crossing).toEqual([]);
  });

  it("the app's style sheets compose from no plugin", () => {
    expect(all.filter(({ sheet, from }) => sheet.startsWith('src/') && from.startsWith('plugins/')).map(({ sheet, from }) => `${sheet} -> ${from}`)).toEqual([]);
  });

  it('every composed class exists in the sheet it is composed from', () => {
    const missing = all.flatMap(({ sheet, classes, from }) => {
      if (!existsSync(path.join(root, from))) return [`${sheet} -> ${from} (no such file)`];
      const target = readFileSync(path.join(root, from), 'utf8');
      return classes.filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(target)).map((name) => `${sheet} -> ${from} .${name}`);
    });
    expect(missing).toEqual([]);
  });
});
