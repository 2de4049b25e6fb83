import type { AnchorMediaData } from '../../../../contract/media';
import type { VideoFormat } from '../points';

/** One video line of a match: its number (1-5) and its stream per format, absolute on the media host. */
export interface VideoLine {
  line: number;
  /** Stream URL per format: `flv` from the answer's `pc`, `hls` from its `h5`. */
  urls: Partial<Record<VideoFormat, string>>;
}

export interface MatchMediaSources {
  /** Lines in order of their number, at most five. */
  videos: VideoLine[];
  /** The animation (match tracker) URL for desktop, when the match has one. */
  animation?: string;
}

/** A live room's anchor stream: its lines (none while the room waits or once it ended) and the room's state. */
export interface AnchorStream {
  /** 0 waiting, 1 living, 2 ended (spec 001 section 4). */
  liveStatus: number;
  lines: VideoLine[];
}

export const MAX_LINES = 5;

/** Desktop prefers FLV (lower delay); HLS is the fallback when the FLV player is off or cannot play here. */
export const FORMAT_PREFERENCE: readonly VideoFormat[] = ['flv', 'hls'];

const FIELD_OF: Record<VideoFormat, 'pc' | 'h5'> = { flv: 'pc', hls: 'h5' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * A media path as an absolute URL on the media host. Paths join the service's base URL the way axios joins a call's
 * path (so a base with a path prefix keeps it); a relative base resolves against the page.
 */
export function resolveMediaUrl(path: string, baseURL: string | undefined, page: string = globalThis.location?.href ?? 'http://localhost/'): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  if (path.startsWith('//')) return new URL(path, page).href;
  const base = baseURL ? baseURL.replace(/\/+$/, '') : '';
  return new URL(`${base}/${path.replace(/^\/+/, '')}`, page).href;
}

function sourceUrls(source: unknown, resolve: (path: string) => string): Partial<Record<VideoFormat, string>> {
  const urls: Partial<Record<VideoFormat, string>> = {};
  if (!isRecord(source)) return urls;
  for (const format of FORMAT_PREFERENCE) {
    const path = text(source[FIELD_OF[format]]);
    if (path) urls[format] = resolve(path);
  }
  return urls;
}

/** The spec's numbered form: `videoSource1: { "<matchId>": { pc, h5 } }` (any key when the id does not match). */
function keyedSource(data: Record<string, unknown>, key: string, matchId: number): unknown {
  const keyed = data[key];
  if (!isRecord(keyed)) return undefined;
  return keyed[String(matchId)] ?? Object.values(keyed)[0];
}

/**
 * Reads the media call's answer (already unwrapped from the envelope by the http client): the `videos` and
 * `animations` lists the platform sends, or, from a service that only sends the spec's numbered sources,
 * `videoSource1-5` and `animateSource1-2`. Anything malformed is left out rather than failing the stage.
 */
export function parseMatchMedia(data: unknown, matchId: number, resolve: (path: string) => string): MatchMediaSources {
  if (!isRecord(data)) return { videos: [] };
  const videos = readLines(
    Array.isArray(data.videos)
      ? data.videos.map((v: unknown) => ({ line: isRecord(v) ? Number(v.line) : NaN, source: v }))
      : Array.from({ length: MAX_LINES }, (_, i) => ({ line: i + 1, source: keyedSource(data, `videoSource${i + 1}`, matchId) })),
    resolve,
  );

  const animationSources: unknown[] = Array.isArray(data.animations)
    ? data.animations
    : [keyedSource(data, 'animateSource1', matchId), keyedSource(data, 'animateSource2', matchId)];
  let animation: string | undefined;
  for (const source of animationSources) {
    if (!isRecord(source)) continue;
    const path = text(source.pc) ?? text(source.h5);
    if (path) {
      animation = resolve(path);
      break;
    }
  }
  return animation === undefined ? { videos } : { videos, animation };
}

