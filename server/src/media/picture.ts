/**
 * The test picture of a video line and the ffmpeg command that encodes it: a pitch with a moving ball and the line
 * number as a tally of marks. The picture carries no text (issue 31): names, score and clock were burnt in one
 * language whatever the viewer's; the app draws them over the video in the viewer's language instead
 * (src/features/match/StageOverlay.tsx), from the match and room it already holds.
 */

export interface EncoderSettings {
  width: number;
  height: number;
  fps: number;
  segmentSeconds: number;
}

export interface EncoderInput extends EncoderSettings {
  line: number;
}

/** A size given for a 360-pixel-high picture, scaled to the picture's height. */
export function scaled(height: number): (n: number) => number {
  return (n) => Math.max(1, Math.round((n * height) / 360));
}

/** Segments listed in the playlist; older ones are deleted. */
export const PLAYLIST_SEGMENTS = 5;

/** The line number as marks in the bottom-right corner: line 3 is three bars, told apart without a word. */
function lineTally(line: number, W: number, H: number, px: (n: number) => number): string[] {
  const bar = { w: px(8), h: px(28), gap: px(6) };
  const count = Math.max(1, Math.min(line, 9));
  const x0 = W - px(20) - count * bar.w - (count - 1) * bar.gap;
  const y = H - px(20) - bar.h;
  return Array.from({ length: count }, (_, i) => `drawbox=x=${x0 + i * (bar.w + bar.gap)}:y=${y}:w=${bar.w}:h=${bar.h}:color=yellow:t=fill`);
}

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
    ...lineTally(input.line, W, H, px),
  ];
  const ball = px(12);
  return [
    `color=c=0x2e7d32:s=${W}x${H}:r=${fps},${[...stripes, ...lines].join(',')}[pitch]`,
    `color=c=white:s=${ball}x${ball}:r=${fps}[ball]`,
    `[pitch][ball]overlay=x='(W-w)/2+${Math.round(W * 0.38)}*sin(t*0.7)':y='(H-h)/2+${Math.round(H * 0.22)}*sin(t*1.3)+${px(20)}':eval=frame[out0]`,
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
