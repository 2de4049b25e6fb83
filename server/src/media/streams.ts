import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Clock } from '../clock';
import { ApiError, CODES } from '../http/envelope';
import { FlvRelay } from './flvRelay';
import { encoderArgs, PLAYLIST_SEGMENTS, type EncoderSettings } from './picture';

/**
 * Live test streams, encoded on demand: the first request for a stream source (a match's video
 * line, an anchor's room: media/sources.ts) starts one ffmpeg for it (HLS files on disk and FLV on
 * stdout from the same encode), every viewer of the source shares it, and it stops once nobody
 * has watched for `idleSeconds`, when the source is over (the match or the room has ended), and
 * on close. At most `maxEncoders` run at once, whatever their sources, and one client (address) may have started at
 * most `maxEncodersPerClient` of those still running (issue 29: one visitor asking for every line took every encoder
 * and everyone else got 503). Watching a stream that already runs is never refused.
 */

/** What the picture is drawn with: the encoder's settings. */
export type PictureInput = EncoderSettings;

/**
 * Something a stream can show. Its key names one picture: two requests with the same key share an encoder. The
 * picture holds no text (issue 31): the app draws names, score and clock over it in the viewer's language.
 */
export interface StreamSource {
  /** Unique per picture, and a safe folder name: "match-123-1", "room-8001-123". */
  readonly key: string;
  /** How messages name it: "match 123 line 1", "room 8001". */
  readonly label: string;
  /** Why it cannot be watched now (the 404 message), or undefined. */
  unavailable(): string | undefined;
  /** The lavfi graph ending in [out0]. */
  graph(input: PictureInput): string;
}

export interface MediaSettings extends EncoderSettings {
  maxEncoders: number;
  maxEncodersPerClient: number;
  idleSeconds: number;
  startTimeoutSeconds: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LiveStreamsOptions {
  /** Idle time is measured on this clock (tests move it instead of waiting). */
  clock: Clock;
  settings: MediaSettings;
  log: Log;
  /** Default: the static ffmpeg of @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /** Where the per-run temporary directory goes; default os.tmpdir(). */
  workDir?: string;
  /** How often (real ms) idle or ended streams are stopped; 0: only when tick() is called. */
  tickMs?: number;
  /** How often (real ms) a waiting playlist request looks for the playlist. */
  pollMs?: number;
}

export interface EncoderInfo {
  key: string;
  pid: number | undefined;
  flvViewers: number;
  dir: string;
}

interface LiveStream {
  source: StreamSource;
  /** The client (address) whose request started it: counted against its maxEncodersPerClient while it runs. */
  startedBy: string;
  runId: string;
  dir: string;
  proc: ChildProcess;
  relay: FlvRelay;
  /** Clock time of the latest HLS request, or of the latest moment an FLV viewer was connected. */
  lastActiveAt: number;
  /** The latest complete playlist read from disk. */
  playlist: string | undefined;
  stderr: string[];
  exited: boolean;
  stopping: boolean;
  done: Promise<void>;
}

/** A FLV viewer: the bytes to send, and what to call when the client goes away. */
export interface FlvViewer {
  stream: PassThrough;
  detach(): void;
}

const KILL_GRACE_MS = 2000;
const STDERR_LINES = 20;

/** The static ffmpeg of @ffmpeg-installer/ffmpeg, loaded only when video is asked for; `ffmpeg` on PATH if it has no build for this machine. */
function defaultFfmpegPath(): string {
  try {
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return 'ffmpeg';
  }
}

/**
 * A playlist as ffmpeg writes it is complete when it starts with #EXTM3U, ends with a newline and
 * every #EXTINF is followed by a segment of this run. ffmpeg rewrites it in place (the tee muxer
 * cannot rename), so a read can catch it half written.
 */
export function isCompletePlaylist(text: string, runId: string): boolean {
  if (!text.startsWith('#EXTM3U\n') || !text.endsWith('\n') || !text.includes('#EXT-X-TARGETDURATION:')) return false;
  const lines = text.split('\n').filter((l) => l !== '');
  let segments = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('#EXTINF:')) continue;
    const next = lines[i + 1];
    if (next === undefined || !next.startsWith(`${runId}-`) || !/^[a-z0-9]+-\d+\.ts$/.test(next)) return false;
    segments++;
  }
  return segments > 0 && segments <= PLAYLIST_SEGMENTS + 1;
}

