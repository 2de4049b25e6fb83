import { useEffect, useRef } from 'react';
import type { VideoFormat, VideoPlayerProps } from '../points';
import { watchPlayback, type PlaybackWatchdog } from './playbackWatchdog';
import styles from './LiveVideo.module.css';

/**
 * Starts a stream's library on the video element; answers how to stop it. Failures go to the watchdog, which also
 * notices a picture that stalls. Its identity is part of the playback's: a new function restarts the stream.
 */
export type AttachStream = (video: HTMLVideoElement, url: string, watchdog: PlaybackWatchdog) => () => void;

interface LiveVideoProps extends VideoPlayerProps {
  format: VideoFormat;
  stallSeconds: number;
  attach: AttachStream;
}

/**
 * The frame every video player plugin shares: the element, the mute switch, the watchdog and the clean-up when the
 * line, the URL or the player's options change. A plugin brings only its library's `attach`.
 */
export function LiveVideo({ url, muted, onError, onPlaying, format, stallSeconds, attach }: LiveVideoProps) {
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
      stallSeconds,
      onPlaying: () => callbacks.current.onPlaying?.(),
      onError: (reason) => callbacks.current.onError(reason),
    });
    let stop: () => void = () => undefined;
    try {
      stop = attach(video, url, watchdog);
    } catch {
      watchdog.fail('media');
    }
    return () => {
      watchdog.dispose();
      try {
        stop();
      } catch {
        // Tearing down a player whose media already failed may throw; nothing is left to release then.
      }
    };
  }, [url, stallSeconds, attach]);

  return <video ref={element} className={styles.video} muted={muted} autoPlay playsInline data-player={format} />;
}
