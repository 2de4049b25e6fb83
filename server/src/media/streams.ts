import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Clock } from '../clock';
import { IN_PLAY_STATUSES, MatchStatus, type Feed, type Lang } from '../feed';
import { ApiError, CODES } from '../http/envelope';
import { FlvRelay } from './flvRelay';
import { encoderArgs, findFonts, overlayTexts, pictureLang, PLAYLIST_SEGMENTS, type EncoderSettings, type Fonts } from './picture';

/**
 * Live test streams of the feed's video lines, encoded on demand: the first request for a line
 * starts one ffmpeg for it (HLS files on disk and FLV on stdout from the same encode), every
 * viewer of the line shares it, and it stops once nobody has watched for `idleSeconds`, when the
 * match no longer has the line (it ended), and on close. At most `maxEncoders` run at once.
 */

export interface MediaSettings extends EncoderSettings {
  maxEncoders: number;
  idleSeconds: number;
  startTimeoutSeconds: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LiveStreamsOptions {
  feed: Feed;
  /** Idle time is measured on this clock (tests move it instead of waiting). */
  clock: Clock;
  settings: MediaSettings;
  log: Log;
  /** Default: the static ffmpeg of @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /** Where the per-run temporary directory goes; default os.tmpdir(). */
  workDir?: string;
  /** Default: the first installed fonts (findFonts). */
  fonts?: Fonts;
  /** How often (real ms) the overlays are refreshed and idle or ended lines stopped; 0: only when tick() is called. */
  tickMs?: number;
  /** How often (real ms) a waiting playlist request looks for the playlist. */
  pollMs?: number;
}

export interface EncoderInfo {
  matchId: number;
  line: number;
  pid: number | undefined;
  flvViewers: number;
  dir: string;
}

interface LiveStream {
  key: string;
  matchId: number;
  line: number;
  runId: string;
  dir: string;
  proc: ChildProcess;
  relay: FlvRelay;
  /** Clock time of the latest HLS request, or of the latest moment an FLV viewer was connected. */
  lastActiveAt: number;
  /** The latest complete playlist read from disk. */
  playlist: string | undefined;
  overlay: { teams: string; state: string } | undefined;
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

/** Before kick-off a line may already be listed (the picture shows the teams at 0 - 0). */
const PRE_MATCH_STATUSES: ReadonlySet<number> = new Set([MatchStatus.Upcoming, MatchStatus.Delayed]);

const TEAMS_FILE = 'teams.txt';
const STATE_FILE = 'state.txt';
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

/** Writes through a temporary name and a rename, so ffmpeg (re-reading every frame) never sees half a file. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
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
  private readonly fonts: Fonts;
  private readonly lang: Lang;
  private ffmpegPath: string | undefined;

  constructor(private readonly options: LiveStreamsOptions) {
    this.fonts = options.fonts ?? findFonts();
    this.lang = pictureLang(this.fonts);
    this.ffmpegPath = options.ffmpegPath;
  }

  /** Starts the refresh loop (overlays, idle and ended lines). */
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
    return [...this.streams.values()].map((s) => ({ matchId: s.matchId, line: s.line, pid: s.proc.pid, flvViewers: s.relay.viewerCount, dir: s.dir }));
  }

