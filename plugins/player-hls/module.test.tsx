import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { videoPoint, type VideoPlayerProps } from '../../src/sdk';
import { createKernelEvents, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../src/sdk/testing';
import plugin from './index';

interface FakeHls {
  config: Record<string, unknown>;
  handlers: Map<string, (event: string, data: unknown) => void>;
  loadSource: jest.Mock;
  attachMedia: jest.Mock;
  recoverMediaError: jest.Mock;
  destroy: jest.Mock;
}

jest.mock('hls.js', () => {
  const instances: unknown[] = [];
  class Hls {
    static instances = instances;
    static supported = true;
    static isSupported = () => Hls.supported;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
    handlers = new Map<string, (event: string, data: unknown) => void>();
    loadSource = jest.fn();
    attachMedia = jest.fn();
    recoverMediaError = jest.fn();
    destroy = jest.fn();
    constructor(public config: Record<string, unknown>) {
      instances.push(this);
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.handlers.set(event, handler);
    }
  }
  return { __esModule: true, default: Hls };
});

// Imports run before this file's jest.mock (swc does not hoist it past them); the plugin's module is imported by its
// loader when the slot renders, after the mock is in place, so tests read the same mock through requireMock.
const Hls = (jest.requireMock('hls.js') as { default: { instances: FakeHls[]; supported: boolean } }).default;

async function renderPlayer(url: string, options: Record<string, unknown> = {}) {
  const plugins = loadPlugins({ plugins: [{ id: plugin.manifest.id, enabled: true, options }] }, registryOf(plugin));
  const onError = jest.fn<VideoPlayerProps['onError']>();
  const onPlaying = jest.fn();
  const ui = (src: string) => (
    <KernelProvider value={{ plugins, events: createKernelEvents(), services: provideServices() }}>
      <Slot point={videoPoint} select={{ format: 'hls' }} render={(m) => <m.VideoPlayer url={src} muted onError={onError} onPlaying={onPlaying} />} />
    </KernelProvider>
  );
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(ui(url));
  });
  return { ...result, onError, onPlaying, rerenderUrl: (src: string) => act(async () => result.rerender(ui(src))) };
}

const fatal = (type: string) => ({ type, details: 'x', fatal: true });

afterEach(() => {
  Hls.instances.length = 0;
  Hls.supported = true;
});

describe('player-hls VideoPlayer', () => {
  it('loads the url with live-sync settings into a muted inline video', async () => {
    const { container } = await renderPlayer('http://media.test/media/live/7/1/index.m3u8');
    expect(Hls.instances).toHaveLength(1);
    const hls = Hls.instances[0]!;
    expect(hls.config).toMatchObject({ lowLatencyMode: true, liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 4 });
    expect(hls.loadSource).toHaveBeenCalledWith('http://media.test/media/live/7/1/index.m3u8');
    const video = container.querySelector('video')!;
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
  });

  it('keeps hls.js defaults for the live edge when lowLatency is off', async () => {
    await renderPlayer('http://media.test/a.m3u8', { lowLatency: false });
    expect(Hls.instances[0]!.config).not.toHaveProperty('liveSyncDurationCount');
  });

  it('ignores non-fatal errors and reports a fatal network error', async () => {
    const { onError } = await renderPlayer('http://media.test/a.m3u8');
    const emit = Hls.instances[0]!.handlers.get('hlsError')!;
    act(() => emit('hlsError', { type: 'networkError', details: 'fragLoadError', fatal: false }));
    expect(onError).not.toHaveBeenCalled();
    act(() => emit('hlsError', fatal('networkError')));
    expect(onError).toHaveBeenCalledWith('network');
  });

  it('tries one media recovery before reporting a fatal media error', async () => {
    const { onError } = await renderPlayer('http://media.test/a.m3u8');
    const hls = Hls.instances[0]!;
    const emit = hls.handlers.get('hlsError')!;
    act(() => emit('hlsError', fatal('mediaError')));
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    act(() => emit('hlsError', fatal('mediaError')));
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('media');
  });

  it('reports playing frames', async () => {
    const { container, onPlaying } = await renderPlayer('http://media.test/a.m3u8');
    act(() => {
      container.querySelector('video')!.dispatchEvent(new Event('playing'));
    });
    expect(onPlaying).toHaveBeenCalledTimes(1);
  });

  it('says unsupported where neither hls.js nor the browser can play HLS', async () => {
    Hls.supported = false;
    const { onError } = await renderPlayer('http://media.test/a.m3u8');
    expect(Hls.instances).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith('unsupported');
  });

  it('destroys hls.js when the url changes and on unmount', async () => {
    const { unmount, rerenderUrl } = await renderPlayer('http://media.test/1.m3u8');
    const first = Hls.instances[0]!;
    await rerenderUrl('http://media.test/2.m3u8');
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expect(Hls.instances[1]!.loadSource).toHaveBeenCalledWith('http://media.test/2.m3u8');
    unmount();
    expect(Hls.instances[1]!.destroy).toHaveBeenCalledTimes(1);
  });
});
