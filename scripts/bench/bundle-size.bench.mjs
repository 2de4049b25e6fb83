// The initial JavaScript a visitor downloads for /spa/sport-pc/ (the scripts index.html loads), gzip-compressed.
// Target (issue 2): at most 200 KB. Also lists each plugin chunk, which load only when their slot renders.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, root } from '../setup.mjs';

const dir = path.join(root, 'dist', 'spa', 'sport-pc');
buildApp();
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]*src="\/spa\/sport-pc\/([^"]+)"/g)].map((m) => m[1]);
const size = (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = scripts.reduce((sum, file) => sum + size(file), 0);
console.log(`initial JS (gzip): ${kb(initial)} in ${scripts.length} file(s) — target ≤ 200 KB ${initial <= 200 * 1024 ? '✓' : '✗'}`);
for (const file of readdirSync(dir).filter((f) => /^plugin-.*\.js$/.test(f)).sort()) {
  console.log(`  lazy ${file.replace(/\.[0-9a-f]{8}\.js$/, '')}: ${kb(size(file))}`);
}
