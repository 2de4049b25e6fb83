import { existsSync } from 'node:fs';
import type { Lang, MatchView } from '../feed';

/**
 * The test picture of a video line and the ffmpeg command that encodes it: a pitch with a
 * moving ball, the teams, score, period and clock of the match (from text files the platform
 * rewrites every second; drawtext re-reads them on every frame), and the line number.
 */

export interface Fonts {
  /** A font with CJK glyphs: the names are drawn in Chinese with it. */
  cjk?: string | undefined;
  /** A Latin font: the English names, when no CJK font is installed. */
  latin?: string | undefined;
}

const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
];

const LATIN_FONTS = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
];

/** The first installed font of each kind; either may be missing (the picture then streams without that text). */
export function findFonts(exists: (file: string) => boolean = existsSync): Fonts {
  return { cjk: CJK_FONTS.find(exists), latin: LATIN_FONTS.find(exists) };
}

/** The language of the names on the picture: Chinese when a CJK font can draw it, else English. */
export function pictureLang(fonts: Fonts): Lang {
  return fonts.cjk ? 'CMN' : 'ENG';
}

/** Font for the team and score text; the CJK font also has Latin glyphs. */
export function textFont(fonts: Fonts): string | undefined {
  return fonts.cjk ?? fonts.latin;
}

const MAX_NAME = 24;

/**
 * A name as one line of drawable text: no control or format characters (drawtext would draw them
 * as boxes, a newline would break the layout), whitespace collapsed, long names cut. Without a CJK
 * font only Latin letters survive, so nothing is drawn as missing-glyph boxes.
 */
