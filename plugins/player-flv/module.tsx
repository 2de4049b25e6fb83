import mpegts from 'mpegts.js';
import { useMemo } from 'react';
import { LiveVideo, playQuietly, usePlugin, type AttachStream, type PlaybackFailure, type VideoPlayerModule, type VideoPlayerProps } from '../../src/sdk';

interface FlvOptions extends Record<string, unknown> {
  lowLatency: boolean;
  stallTimeoutSeconds: number;
}

let loggingTamed = false;

/** mpegts.js logs every chunk at debug level by default; keep warnings and errors only. */
function tameLogging() {
  if (loggingTamed) return;
  loggingTamed = true;
  mpegts.LoggingControl?.applyConfig?.({ enableAll: false, enableDebug: false, enableVerbose: false, enableInfo: false, enableWarn: true, enableError: true });
}

function reasonOf(type: unknown, detail: unknown): PlaybackFailure {
  if (type === mpegts.ErrorTypes.NETWORK_ERROR) return 'network';
  if (detail === mpegts.ErrorDetails.MEDIA_FORMAT_UNSUPPORTED || detail === mpegts.ErrorDetails.MEDIA_CODEC_UNSUPPORTED) return 'unsupported';
  return 'media';
}

/** Whether this browser can play live FLV at all (Media Source Extensions with live streaming). */
function canPlayLiveFlv(): boolean {
  try {
    return mpegts.isSupported() && mpegts.getFeatureList().mseLivePlayback;
  } catch {
    return false;
  }
}

/**
 * A live FLV line with mpegts.js (flv.js's maintained successor). Low latency keeps the buffer small: playback speeds
 * up a little when it falls behind the edge and jumps ahead when it falls far behind, so the picture stays close to
 * the live odds.
 */
function attachFlv(lowLatency: boolean): AttachStream {
  return (video, url, watchdog) => {
    if (!canPlayLiveFlv()) {
      watchdog.fail('unsupported');
      return () => undefined;
    }
    tameLogging();
    const player = mpegts.createPlayer(
      { type: 'flv', isLive: true, url },
      {
        isLive: true,
        lazyLoad: false,
        autoCleanupSourceBuffer: true,
        enableStashBuffer: !lowLatency,
        ...(lowLatency
          ? {
              stashInitialSize: 128,
              liveSync: true,
              liveSyncTargetLatency: 1,
              liveSyncMaxLatency: 1.8,
              liveSyncPlaybackRate: 1.15,
              liveBufferLatencyChasing: true,
              liveBufferLatencyMaxLatency: 4,
              liveBufferLatencyMinRemain: 0.6,
            }
          : {}),
      },
    );
    player.on(mpegts.Events.ERROR, (type: unknown, detail: unknown) => watchdog.fail(reasonOf(type, detail)));
    const stop = () => player.destroy();
    try {
      player.attachMediaElement(video);
      player.load();
      playQuietly(() => player.play());
    } catch {
      watchdog.fail('media');
    }
    return stop;
  };
}

export function VideoPlayer(props: VideoPlayerProps) {
  const { options } = usePlugin<FlvOptions>();
  const attach = useMemo(() => attachFlv(options.lowLatency), [options.lowLatency]);
  return <LiveVideo {...props} format="flv" stallSeconds={options.stallTimeoutSeconds} attach={attach} />;
}

const flvPlayer: VideoPlayerModule = { VideoPlayer };
export default flvPlayer;