  /** The line's current playlist; starts its encoder and waits (up to startTimeoutSeconds) for the first one. */
  async playlist(matchId: number, line: number): Promise<string> {
    const stream = this.ensure(matchId, line);
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
          `media: the stream of match ${matchId} line ${line} did not start within ${this.options.settings.startTimeoutSeconds} s; try again`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 100));
    }
  }

  /** A segment of the line's running encoder, or undefined (not running, expired, another run's name). */
  async segment(matchId: number, line: number, name: string): Promise<Buffer | undefined> {
    const stream = this.streams.get(`${matchId}/${line}`);
    if (!stream || !name.startsWith(`${stream.runId}-`) || !/^[a-z0-9]+-\d+$/.test(name)) return undefined;
    stream.lastActiveAt = this.options.clock.now();
    return readFile(path.join(stream.dir, `${name}.ts`)).catch(() => undefined);
  }

  /** A new FLV viewer of the line (starting its encoder if needed); call detach() when the client leaves. */
  watchFlv(matchId: number, line: number): FlvViewer {
    const stream = this.ensure(matchId, line);
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

  /** Refreshes the overlays and stops the lines nobody watches and those the match no longer has. */
  tick(): void {
    const now = this.options.clock.now();
    for (const stream of [...this.streams.values()]) {
      if (stream.stopping) continue;
      const missing = this.unavailable(stream.matchId, stream.line);
      if (missing) {
        void this.stop(stream, missing);
        continue;
      }
      if (stream.relay.viewerCount > 0) stream.lastActiveAt = now;
      else if (now - stream.lastActiveAt >= this.options.settings.idleSeconds * 1000) {
        void this.stop(stream, 'idle');
        continue;
      }
      this.writeOverlay(stream);
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

  /** The line's running stream, or a new one: 404 for a match or line without video, 503 at the cap. */
  private ensure(matchId: number, line: number): LiveStream {
    if (this.closed) throw new ApiError(503, CODES.UNAVAILABLE, 'media: the platform is shutting down');
    const missing = this.unavailable(matchId, line);
    if (missing) throw new ApiError(404, CODES.NOT_FOUND, missing);
    const key = `${matchId}/${line}`;
    const running = this.streams.get(key);
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
    return this.startStream(key, matchId, line);
  }

  /**
   * Why a line cannot be watched (the 404 message), or undefined. The feed lists a line while the match is in
   * play and, for some matches, before kick-off; a finished match keeps its media list for a while, but its
   * lines are over.
   */
  private unavailable(matchId: number, line: number): string | undefined {
    const view = this.options.feed.match(matchId, 'ENG');
    const media = this.options.feed.media(matchId);
    if (!view || !media || view.isOutright) return `matchId: no match ${matchId}`;
    if (!IN_PLAY_STATUSES.has(view.matchStatus) && !PRE_MATCH_STATUSES.has(view.matchStatus)) {
      return `matchId: match ${matchId} is over (${view.matchInfo.matchPeriod || 'finished'}); its video has ended`;
    }
    if (media.videos.length === 0) return `matchId: match ${matchId} has no live video (not in play)`;
    if (!media.videos.some((v) => v.line === line)) return `line: match ${matchId} has no video line ${line} (lines 1 to ${media.videos.length})`;
    return undefined;
  }

  private startStream(key: string, matchId: number, line: number): LiveStream {
    this.root ??= mkdtempSync(path.join(this.options.workDir ?? os.tmpdir(), 'sport-pc-media-'));
    const runId = randomBytes(4).toString('hex');
    const dir = path.join(this.root, `${matchId}-${line}-${runId}`);
    mkdirSync(dir, { recursive: true });
    const args = encoderArgs({ ...this.options.settings, line, fonts: this.fonts, runId, teamsFile: TEAMS_FILE, stateFile: STATE_FILE });
    const relay = new FlvRelay({ onWarning: (reason) => this.options.log.warn({ matchId, line, reason }, 'live video: FLV relay') });
    const stream: LiveStream = {
      key,
      matchId,
      line,
      runId,
      dir,
      proc: undefined as unknown as ChildProcess,
      relay,
      lastActiveAt: this.options.clock.now(),
      playlist: undefined,
      overlay: undefined,
      stderr: [],
      exited: false,
      stopping: false,
      done: Promise.resolve(),
    };
    // drawtext fails without its text files: they exist before ffmpeg starts.
    this.writeOverlay(stream);
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
        if (!stream.stopping) this.options.log.warn({ matchId, line, how, stderr: stream.stderr.slice(-5) }, 'live video: encoder stopped unexpectedly');
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
    this.options.log.info({ matchId, line, ffmpegPid: proc.pid, encoders: this.streams.size }, 'live video: encoder started');
    return stream;
  }

  private writeOverlay(stream: LiveStream): void {
    const view = this.options.feed.match(stream.matchId, this.lang);
    if (!view) return;
    const texts = overlayTexts(view, this.lang);
    try {
      if (stream.overlay?.teams !== texts.teams) writeAtomically(path.join(stream.dir, TEAMS_FILE), texts.teams);
      if (stream.overlay?.state !== texts.state) writeAtomically(path.join(stream.dir, STATE_FILE), texts.state);
      stream.overlay = texts;
    } catch (error) {
      this.options.log.warn({ matchId: stream.matchId, line: stream.line, err: error }, 'live video: overlay not written');
    }
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
      if (this.streams.get(stream.key) === stream) this.streams.delete(stream.key);
      stream.relay.close();
      this.options.log.info({ matchId: stream.matchId, line: stream.line, reason, encoders: this.streams.size }, 'live video: encoder stopping');
      this.stopStream(stream);
    }
    return stream.done;
  }

  private stoppedError(stream: LiveStream): ApiError {
    const last = stream.stderr.filter((l) => !l.includes('Cannot use rename')).at(-1);
    return new ApiError(503, CODES.UNAVAILABLE, `media: the stream of match ${stream.matchId} line ${stream.line} stopped${last ? ` (${last.slice(0, 200)})` : ''}; try again`);
  }
}

export function createLiveStreams(options: LiveStreamsOptions): LiveStreams {
  return new LiveStreams(options);
}
