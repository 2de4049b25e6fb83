import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The SDK is a surface written for plugins (issue 30): it gives plugins the features' points and components, but
 * never the app's state. dependency-cruiser's rule `sdk-imports-stores-or-services` keeps it off src/core/store and
 * src/services by path; a feature folder holds its store beside its views, so a path cannot tell them apart. This
 * check reads what each SDK module imports from src/features and fails on a module that defines a state model
 * (a mobx-state-tree `types.model` or a composition of models). The testing entry may hand plugin tests real stores.
 */

const root = path.resolve(__dirname, '../..');
const SDK = path.join(root, 'src/sdk');
const STATE = /\btypes\s*\.\s*(model|compose)\s*\(/;

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => existsSync(file) && !file.endsWith('/'));
}

function featureImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((match) => resolve(file, match[1]!))
    .filter((target): target is string => target !== undefined && path.relative(root, target).startsWith('src/features/'));
}

const sdkModules = readdirSync(SDK)
  .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !name.startsWith('testing'))
  .map((name) => path.join(SDK, name));

describe('the SDK gives plugins no app state', () => {
  it('imports from the feature folders only modules that define no state model', () => {
    const imported = sdkModules.flatMap(featureImports);
    expect(imported.length).toBeGreaterThan(5);
    const stateful = imported.filter((file) => STATE.test(readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
    expect(stateful).toEqual([]);
  });

  it('recognises a state model where one is defined', () => {
    const store = path.join(root, 'src/features/favourites/favourites.ts');
    expect(STATE.test(readFileSync(store, 'utf8'))).toBe(true);
  });
});
