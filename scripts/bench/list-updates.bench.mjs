// An in-play list of 500 matches receiving 1,000 odds updates per second for 20 s in headless Chromium: p95 frame
// time and the share of dropped frames (targets: p95 ≤ 16.7 ms, under 1 % dropped), and the page's script time per
// update against a minimal page that writes the same updates straight into DOM text nodes (target: at most 2x, issue
// 30; it was 3x). The app's path for one price: the /push message, the push client's route, the frame coalescer
// (src/services/coalescer.ts, one batch per market per animation frame), the live book's cell (src/core/store/liveBook.ts)
// and the one odds button observing it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildApp, root } from '../setup.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = 20;
/** The app may spend at most this many times the plain page's script time on an update (issue 30). */
const SCRIPT_RATIO_TARGET = 2;
if (!existsSync(path.join(root, 'dist', 'spa', 'sport-pc', 'index.html'))) buildApp();

const harness = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support', 'list-harness.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  harness.stdout.on('data', (chunk) => {
    const match = /READY (\d+)/.exec(String(chunk));
    if (match) resolve(Number(match[1]));
  });
  harness.on('exit', (code) => reject(new Error(`harness exited with ${code}`)));
});
const watchdog = setTimeout(() => {
  console.error('list-updates: over 3 minutes; stopping');
  harness.kill('SIGKILL');
  process.exit(1);
}, 180_000);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

/** Frame times from a requestAnimationFrame loop in the page, and CDP's script time, over the window. */
async function measure(url, ready) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.waitForTimeout(2000);
  const script = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration').value;
  const sentBefore = (await (await fetch(`${base}/bench/sent`)).json()).sent;
  const scriptBefore = await script();
  const frames = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const deltas = [];
        let last = performance.now();
        const end = last + ms;
        const step = (now) => {
          deltas.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(step);
          else resolve(deltas);
        };
        requestAnimationFrame(step);
      }),
    SECONDS * 1000,
  );
  const scriptSeconds = (await script()) - scriptBefore;
  const updates = (await (await fetch(`${base}/bench/sent`)).json()).sent - sentBefore;
  await page.close();
  const sorted = [...frames].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)];
  const interval = 1000 / 60;
  const expected = frames.reduce((n, d) => n + Math.max(1, Math.round(d / interval)), 0);
  const dropped = (expected - frames.length) / expected;
  return { p95, dropped, perUpdateMs: (scriptSeconds * 1000) / updates, updates };
}

try {
  const app = await measure(`${base}/spa/sport-pc/?list=1&sport=1`, 'button[data-odd]');
  const plain = await measure(`${base}/bench/baseline.html`, 'main div');
  const ratio = app.perUpdateMs / plain.perUpdateMs;
  // rAF deltas jitter around the display's 16.7 ms even on a page doing nothing, so the frame-time target is read
  // against the same measurement of the plain page.
  const frameBudget = Math.max(16.7, plain.p95);
  console.log(`app list (500 matches, ${Math.round(app.updates / SECONDS)} updates/s): p95 frame ${app.p95.toFixed(1)} ms, dropped ${(app.dropped * 100).toFixed(2)} % — targets p95 ≤ 16.7 ms (≤ ${frameBudget.toFixed(1)} ms with this display's jitter) ${app.p95 <= frameBudget ? '✓' : '✗'}, dropped < 1 % ${app.dropped < 0.01 ? '✓' : '✗'}`);
  console.log(`plain DOM page:  p95 frame ${plain.p95.toFixed(1)} ms, dropped ${(plain.dropped * 100).toFixed(2)} %`);
  console.log(`script time per update: app ${(app.perUpdateMs * 1000).toFixed(1)} µs, plain DOM ${(plain.perUpdateMs * 1000).toFixed(1)} µs, ratio ${ratio.toFixed(2)} — target ≤ ${SCRIPT_RATIO_TARGET} ${ratio <= SCRIPT_RATIO_TARGET ? '✓' : '✗'}`);
} finally {
  clearTimeout(watchdog);
  await browser.close();
  harness.kill();
}
