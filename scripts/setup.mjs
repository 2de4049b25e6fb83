// Set-up shared by `npm start` and `npm test`: make a fresh clone ready without any other command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

/** npm install when node_modules is missing or older than the lockfile (`npm ci` refuses lockfiles made here). */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    console.log('» installing npm packages (first run; better-sqlite3 builds from source, about a minute)…');
    // JOBS: node-gyp compiles better-sqlite3's two sources side by side (SQLite's amalgamation is most of the minute).
    run('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, JOBS: 'max' } });
  }
  checkNativeTools();
  keepNativeBuild();
}

/**
 * Keeps the better-sqlite3 module this machine built where its installer looks before building (prebuild-install's
 * cache in npm's cache folder, under the name of the release asset it would download), so the next clone on the same
 * machine, Node ABI and platform unpacks it in a second instead of compiling SQLite for a minute. The installer
 * loads the unpacked module before using it and builds from source when that fails, so a stale entry costs nothing.
 */
function keepNativeBuild() {
  const sqlite = path.dirname(createRequire(path.join(root, 'package.json')).resolve('better-sqlite3/package.json'));
  const fromSqlite = createRequire(path.join(sqlite, 'package.json'));
  const util = fromSqlite('prebuild-install/util');
  const pkg = fromSqlite('./package.json');
  const url = util.getDownloadUrl({ pkg, runtime: 'node', abi: process.versions.modules, platform: process.platform, arch: process.arch, libc: '', 'tag-prefix': 'v' });
  const cached = util.cachedPrebuild(url);
  const built = path.join('build', 'Release', 'better_sqlite3.node');
  if (existsSync(cached) || !existsSync(path.join(sqlite, built))) return;
  try {
    mkdirSync(path.dirname(cached), { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    execFileSync('tar', ['-czf', partial, '-C', sqlite, built]);
    renameSync(partial, cached);
    console.log(`» kept better-sqlite3's native build for the next install on this machine (${cached})`);
  } catch (error) {
    // Only a cache: the next install builds from source as the first did.
    console.warn(`» could not keep better-sqlite3's native build: ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * The two dependencies whose install scripts the platform needs (package.json allowScripts): better-sqlite3 builds its
 * native module, and @ffmpeg-installer makes its ffmpeg executable. A newer npm skips install scripts that allowScripts
 * does not list, and a failed native build only shows much later as a crash: check both now, with what to do.
 */
export function checkNativeTools() {
  const probe = (what, code, fix) => {
    const result = spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    if (result.status !== 0) {
      const why = (result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ');
      throw new Error(`${what} is not usable after npm install (${why}). ${fix}`);
    }
  };
  probe(
    "better-sqlite3's native module",
    "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get();",
    'Its install script builds it (package.json allowScripts must allow "better-sqlite3"; it needs python3, make and g++): run `npm rebuild better-sqlite3` and read its output.',
  );
  probe(
    'ffmpeg (@ffmpeg-installer/ffmpeg)',
    "const { execFileSync } = require('node:child_process'); execFileSync(require('@ffmpeg-installer/ffmpeg').path, ['-version'], { stdio: 'pipe' });",
    'Its install script makes the binary executable (package.json allowScripts must allow "@ffmpeg-installer/linux-x64"): run `npm rebuild @ffmpeg-installer/linux-x64`.',
  );
}

/**
 * The production build into dist/; `env` may add PLUGIN_DIRS (plugins from other folders) and DIST_DIR (another output
 * folder), as the end-to-end suite's fixture build does (scripts/plugins/fixtureSite.cjs).
 */
export function buildApp(env = {}) {
  const what = Object.entries(env).map(([name, value]) => `${name}=${path.relative(root, value) || '.'}`).join(' ');
  console.log(`» building the app (rspack, production${what ? `; ${what}` : ''})…`);
  run(path.join(root, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], { env: { ...process.env, ...env } });
}

const DEBIAN_PACKAGES = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // The end-to-end suite's browser (playwright.config.ts): Chromium's headless shell, lighter on the CPU.
  { pkg: 'chromium-headless-shell', present: () => existsSync('/usr/bin/chromium-headless-shell') },
  // Chinese, Thai and Vietnamese text must render in screenshots, not as boxes.
  { pkg: 'fonts-noto-cjk', present: () => existsSync('/usr/share/fonts/opentype/noto') },
  { pkg: 'fonts-thai-tlwg', present: () => existsSync('/usr/share/fonts/truetype/tlwg') || existsSync('/usr/share/fonts/opentype/tlwg') },
  // The platform tests on PostgreSQL and the instances' Redis fan-out (issue 19; scripts/services.mjs).
  { pkg: 'postgresql', present: () => existsSync('/usr/lib/postgresql/15/bin/postgres') },
  { pkg: 'redis-server', present: () => existsSync('/usr/bin/redis-server') },
];

/** Debian's Chromium for Playwright (never a browser download), PostgreSQL and Redis, installed with apt-get when missing. */
export function ensureBrowser() {
  const missing = DEBIAN_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
  if (missing.length === 0) return;
  console.log(`» installing Debian packages: ${missing.join(', ')}…`);
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const apt = (...args) => run(sudo[0] ?? 'apt-get', sudo.length ? [...sudo.slice(1), 'apt-get', ...args] : args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt('update', '-qq');
  apt('install', '-y', '-qq', ...missing);
  execFileSync('/usr/bin/chromium', ['--version'], { stdio: 'inherit' });
}

/** Gzip size of each script index.html loads for /spa/sport-pc/ (what a visitor downloads before anything lazy). */
export function initialScripts() {
  const dir = path.join(root, 'dist', 'spa', 'sport-pc');
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*src="\/spa\/sport-pc\/([^"]+)"/g)].map((m) => ({ file: m[1], gzip: gzipSync(readFileSync(path.join(dir, m[1])), { level: 9 }).length }));
}

/**
 * The budget for the initial JavaScript of the app: issue 2's 200 KB, 205 KB with issue 28, 220 KB with issue 30 so the
 * structure is never bent for bytes (docs/architecture.md "Bundle").
 */
export const INITIAL_JS_BUDGET = 220 * 1024;
