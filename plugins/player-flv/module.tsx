import mpegts from 'mpegts.js';
import { useEffect, useRef } from 'react';
import { usePlugin } from '../../src/kernel/Slot';
import type { VideoPlayerModule, VideoPlayerProps } from '../../src/kernel/points';
import { playQuietly, watchPlayback, type PlaybackFailure } from '../../src/ui/matchDetail/media/playbackWatchdog';
import styles from './VideoPlayer.module.css';

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
export function VideoPlayer({ url, muted, onError, onPlaying }: VideoPlayerProps) {
  const { options } = usePlugin<FlvOptions>();
  const { lowLatency, stallTimeoutSeconds } = options;
  const element = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onError, onPlaying });
  useEffect(() => {
    callbacks.current = { onError, onPlaying };
  });

  useEffect(() => {
    if (element.current) element.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = element.current;
    if (!video) return undefined;
    const watchdog = watchPlayback(video, {
      stallSeconds: stallTimeoutSeconds,
      onPlaying: () => callbacks.current.onPlaying?.(),
      onError: (reason) => callbacks.current.onError(reason),
    });
    if (!canPlayLiveFlv()) {
      watchdog.fail('unsupported');
      return () => watchdog.dispose();
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
    try {
      player.attachMediaElement(video);
      player.load();
      playQuietly(() => player.play());
    } catch {
      watchdog.fail('media');
    }
    return () => {
      watchdog.dispose();
      try {
        player.destroy();
      } catch {
        // Destroying a player whose media source already failed may throw; nothing is left to release then.
      }
    };
  }, [url, lowLatency, stallTimeoutSeconds]);

  return <video ref={element} className={styles.video} muted={muted} autoPlay playsInline data-player="flv" />;
}

const flvPlayer: VideoPlayerModule = { VideoPlayer };
export default flvPlayer;