export function sanitizeText(text: string, latinOnly: boolean, max = MAX_NAME): string {
  let clean = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (latinOnly) clean = clean.replace(/[^\u0020-\u024F]/g, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}${latinOnly ? '.' : '…'}` : clean;
}

function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export interface OverlayTexts {
  /** "Home  vs  Away". */
  teams: string;
  /** "2 - 1   2nd half 67:12". */
  state: string;
}

/** What the picture shows of a match now. */
export function overlayTexts(view: MatchView, lang: Lang): OverlayTexts {
  const latinOnly = lang !== 'CMN';
  const { homeName, awayName, homeScore, awayScore, matchPeriod, matchTime } = view.matchInfo;
  const home = sanitizeText(homeName, latinOnly) || 'Home';
  const away = sanitizeText(awayName, latinOnly) || 'Away';
  const period = sanitizeText(matchPeriod, latinOnly, 20);
  const clock = view.matchClock.type === 'none' ? '' : clockText(matchTime);
  return {
    teams: `${home}  vs  ${away}`,
    state: [`${homeScore} - ${awayScore}`, [period, clock].filter((p) => p !== '').join(' ')].filter((p) => p !== '').join('    '),
  };
}

/** Escapes a value for a filter option inside a filtergraph (ffmpeg-filters "Notes on filtergraph escaping": two levels). */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

export interface EncoderSettings {
  width: number;
  height: number;
  fps: number;
  segmentSeconds: number;
}

export interface EncoderInput extends EncoderSettings {
  line: number;
  fonts: Fonts;
  /** The text files (relative to the encoder's working directory). */
  teamsFile: string;
  stateFile: string;
}

/** A size given for a 360-pixel-high picture, scaled to the picture's height. */
export function scaled(height: number): (n: number) => number {
  return (n) => Math.max(1, Math.round((n * height) / 360));
}

/** Segments listed in the playlist; older ones are deleted. */
export const PLAYLIST_SEGMENTS = 5;

/** The lavfi graph of the picture, ending in [out0]. */
export function pictureGraph(input: EncoderInput): string {
  const { width: W, height: H, fps } = input;
  const px = scaled(H);
  const stripes = Array.from({ length: 4 }, (_, i) => `drawbox=x=${Math.round(((2 * i + 1) * W) / 8)}:y=0:w=${Math.round(W / 8)}:h=${H}:color=0x2a7330:t=fill`);
  const lines = [
    `drawbox=x=${px(8)}:y=${px(8)}:w=${W - 2 * px(8)}:h=${H - 2 * px(8)}:color=white@0.7:t=${px(3)}`,
    `drawbox=x=${Math.round(W / 2) - px(2)}:y=${px(8)}:w=${px(4)}:h=${H - 2 * px(8)}:color=white@0.7:t=fill`,
    `drawbox=x=${px(8)}:y=${Math.round(H * 0.3)}:w=${Math.round(W * 0.13)}:h=${Math.round(H * 0.4)}:color=white@0.7:t=${px(3)}`,
    `drawbox=x=${W - px(8) - Math.round(W * 0.13)}:y=${Math.round(H * 0.3)}:w=${Math.round(W * 0.13)}:h=${Math.round(H * 0.4)}:color=white@0.7:t=${px(3)}`,
    `drawbox=x=0:y=0:w=${W}:h=${px(84)}:color=black@0.55:t=fill`,
  ];
  const ball = px(12);
  const text: string[] = [];
  const font = textFont(input.fonts);
  if (font) {
    const common = `fontfile=${escapeFilterValue(font)}:reload=1:expansion=none:fontcolor=white:x=(w-text_w)/2`;
    text.push(`drawtext=${common}:textfile=${escapeFilterValue(input.teamsFile)}:fontsize=${px(24)}:y=${px(12)}`);
    text.push(`drawtext=${common}:textfile=${escapeFilterValue(input.stateFile)}:fontsize=${px(28)}:y=${px(44)}`);
  }
  const labelFont = input.fonts.latin ?? font;
  if (labelFont) {
    text.push(
      `drawtext=fontfile=${escapeFilterValue(labelFont)}:expansion=none:text=${escapeFilterValue(`Line ${input.line}`)}` +
        `:fontcolor=yellow:fontsize=${px(26)}:box=1:boxcolor=black@0.5:boxborderw=${px(6)}:x=w-text_w-${px(20)}:y=h-text_h-${px(20)}`,
    );
  }
  return [
    `color=c=0x2e7d32:s=${W}x${H}:r=${fps},${[...stripes, ...lines].join(',')}[pitch]`,
    `color=c=white:s=${ball}x${ball}:r=${fps}[ball]`,
    `[pitch][ball]overlay=x='(W-w)/2+${Math.round(W * 0.38)}*sin(t*0.7)':y='(H-h)/2+${Math.round(H * 0.22)}*sin(t*1.3)+${px(20)}':eval=frame${text.map((t) => `,${t}`).join('')}[out0]`,
  ].join(';');
}

/**
 * One encode per stream (`runId` prefixes the segment names, unique per encoder run so a cached segment of an
 * earlier run is never reused), muxed twice by the tee muxer: HLS files in the working directory and FLV
 * on stdout. Keyframes every second (so HLS cuts segments on whole seconds and an FLV joiner
 * waits at most a second); global headers so FLV gets its AVC sequence header (MPEG-TS repeats
 * SPS/PPS before each keyframe by itself).
 */
export function encoderArgs(input: EncoderSettings & { graph: string; runId: string }): string[] {
  const { fps, segmentSeconds, runId } = input;
  const hls = [
    'f=hls',
    `hls_time=${segmentSeconds}`,
    `hls_list_size=${PLAYLIST_SEGMENTS}`,
    'hls_flags=delete_segments',
    `hls_segment_filename=${runId}-%05d.ts`,
  ].join(':');
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    input.graph,
    '-map',
    '0:v',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-sc_threshold',
    '0',
    '-b:v',
    '600k',
    '-maxrate',
    '800k',
    '-bufsize',
    '800k',
    '-flags',
    '+global_header',
    '-f',
    'tee',
    `[${hls}]index.m3u8|[f=flv:flvflags=no_duration_filesize]pipe:1`,
  ];
}
