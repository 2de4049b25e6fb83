// The initial JavaScript a visitor downloads for /spa/sport-pc/ (the scripts index.html loads), gzip-compressed.
// Target (issue 2): at most 200 KB (npm test fails above it). Also lists each plugin chunk, loaded only when used.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, INITIAL_JS_BUDGET, initialScripts, root } from '../setup.mjs';

const dir = path.join(root, 'dist', 'spa', 'sport-pc');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
buildApp();
const scripts = initialScripts();
const initial = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(`initial JS (gzip): ${kb(initial)} in ${scripts.length} file(s) — target ≤ ${kb(INITIAL_JS_BUDGET)} ${initial <= INITIAL_JS_BUDGET ? '✓' : '✗'}`);
for (const file of readdirSync(dir).filter((f) => /^plugin-.*\.js$/.test(f)).sort()) {
  console.log(`  lazy ${file.replace(/\.[0-9a-f]{8}\.js$/, '')}: ${kb(gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length)}`);
}
