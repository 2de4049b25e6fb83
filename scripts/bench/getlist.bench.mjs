// POST /api/match/getList under load: a page of 50 in-play matches ({ type: 1, size: 50 }) while the feed ticks.
// Target: at least 2,000 requests/s. The platform runs as a child process (its own thread, as in production) on a
// free loopback port with a throw-away data folder; autocannon drives it from this process for 10 s per run (one
// run with Accept-Encoding: gzip, one without), each after a 2 s warm-up.
import { startPlatform } from './support/platform.mjs';

const TARGET_RPS = 2000;
const DURATION_S = 10;
const CONNECTIONS = 50;
const BODY = JSON.stringify({ type: 1, size: 50 });

let autocannon;
try {
  autocannon = (await import('autocannon')).default;
} catch {
  console.log('getList: skipped, the load generator is missing (npm install --save-dev autocannon)');
  process.exit(1);
}

const { base, stop } = await startPlatform({ name: 'getList', limitMs: 120_000 });
let failed = false;
try {
  const probe = await fetch(`${base}/api/match/getList`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
  const page = (await probe.json()).data;
  console.log(`page: ${page.records.length} of ${page.total} in-play matches, ${page.records.reduce((n, m) => n + m.betGroup.length, 0)} bet groups`);

  // Browsers always send Accept-Encoding, so the gzip run is what the app sees; the identity run shows the
  // uncompressed ceiling, where the load generator parsing ~120 KB per answer is usually the limit.
  for (const [label, extra] of [
    ['gzip (as a browser asks)', { 'accept-encoding': 'gzip, deflate, br' }],
    ['identity', {}],
  ]) {
    const options = {
      url: `${base}/api/match/getList`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: BODY,
      connections: CONNECTIONS,
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    const rps = result.requests.average;
    const errors = result.errors + result.timeouts + result.non2xx;
    const met = rps >= TARGET_RPS && errors === 0;
    console.log(
      `getList {type:1,size:50}, ${label}: ${Math.round(rps)} requests/s, p99 ${result.latency.p99} ms, ` +
        `${(result.throughput.average / 1e6).toFixed(1)} MB/s, ${errors} errors/non-2xx — target ≥ ${TARGET_RPS} requests/s ${met ? '✓' : '✗'}`,
    );
  }
} catch (error) {
  failed = true;
  console.error(`getList: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
