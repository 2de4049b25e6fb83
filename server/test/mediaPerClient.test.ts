import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFakeClock } from '../src/clock';
import { ApiError } from '../src/http/envelope';
import { createLiveStreams, type LiveStreams, type StreamSource } from '../src/media';

// Issue 29, item 2: one anonymous visitor asking for the playlists of 8 lines started 8 encoders, and every other line
// and anchor stream answered 503 to everybody. Each client address may now start only its share; viewers of a stream
// that already runs are never refused. The encoder here is a stand-in process (the cap is about processes, not video).
const dir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-fake-ffmpeg-'));
const fakeFfmpeg = path.join(dir, 'ffmpeg');
writeFileSync(fakeFfmpeg, '#!/bin/sh\nexec sleep 60\n');
chmodSync(fakeFfmpeg, 0o755);

const source = (key: string): StreamSource => ({
  key,
  label: key,
  unavailable: () => undefined,
  graph: () => 'color=c=black:s=320x180[out0]',
});

let streams: LiveStreams | undefined;
afterEach(async () => {
  await streams?.close();
  streams = undefined;
});

function build(maxEncoders: number, maxEncodersPerClient: number) {
  const clock = createFakeClock(1_000);
  streams = createLiveStreams({
    clock,
    settings: { maxEncoders, maxEncodersPerClient, idleSeconds: 5, width: 320, height: 180, fps: 10, segmentSeconds: 1, startTimeoutSeconds: 5 },
    log: { info: () => undefined, warn: () => undefined },
    ffmpegPath: fakeFfmpeg,
    tickMs: 0,
  });
  return { streams, clock };
}

const refusal = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('live encoders per client', () => {
  it('lets one address start only its share, others start theirs, and anyone watch a running stream', async () => {
    const { streams, clock } = build(4, 2);
    const a1 = streams.watchFlv(source('line-1'), '10.0.0.1');
    streams.watchFlv(source('line-2'), '10.0.0.1');
    const third = refusal(() => streams.watchFlv(source('line-3'), '10.0.0.1'));
    expect(third.statusCode).toBe(429);
    expect(third.message).toBe('media: your address already keeps 2 live streams running (media.maxEncodersPerClient is 2); watch one of those, or try again when one has stopped');
    expect(streams.encoderCount()).toBe(2);

    // Another address still starts a line, and the first address may watch it: it runs already.
    streams.watchFlv(source('line-3'), '10.0.0.2');
    expect(() => streams.watchFlv(source('line-3'), '10.0.0.1')).not.toThrow();
    expect(streams.encoderCount()).toBe(3);

    // Once one of its own stops (nobody watched for idleSeconds), the address may start another.
    a1.detach();
    clock.advance(5_000);
    streams.tick();
    expect(streams.encoderCount()).toBe(2);
    expect(() => streams.watchFlv(source('line-4'), '10.0.0.1')).not.toThrow();
  });

  it('keeps the global cap over the per-client share', () => {
    const { streams } = build(2, 2);
    streams.watchFlv(source('line-1'), '10.0.0.1');
    streams.watchFlv(source('line-2'), '10.0.0.2');
    const busy = refusal(() => streams.watchFlv(source('line-3'), '10.0.0.3'));
    expect(busy.statusCode).toBe(503);
    expect(busy.message).toContain('all 2 live encoders are busy');
  });
});