export class LiveStreams {
  private readonly streams = new Map<string, LiveStream>();
  /** Every encoder whose process has not exited yet, including those being stopped. */
  private readonly alive = new Set<LiveStream>();
  private root: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private ffmpegPath: string | undefined;

  constructor(private readonly options: LiveStreamsOptions) {
    this.ffmpegPath = options.ffmpegPath;
  }

  /** Starts the refresh loop (idle and ended lines). */
  start(): void {
    const ms = this.options.tickMs ?? 1000;
    if (ms > 0 && !this.timer && !this.closed) {
      this.timer = setInterval(() => this.tick(), ms);
      this.timer.unref();
    }
  }

  encoderCount(): number {
    return this.streams.size;
  }

  encoders(): EncoderInfo[] {
    return [...this.streams.values()].map((s) => ({ key: s.source.key, pid: s.proc.pid, flvViewers: s.relay.viewerCount, dir: s.dir }));
  }

  /**
   * The source's current playlist; starts its encoder (for `client`, the request's address) and waits (up to
   * startTimeoutSeconds) for the first one.
   */
  async playlist(source: StreamSource, client: string): Promise<string> {
    const stream = this.ensure(source, client);
    const deadline = Date.now() + this.options.settings.startTimeoutSeconds * 1000;
    for (;;) {
      stream.lastActiveAt = this.options.clock.now();
      const text = await readFile(path.join(stream.dir, 'index.m3u8'), 'utf8').catch(() => undefined);
      if (text !== undefined && isCompletePlaylist(text, stream.runId)) stream.playlist = text;
      if (stream.playlist !== undefined) return stream.playlist;
      if (stream.exited || stream.stopping) throw this.stoppedError(stream);
      if (Date.now() >= deadline) {
        throw new ApiError(
          503,
          CODES.UNAVAILABLE,
          `media: the stream of ${source.label} did not start within ${this.options.settings.startTimeoutSeconds} s; try again`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 100));
    }
  }

  /** A segment of the source's running encoder, or undefined (not running, expired, another run's name). */
  async segment(source: StreamSource, name: string): Promise<Buffer | undefined> {
    const stream = this.streams.get(source.key);
    if (!stream || !name.startsWith(`${stream.runId}-`) || !/^[a-z0-9]+-\d+$/.test(name)) return undefined;
    stream.lastActiveAt = this.options.clock.now();
    return readFile(path.join(stream.dir, `${name}.ts`)).catch(() => undefined);
  }

  /** A new FLV viewer of the source (starting its encoder for `client` if needed); call detach() when the client leaves. */
  watchFlv(source: StreamSource, client: string): FlvViewer {
    const stream = this.ensure(source, client);
    const out = new PassThrough();
    // Writes after the client left are dropped by the relay; the error must not become an unhandled one.
    out.on('error', () => undefined);
    stream.relay.attach(out);
    let detached = false;
    return {
      stream: out,
      detach: () => {
        if (detached) return;
        detached = true;
        stream.relay.detach(out);
        stream.lastActiveAt = this.options.clock.now();
        if (!out.destroyed) out.destroy();
      },
    };
  }

  /** Stops the streams nobody watches and those whose source is over. */
  tick(): void {
    const now = this.options.clock.now();
    for (const stream of [...this.streams.values()]) {
      if (stream.stopping) continue;
      const missing = stream.source.unavailable();
      if (missing) {
        void this.stop(stream, missing);
        continue;
      }
      if (stream.relay.viewerCount > 0) stream.lastActiveAt = now;
      else if (now - stream.lastActiveAt >= this.options.settings.idleSeconds * 1000) {
        void this.stop(stream, 'idle');
      }
    }
  }

  /** Stops every encoder and removes the temporary files; later requests answer 503. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.alive].map((s) => this.stop(s, 'closing')));
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = undefined;
  }

  /**
   * The source's running stream, or a new one: 404 for a source that cannot be watched, 503 at the cap, 429 when the
   * client already keeps its share of encoders running.
   */
  private ensure(source: StreamSource, client: string): LiveStream {
    if (this.closed) throw new ApiError(503, CODES.UNAVAILABLE, 'media: the platform is shutting down');
    const missing = source.unavailable();
    if (missing) throw new ApiError(404, CODES.NOT_FOUND, missing);
    const running = this.streams.get(source.key);
    if (running) return running;
    const { maxEncoders } = this.options.settings;
    if (this.streams.size >= maxEncoders) {
      throw new ApiError(
        503,
        CODES.UNAVAILABLE,
        maxEncoders === 0
          ? 'media: live video is switched off (media.maxEncoders is 0)'
          : `media: all ${maxEncoders} live encoders are busy (media.maxEncoders); try again when a stream has stopped`,
      );
    }
    const { maxEncodersPerClient } = this.options.settings;
    const mine = [...this.streams.values()].filter((s) => s.startedBy === client).length;
    if (mine >= maxEncodersPerClient) {
      throw new ApiError(
        429,
        CODES.TOO_MANY_REQUESTS,
        `media: your address already keeps ${mine} live ${mine === 1 ? 'stream' : 'streams'} running (media.maxEncodersPerClient is ${maxEncodersPerClient}); watch one of those, or try again when one has stopped`,
      );
    }
    return this.startStream(source, client);
  }

