// `npm test`: everything CI checks, from a fresh clone: set-up, type-check, unit/component/platform tests,
// production build, then the Playwright end-to-end suites in Debian Chromium.
import { buildApp, ensureBrowser, ensureDependencies, INITIAL_JS_BUDGET, initialScripts, root, run } from './setup.mjs';
import path from 'node:path';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['set-up', () => {
    ensureDependencies();
    ensureBrowser();
  }],
  ['type-check', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])],
  ['unit, component and platform tests', () => run(bin('jest'), ['--ci'])],
  ['production build', buildApp],
  ['initial bundle budget', () => {
    const bytes = initialScripts().reduce((sum, s) => sum + s.gzip, 0);
    console.log(`initial JS ${(bytes / 1024).toFixed(1)} KB gzip (budget ${INITIAL_JS_BUDGET / 1024} KB)`);
    if (bytes > INITIAL_JS_BUDGET) throw new Error('the initial JavaScript is over its budget: keep new code behind lazy imports');
  }],
  ['end-to-end tests', () => run(bin('playwright'), ['test'])],
];

const started = Date.now();
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  try {
    step();
  } catch (error) {
    console.error(`\n✗ ${name} failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nall checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
