import type { VideoPlayerProps } from '../points';

export type PlaybackFailure = Parameters<VideoPlayerProps['onError']>[0];

export interface PlaybackWatchdog {
  /** Reports a failure once; later failures and `playing` events of the same stream are ignored. */
  fail(reason: PlaybackFailure): void;
  /** Stops watching (unmount or a new url): nothing is reported after this. */
  dispose(): void;
}

export interface WatchOptions {
  /** Seconds a stall may last before it counts as a failure; the first frame gets twice as long. */
  stallSeconds: number;
  onPlaying(): void;
  onError(reason: PlaybackFailure): void;
}

/**
 * What every video player plugin does around its library: tells the stage when frames show (`playing`, also after
 * a stall), and turns a stream that does not start or stalls for good into one `network` failure. The first frame
 * gets twice the stall time because the platform may start a line's encoder only when someone asks for it.
 */
export function watchPlayback(video: HTMLVideoElement, { stallSeconds, onPlaying, onError }: WatchOptions): PlaybackWatchdog {
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const unwatch = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const watch = (seconds: number) => {
    if (timer === undefined && !finished) timer = setTimeout(() => fail('network'), seconds * 1000);
  };
  const fail = (reason: PlaybackFailure) => {
    if (finished) return;
    finished = true;
    unwatch();
    onError(reason);
  };
  const playing = () => {
    unwatch();
    if (!finished) onPlaying();
  };
  const stalled = () => watch(stallSeconds);
  // Some browsers send `stalled` while frames keep coming (and then no `playing`): progress clears the watch too.
  let lastTime = video.currentTime;
  const progressed = () => {
    if (video.currentTime === lastTime) return;
    lastTime = video.currentTime;
    if (timer !== undefined && !finished && !video.paused) unwatch();
  };

  video.addEventListener('playing', playing);
  video.addEventListener('waiting', stalled);
  video.addEventListener('stalled', stalled);
  video.addEventListener('timeupdate', progressed);
  watch(stallSeconds * 2);

  return {
    fail,
    dispose() {
      finished = true;
      unwatch();
      video.removeEventListener('playing', playing);
      video.removeEventListener('waiting', stalled);
      video.removeEventListener('stalled', stalled);
      video.removeEventListener('timeupdate', progressed);
    },
  };
}

/** Starts playback; a refused autoplay is left to the watchdog (the stage then offers Retry, a user gesture). */
export function playQuietly(play: () => Promise<void> | void): void {
  try {
    const result = play();
    if (result && typeof result.catch === 'function') result.catch(() => undefined);
  } catch {
    // Old players throw synchronously when the element is gone; the watchdog reports a stream that never plays.
  }
}