  private startStream(source: StreamSource, client: string): LiveStream {
    const { key, label } = source;
    this.root ??= mkdtempSync(path.join(this.options.workDir ?? os.tmpdir(), 'sport-pc-media-'));
    const runId = randomBytes(4).toString('hex');
    const dir = path.join(this.root, `${key}-${runId}`);
    mkdirSync(dir, { recursive: true });
    const args = encoderArgs({ ...this.options.settings, runId, graph: source.graph(this.options.settings) });
    const relay = new FlvRelay({ onWarning: (reason) => this.options.log.warn({ stream: key, reason }, 'live video: FLV relay') });
    const stream: LiveStream = {
      source,
      startedBy: client,
      runId,
      dir,
      proc: undefined as unknown as ChildProcess,
      relay,
      lastActiveAt: this.options.clock.now(),
      playlist: undefined,
      stderr: [],
      exited: false,
      stopping: false,
      done: Promise.resolve(),
    };
    this.ffmpegPath ??= defaultFfmpegPath();
    const proc = spawn(this.ffmpegPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    stream.proc = proc;
    stream.done = new Promise<void>((resolve) => {
      const finish = (how: string) => {
        if (stream.exited) return;
        stream.exited = true;
        this.alive.delete(stream);
        relay.close();
        if (this.streams.get(key) === stream) this.streams.delete(key);
        if (!stream.stopping) this.options.log.warn({ stream: key, how, stderr: stream.stderr.slice(-5) }, 'live video: encoder stopped unexpectedly');
        void rm(dir, { recursive: true, force: true }).finally(resolve);
      };
      proc.once('error', (error) => {
        stream.stderr.push(`could not run ffmpeg: ${error.message}`);
        finish('spawn error');
      });
      proc.once('close', (code, signal) => finish(signal ? `signal ${signal}` : `exit code ${code}`));
    });
    proc.stdout?.on('data', (chunk: Buffer) => relay.push(chunk));
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (text: string) => {
      stream.stderr.push(...text.split('\n').filter((l) => l.trim() !== ''));
      if (stream.stderr.length > STDERR_LINES) stream.stderr.splice(0, stream.stderr.length - STDERR_LINES);
    });
    this.streams.set(key, stream);
    this.alive.add(stream);
    this.options.log.info({ stream: key, label, ffmpegPid: proc.pid, encoders: this.streams.size }, 'live video: encoder started');
    return stream;
  }

  private stopStream(stream: LiveStream): void {
    const { proc } = stream;
    if (stream.exited) return;
    proc.kill('SIGTERM');
    const force = setTimeout(() => {
      if (!stream.exited) proc.kill('SIGKILL');
    }, KILL_GRACE_MS);
    force.unref();
    void stream.done.then(() => clearTimeout(force));
  }

  private stop(stream: LiveStream, reason: string): Promise<void> {
    if (!stream.stopping) {
      stream.stopping = true;
      if (this.streams.get(stream.source.key) === stream) this.streams.delete(stream.source.key);
      stream.relay.close();
      this.options.log.info({ stream: stream.source.key, reason, encoders: this.streams.size }, 'live video: encoder stopping');
      this.stopStream(stream);
    }
    return stream.done;
  }

  private stoppedError(stream: LiveStream): ApiError {
    const last = stream.stderr.filter((l) => !l.includes('Cannot use rename')).at(-1);
    return new ApiError(503, CODES.UNAVAILABLE, `media: the stream of ${stream.source.label} stopped${last ? ` (${last.slice(0, 200)})` : ''}; try again`);
  }
}

export function createLiveStreams(options: LiveStreamsOptions): LiveStreams {
  return new LiveStreams(options);
}
