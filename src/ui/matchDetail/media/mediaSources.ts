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

export const MAX_LINES = 5;

/** The route of the media host's "match video web" call (spec 000 section 7). */
export const MEDIA_PATH = '/media/video/web';

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
  const videoEntries: { line: number; source: unknown }[] = Array.isArray(data.videos)
    ? data.videos.map((v: unknown) => ({ line: isRecord(v) ? Number(v.line) : NaN, source: v }))
    : Array.from({ length: MAX_LINES }, (_, i) => ({ line: i + 1, source: keyedSource(data, `videoSource${i + 1}`, matchId) }));

  const byLine = new Map<number, VideoLine>();
  for (const { line, source } of videoEntries) {
    if (!Number.isInteger(line) || line < 1 || line > MAX_LINES || byLine.has(line)) continue;
    const urls = sourceUrls(source, resolve);
    if (Object.keys(urls).length > 0) byLine.set(line, { line, urls });
  }
  const videos = [...byLine.values()].sort((a, b) => a.line - b.line);

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

export type MediaMode = 'video' | 'animation';

export interface ModeContext {
  media: MatchMediaSources;
  /** Formats an enabled video player plugin plays. */
  players: ReadonlySet<VideoFormat>;
  /** Whether an enabled animation plugin draws this match's sport. */
  animationPlayer: boolean;
}

/**
 * The stage's modes in the order they are offered and preferred as the default. Data-driven so the anchor mode (a
 * live room's stream) is one more entry when live rooms arrive.
 */
export const MEDIA_MODES: readonly { id: MediaMode; available(context: ModeContext): boolean }[] = [
  { id: 'video', available: ({ media, players }) => media.videos.some((v) => FORMAT_PREFERENCE.some((f) => v.urls[f] && players.has(f))) },
  { id: 'animation', available: ({ media, animationPlayer }) => media.animation !== undefined && animationPlayer },
];

export function availableModes(context: ModeContext): MediaMode[] {
  return MEDIA_MODES.filter((mode) => mode.available(context)).map((mode) => mode.id);
}
