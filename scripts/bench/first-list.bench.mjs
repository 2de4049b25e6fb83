// Time from navigation to the first in-play list rendered with prices: a cold load of /spa/sport-pc/?list=1&sport=1
// in headless Chromium against the running platform, until the first odds button is in the DOM. Median of five loads,
// each in a fresh browser context (an empty HTTP cache, no cookies or storage, no open connections), measured twice:
//
// - unthrottled: this machine on loopback (issue 4's target, under 1.5 s);
// - throttled (issue 30): a mid-range laptop on a fast 4G connection. Target: at most 2.5 s, Core Web Vitals' "good"
//   Largest Contentful Paint (https://web.dev/articles/lcp: 2.5 s at the 75th percentile); the list with its prices is
//   the page's largest content.
//
// The network is Chrome DevTools' "Fast 4G" preset exactly (Fast4GConditions in devtools-frontend's
// front_end/core/sdk/NetworkManager.ts): 9 Mbit/s down and 1.5 Mbit/s up, each derated by 0.9, and a 60 ms round trip
// times 2.75 (165 ms) because Network.emulateNetworkConditions delays each request, not each packet. It is the preset
// DevTools offers under that name, applied through the same CDP call; its 165 ms is within a few ms of WebPageTest's
// "4G" profile (170 ms RTT). Lighthouse's mobile default ("Slow 4G", 1.6 Mbit/s, 150 ms) models a slow phone link,
// not this product's desktop members.
//
// The CPU: Emulation.setCPUThrottlingRate is relative to the machine the bench runs on, so the rate is calibrated
// here, as Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown") says to: this machine's Lighthouse
// BenchmarkIndex, measured in the bench's Chromium before each load, divided by the index of a mid-range laptop.
// That index is 1,250, the middle of Lighthouse's "Low-End Desktop" class (1,000-1,500, example an Intel NUC i3):
// a mid-range laptop (a 15 W Core i5 or Ryzen 5, often on battery) runs JavaScript about as fast as a low-end desktop
// and slower than Lighthouse's "High-End Desktop" (1,500-2,000, a 16" MacBook Pro). The rate is held to 1-10x: a
// machine slower than the laptop is not sped up, so on a busy machine the figure is pessimistic. BENCH_CPU_RATE=<n>
// sets the rate instead (to repeat a run of another machine).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp, root } from '../setup.mjs';
import { startPlatform } from './support/platform.mjs';

const RUNS = 5;
const URL_PATH = '/spa/sport-pc/?list=1&sport=1';
const UNTHROTTLED_TARGET_MS = 1500;
const THROTTLED_TARGET_MS = 2500;
/** Chrome DevTools' "Fast 4G" (Fast4GConditions): bytes per second and ms, as Network.emulateNetworkConditions takes them. */
const FAST_4G = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  connectionType: 'cellular4g',
};
/** Lighthouse BenchmarkIndex of a mid-range laptop: the middle of its "Low-End Desktop" class (1,000-1,500). */
const LAPTOP_BENCHMARK_INDEX = 1250;

if (!existsSync(path.join(root, 'dist', 'spa', 'sport-pc', 'index.html'))) buildApp();

/**
 * Lighthouse's BenchmarkIndex (computeBenchmarkIndex in GoogleChrome/lighthouse core/lib/page-functions.js, Apache
 * License 2.0): string building (GC-heavy) and array copying, half a second each; iterations per second / 10.
 */