/** Numbered lines 1-5 with at least one stream each, in order; a repeated or out-of-range number is left out. */
function readLines(entries: readonly { line: number; source: unknown }[], resolve: (path: string) => string): VideoLine[] {
  const byLine = new Map<number, VideoLine>();
  for (const { line, source } of entries) {
    if (!Number.isInteger(line) || line < 1 || line > MAX_LINES || byLine.has(line)) continue;
    const urls = sourceUrls(source, resolve);
    if (Object.keys(urls).length > 0) byLine.set(line, { line, urls });
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/**
 * Reads the anchor stream answer (GET /media/anchor/web): the room's state and its lines, read like a match's video
 * lines (`pc` FLV, `h5` HLS). Anything malformed is left out; an answer that is not one reads as a waiting room.
 */
export function parseAnchorMedia(data: unknown, resolve: (path: string) => string): AnchorStream {
  if (!isRecord(data)) return { liveStatus: 0, lines: [] };
  const answer = data as Partial<Record<keyof AnchorMediaData, unknown>>;
  const sources: unknown[] = Array.isArray(answer.sources) ? answer.sources : [];
  return {
    liveStatus: typeof answer.liveStatus === 'number' ? answer.liveStatus : 0,
    lines: readLines(
      sources.map((v) => ({ line: isRecord(v) ? Number(v.line) : NaN, source: v })),
      resolve,
    ),
  };
}

/** The format and URL a line plays with: the first preferred format with a player, a URL, and not refused here. */
export function playableSource(
  line: VideoLine,
  players: ReadonlySet<VideoFormat>,
  unsupported: ReadonlySet<VideoFormat>,
): { format: VideoFormat; url: string } | undefined {
  for (const format of FORMAT_PREFERENCE) {
    const url = line.urls[format];
    if (url && players.has(format) && !unsupported.has(format)) return { format, url };
  }
  return undefined;
}

/** The line offered after `line` fails: the next one up, wrapping round; none when the match has one line. */
export function nextLine(videos: readonly VideoLine[], line: number): number | undefined {
  if (videos.length < 2) return undefined;
  const index = videos.findIndex((v) => v.line === line);
  return videos[(index + 1) % videos.length]!.line;
}

/** Spec 001 section 2: the play modes video, animation and anchor. */
export type MediaMode = 'video' | 'animation' | 'anchor';

export interface ModeContext {
  media: MatchMediaSources;
  /** Formats an enabled video player plugin plays. */
  players: ReadonlySet<VideoFormat>;
  /** Whether an enabled animation plugin draws this match's sport. */
  animationPlayer: boolean;
  /** A live room's anchor stream, on the room's stage only. */
  anchor?: AnchorStream | undefined;
}

const playable = (lines: readonly VideoLine[], players: ReadonlySet<VideoFormat>) => lines.some((v) => FORMAT_PREFERENCE.some((f) => v.urls[f] && players.has(f)));

/**
 * The stage's modes in the order they are offered, the spec's. The anchor mode is there on a live room's stage, also
 * while the room waits or after it ended (it says so), since the room is about its anchor.
 */
export const MEDIA_MODES: readonly { id: MediaMode; available(context: ModeContext): boolean }[] = [
  { id: 'video', available: ({ media, players }) => playable(media.videos, players) },
  { id: 'animation', available: ({ media, animationPlayer }) => media.animation !== undefined && animationPlayer },
  { id: 'anchor', available: ({ anchor }) => anchor !== undefined },
];

export function availableModes(context: ModeContext): MediaMode[] {
  return MEDIA_MODES.filter((mode) => mode.available(context)).map((mode) => mode.id);
}

/** The mode shown until the member picks one: a room's anchor, else the first offered (video before animation). */
export function defaultMode(modes: readonly MediaMode[]): MediaMode | undefined {
  return modes.includes('anchor') ? 'anchor' : modes[0];
}
