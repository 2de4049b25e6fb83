// Anchor stream: the CPU of one live room's encoder with 50 viewers against the same room with 1. The platform runs as
// a child process (as in production); the viewers are HTTP-FLV clients of the room's `pc` URL (GET /media/anchor/web)
// that read and count every byte. CPU comes from /proc/<pid>/stat (utime + stime) of the room's ffmpeg, found as the
// platform's only ffmpeg child, and of the platform itself (the FLV fan-out), over the same window in each phase.
// Target (issue 15): the encoder is shared, so the ffmpeg ratio 50 viewers / 1 viewer is about 1.0 (under 1.3).
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { startPlatform } from './support/platform.mjs';
import { stat, ticksPerSecond } from './support/proc.mjs';

const VIEWERS = 50;
const WARM_UP_MS = 4_000;
const WINDOW_MS = 15_000;
const TARGET_RATIO = 1.3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function ffmpegChildren(parent) {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const s = stat(pid);
      return s?.ppid === parent && s.comm.startsWith('ffmpeg');
    });
}

/** Share of one core used by each process over the window. */
async function cpuOver(pids, ms) {
  const before = pids.map((pid) => stat(pid)?.ticks ?? Number.NaN);
  const started = performance.now();
  await sleep(ms);
  const seconds = (performance.now() - started) / 1000;
  return pids.map((pid, i) => ((stat(pid)?.ticks ?? Number.NaN) - before[i]) / ticksPerSecond / seconds);
}

function openViewer(url) {
  return new Promise((resolve, reject) => {
    const viewer = { bytes: 0, ended: false, close: () => undefined };
    const req = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
      res.on('data', (chunk) => (viewer.bytes += chunk.length));
      res.on('close', () => (viewer.ended = true));
      viewer.close = () => req.destroy();
      resolve(viewer);
    });
    req.on('error', (error) => (viewer.bytes === 0 ? reject(error) : (viewer.ended = true)));
  });
}

async function json(url) {
  const res = await fetch(url);
  const body = await res.json();
  if (!res.ok || body.code !== 0) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const pct = (share) => `${(share * 100).toFixed(1)} %`;
const { base, pid: platformPid, stop } = await startPlatform({ name: 'anchor-stream', limitMs: 120_000 });
const viewers = [];
let failed = false;
try {
  const rooms = await json(`${base}/ssapi/anchor/search?matchSource=inplay`);
  const room = rooms.find((r) => r.liveStatus === 1);
  if (!room) throw new Error('no living room in the feed');
  const media = await json(`${base}/media/anchor/web?liveRoomId=${room.liveRoomId}`);
  const url = `${base}${media.sources[0].pc}`;

  viewers.push(await openViewer(url));
  await sleep(WARM_UP_MS);
  const encoders = ffmpegChildren(platformPid);
  if (encoders.length !== 1) throw new Error(`expected one ffmpeg child of the platform, found ${encoders.length}`);
  const [ffmpeg] = encoders;
  const [oneEncoder, onePlatform] = await cpuOver([ffmpeg, platformPid], WINDOW_MS);

  viewers.push(...(await Promise.all(Array.from({ length: VIEWERS - 1 }, () => openViewer(url)))));
  await sleep(WARM_UP_MS);
  const during = viewers.map((v) => v.bytes);
  const [manyEncoder, manyPlatform] = await cpuOver([ffmpeg, platformPid], WINDOW_MS);
  const received = viewers.map((v, i) => v.bytes - during[i]);
  const stillOne = ffmpegChildren(platformPid);
  const starved = received.filter((bytes) => bytes < 10_000).length;

  const ratio = manyEncoder / oneEncoder;
  console.log(`room ${room.liveRoomId} (match ${room.matchId}), ${WINDOW_MS / 1000} s windows, ffmpeg pid ${ffmpeg}`);
  console.log(`1 viewer:   ffmpeg ${pct(oneEncoder)} of a core, platform ${pct(onePlatform)}`);
  console.log(
    `${VIEWERS} viewers: ffmpeg ${pct(manyEncoder)} of a core, platform ${pct(manyPlatform)}; ` +
      `${stillOne.length} ffmpeg running; each viewer got ${Math.round(Math.min(...received) / 1024)}-${Math.round(Math.max(...received) / 1024)} KB in the window`,
  );
  console.log(`ratio ffmpeg ${VIEWERS}/1: ${ratio.toFixed(2)} — target < ${TARGET_RATIO} (one shared encoder) ${ratio < TARGET_RATIO && stillOne.length === 1 && starved === 0 ? '✓' : '✗'}`);
  failed = !(ratio < TARGET_RATIO && stillOne.length === 1 && starved === 0);
  if (starved) console.log(`${starved} viewers received under 10 KB in the window`);
} catch (error) {
  console.error(`anchor-stream: ${error.message}`);
  failed = true;
} finally {
  for (const viewer of viewers) viewer.close();
  await stop();
}
process.exit(failed ? 1 : 0);
