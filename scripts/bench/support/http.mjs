// What the HTTP benches share: a JSON POST on a kept-alive agent, percentiles of sorted latencies, a closed-loop load.
import http from 'node:http';

/** POSTs `body` as JSON; resolves with the status and the answer's text (never rejects on an HTTP error status). */
export function request(agent, base, urlPath, body, headers = {}) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The p-th percentile (nearest rank) of ascending values; 0 for none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Closed-loop load: each member keeps one request in flight until `seconds` have passed. `send(member, worker, n)`
 * makes the worker's nth request (through `request`); `accepted(answer)` says whether the parsed answer of a 200 is the
 * one the bench wants: any other answer, or a request that failed, is a failure. The latencies (ms) are the accepted
 * requests'.
 */
export async function closedLoop(members, seconds, send, accepted) {
  const latencies = [];
  const failures = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    members.map(async (member, worker) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        try {
          const res = await send(member, worker, n);
          const ms = performance.now() - t0;
          const answer = res.status === 200 ? JSON.parse(res.text) : undefined;
          if (accepted(answer, member)) latencies.push(ms);
          else failures.push(`${res.status} ${res.text.slice(0, 300)}`);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const took = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, seconds: took, perSecond: latencies.length / took, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}
