import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { watchPlayback } from './playbackWatchdog';

describe('watchPlayback', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const setup = () => {
    const video = document.createElement('video');
    const onPlaying = jest.fn();
    const onError = jest.fn();
    const watchdog = watchPlayback(video, { stallSeconds: 10, onPlaying, onError });
    return { video, onPlaying, onError, watchdog };
  };

  it('gives the first frame twice the stall time, then reports a network failure', () => {
    const { onError } = setup();
    jest.advanceTimersByTime(19_999);
    expect(onError).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onError).toHaveBeenCalledWith('network');
  });

  it('reports a stall that does not recover within the stall time, once', () => {
    const { video, onPlaying, onError } = setup();
    video.dispatchEvent(new Event('playing'));
    expect(onPlaying).toHaveBeenCalledTimes(1);
    video.dispatchEvent(new Event('waiting'));
    jest.advanceTimersByTime(9_000);
    video.dispatchEvent(new Event('playing'));
    jest.advanceTimersByTime(5_000);
    expect(onError).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('waiting'));
    jest.advanceTimersByTime(10_000);
    expect(onError).toHaveBeenCalledTimes(1);
    video.dispatchEvent(new Event('playing'));
    expect(onPlaying).toHaveBeenCalledTimes(2);
  });

  it('reports nothing after dispose', () => {
    const { video, onPlaying, onError, watchdog } = setup();
    watchdog.dispose();
    video.dispatchEvent(new Event('playing'));
    jest.advanceTimersByTime(60_000);
    watchdog.fail('media');
    expect(onPlaying).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
