import Hls, { type HlsConfig } from 'hls.js';
import { useMemo } from 'react';
import { LiveVideo, playQuietly, usePlugin, type AttachStream, type PlaybackWatchdog, type VideoPlayerModule, type VideoPlayerProps } from '../../src/sdk';

interface HlsOptions extends Record<string, unknown> {
  lowLatency: boolean;
  stallTimeoutSeconds: number;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * With 2 s segments hls.js's defaults sit about 8 s behind the edge. Low latency starts two segments from the
 * edge, speeds playback up to catch up rather than jumping, and treats more than four segments behind as too late.
 */
function configOf(lowLatency: boolean): Partial<HlsConfig> {
  const base: Partial<HlsConfig> = { enableWorker: true, backBufferLength: 30, liveDurationInfinity: true };
  if (!lowLatency) return base;
  return { ...base, lowLatencyMode: true, liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 4, maxLiveSyncPlaybackRate: 1.2 };
}

function playWithHlsJs(video: HTMLVideoElement, url: string, lowLatency: boolean, watchdog: PlaybackWatchdog): () => void {
  const hls = new Hls(configOf(lowLatency));
  let mediaRecoveryTried = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // A decode error is often cured by re-creating the media source once; a second one, or anything else, is final.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecoveryTried) {
      mediaRecoveryTried = true;
      hls.recoverMediaError();
      return;
    }
    watchdog.fail(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => playQuietly(() => video.play()));
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

/** Safari plays HLS itself (and some iPads have no Media Source Extensions). */
function playNatively(video: HTMLVideoElement, url: string, watchdog: PlaybackWatchdog): () => void {
  const failed = () => watchdog.fail(video.error?.code === 4 ? 'unsupported' : 'media');
  video.addEventListener('error', failed);
  video.src = url;
  playQuietly(() => video.play());
  return () => {
    video.removeEventListener('error', failed);
    video.removeAttribute('src');
    video.load();
  };
}

/** A live HLS line with hls.js where Media Source Extensions exist, else the browser's own HLS. */
function attachHls(lowLatency: boolean): AttachStream {
  return (video, url, watchdog) => {
    if (Hls.isSupported()) return playWithHlsJs(video, url, lowLatency, watchdog);
    if (video.canPlayType(HLS_MIME) !== '') return playNatively(video, url, watchdog);
    watchdog.fail('unsupported');
    return () => undefined;
  };
}

export function VideoPlayer(props: VideoPlayerProps) {
  const { options } = usePlugin<HlsOptions>();
  const attach = useMemo(() => attachHls(options.lowLatency), [options.lowLatency]);
  return <LiveVideo {...props} format="hls" stallSeconds={options.stallTimeoutSeconds} attach={attach} />;
}

const hlsPlayer: VideoPlayerModule = { VideoPlayer };
export default hlsPlayer;