function benchmarkIndex() {
  function benchmarkIndexGC() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('will never happen, but prevents compiler optimizations');
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  function benchmarkIndexNoGC() {
    const arrA = [];
    const arrB = [];
    for (let i = 0; i < 100000; i++) arrA[i] = arrB[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? arrA : arrB;
      const tgt = iterations % 2 === 0 ? arrB : arrA;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  return (benchmarkIndexGC() + benchmarkIndexNoGC()) / 2;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The rate that makes this machine the laptop now: its BenchmarkIndex measured unthrottled in a page of its own just
 * before each throttled load (the machine is shared, and what else runs changes its speed from one load to the next).
 */
async function calibrate(browser) {
  const fixed = Number(process.env.BENCH_CPU_RATE);
  const context = await browser.newContext();
  try {
    const hostIndex = await (await context.newPage()).evaluate(benchmarkIndex);
    return { hostIndex, rate: fixed > 0 ? fixed : Math.min(10, Math.max(1, hostIndex / LAPTOP_BENCHMARK_INDEX)) };
  } finally {
    await context.close();
  }
}

/**
 * One cold load: a new context (so nothing is cached or connected), the throttling set on the page's target before
 * it navigates. Returns the time of the first price (performance.now(), from navigation start), the bytes that came
 * over the wire until then and how many responses a cache answered (must be none).
 */
async function coldLoad(browser, base, throttle) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let wireBytes = 0;
    let fromCache = 0;
    let compressedScripts = 0;
    let plainScripts = 0;
    cdp.on('Network.loadingFinished', (e) => {
      wireBytes += e.encodedDataLength;
    });
    cdp.on('Network.requestServedFromCache', () => {
      fromCache += 1;
    });
    cdp.on('Network.responseReceived', ({ response, type }) => {
      if (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) fromCache += 1;
      if (type !== 'Script') return;
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      if (encoding) compressedScripts += 1;
      else plainScripts += 1;
    });
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', FAST_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.rate });
    }
    // Stamp the moment the first price enters the DOM, from inside the page (no polling delay).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('button[data-odd]')) {
          window.__firstOdds = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}${URL_PATH}`, { timeout: 60_000 });
    await page.waitForFunction(() => window.__firstOdds !== undefined, null, { timeout: 60_000 });
    const ms = await page.evaluate(() => window.__firstOdds);
    return { ms, wireBytes, fromCache, compressedScripts, plainScripts };
  } finally {
    await context.close();
  }
}

async function series(browser, base, throttled) {
  const loads = [];
  for (let i = 0; i < RUNS; i++) {
    const throttle = throttled ? await calibrate(browser) : undefined;
    loads.push({ ...(await coldLoad(browser, base, throttle)), throttle });
  }
  const cached = loads.reduce((n, l) => n + l.fromCache, 0);
  if (cached > 0) throw new Error(`first-list: ${cached} responses came from a cache in loads meant to be cold`);
  const times = loads.map((l) => l.ms).sort((a, b) => a - b);
  const last = loads.at(-1);
  return {
    median: median(times),
    best: times[0],
    worst: times.at(-1),
    wireKb: median(loads.map((l) => l.wireBytes)) / 1024,
    scripts: `${last.compressedScripts} of ${last.compressedScripts + last.plainScripts} scripts compressed`,
    rates: loads.map((l) => l.throttle?.rate.toFixed(2)).join(', '),
    indexes: loads.map((l) => Math.round(l.throttle?.hostIndex ?? 0)).join(', '),
  };
}

const { base, stop } = await startPlatform({ name: 'first-list', limitMs: 300_000 });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const plain = await series(browser, base, false);
  const line = (what, s, target) =>
    `${what}: median ${Math.round(s.median)} ms, best ${Math.round(s.best)} ms, worst ${Math.round(s.worst)} ms over ${RUNS} cold loads ` +
    `(${Math.round(s.wireKb)} KB over the wire until the prices, ${s.scripts}) — target ${target === UNTHROTTLED_TARGET_MS ? '<' : '≤'} ${target} ms ` +
    `${(target === UNTHROTTLED_TARGET_MS ? s.median < target : s.median <= target) ? '✓' : '✗'}`;
  console.log(line('first in-play list with prices', plain, UNTHROTTLED_TARGET_MS));
  const throttled = await series(browser, base, true);
  console.log(line('mid-range laptop on fast 4G', throttled, THROTTLED_TARGET_MS));
  console.log(
    `  (DevTools "Fast 4G": 9 / 1.5 Mbit/s, 165 ms a request; CPU ${throttled.rates}x: this machine's BenchmarkIndex ${throttled.indexes} before each load / laptop ${LAPTOP_BENCHMARK_INDEX})`,
  );
} finally {
  await browser.close();
  await stop();
}
