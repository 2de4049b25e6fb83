import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { videoPoint, type VideoPlayerProps } from '../../src/sdk';
import { createKernelEvents, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../src/sdk/testing';
import plugin from './index';

interface FakePlayer {
  source: { type: string; isLive?: boolean; url?: string };
  config: Record<string, unknown>;
  handlers: Map<string, (...args: unknown[]) => void>;
  attachMediaElement: jest.Mock;
  load: jest.Mock;
  play: jest.Mock;
  destroy: jest.Mock;
}

jest.mock('mpegts.js', () => {
  const players: unknown[] = [];
  const api = {
    players,
    isSupported: () => true,
    getFeatureList: () => ({ mseLivePlayback: true }),
    Events: { ERROR: 'error' },
    ErrorTypes: { NETWORK_ERROR: 'NetworkError', MEDIA_ERROR: 'MediaError', OTHER_ERROR: 'OtherError' },
    ErrorDetails: { MEDIA_FORMAT_UNSUPPORTED: 'FormatUnsupported', MEDIA_CODEC_UNSUPPORTED: 'CodecUnsupported', MEDIA_MSE_ERROR: 'MediaMSEError' },
    LoggingControl: { applyConfig: () => undefined },
    createPlayer: (source: unknown, config: unknown) => {
      const handlers = new Map<string, (...args: unknown[]) => void>();
      const player = {
        source,
        config,
        handlers,
        on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
        attachMediaElement: jest.fn(),
        load: jest.fn(),
        play: jest.fn(() => Promise.resolve()),
        destroy: jest.fn(),
      };
      players.push(player);
      return player;
    },
  };
  return { __esModule: true, default: api };
});

// Imports run before this file's jest.mock (swc does not hoist it past them); the plugin's module is imported by its
// loader when the slot renders, after the mock is in place, so tests read the same mock through requireMock.
const fake = (jest.requireMock('mpegts.js') as { default: { players: FakePlayer[]; isSupported: () => boolean } }).default;

async function renderPlayer(props: Partial<VideoPlayerProps> & { url: string }, options: Record<string, unknown> = {}) {
  const plugins = loadPlugins({ plugins: [{ id: plugin.manifest.id, enabled: true, options }] }, registryOf(plugin));
  const onError = jest.fn<VideoPlayerProps['onError']>();
  const onPlaying = jest.fn();
  const ui = (url: string) => (
    <KernelProvider value={{ plugins, events: createKernelEvents(), services: provideServices() }}>
      <Slot point={videoPoint} select={{ format: 'flv' }} render={(m) => <m.VideoPlayer muted onError={onError} onPlaying={onPlaying} {...props} url={url} />} />
    </KernelProvider>
  );
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(ui(props.url));
  });
  return { ...result, onError, onPlaying, rerenderUrl: (url: string) => act(async () => result.rerender(ui(url))) };
}

afterEach(() => {
  fake.players.length = 0;
});

describe('player-flv VideoPlayer', () => {
  it('plays the url as live FLV on a muted inline video, chasing the live edge', async () => {
    const { container } = await renderPlayer({ url: 'http://media.test/media/live/7/1.flv' });
    expect(fake.players).toHaveLength(1);
    const player = fake.players[0]!;
    expect(player.source).toEqual({ type: 'flv', isLive: true, url: 'http://media.test/media/live/7/1.flv' });
    expect(player.config).toMatchObject({ isLive: true, liveBufferLatencyChasing: true, liveSync: true, enableStashBuffer: false });
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(player.attachMediaElement).toHaveBeenCalledWith(video);
    expect(player.load).toHaveBeenCalled();
    expect(player.play).toHaveBeenCalled();
  });

  it('keeps a normal buffer when lowLatency is off', async () => {
    await renderPlayer({ url: 'http://media.test/a.flv' }, { lowLatency: false });
    expect(fake.players[0]!.config).toMatchObject({ enableStashBuffer: true });
    expect(fake.players[0]!.config).not.toHaveProperty('liveBufferLatencyChasing');
  });

  it('reports playing frames, and a fatal error once with its kind', async () => {
    const { container, onError, onPlaying } = await renderPlayer({ url: 'http://media.test/a.flv' });
    act(() => {
      container.querySelector('video')!.dispatchEvent(new Event('playing'));
    });
    expect(onPlaying).toHaveBeenCalledTimes(1);
    const emit = fake.players[0]!.handlers.get('error')!;
    act(() => emit('NetworkError', 'HttpStatusCodeInvalid', { code: 404 }));
    act(() => emit('MediaError', 'MediaMSEError', {}));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith('network');
  });

  it('calls a codec the browser cannot decode unsupported, so the stage can fall back to HLS', async () => {
    const { onError } = await renderPlayer({ url: 'http://media.test/a.flv' });
    act(() => fake.players[0]!.handlers.get('error')!('MediaError', 'CodecUnsupported', {}));
    expect(onError).toHaveBeenCalledWith('unsupported');
  });

  it('says unsupported without creating a player where there are no Media Source Extensions', async () => {
    const supported = jest.spyOn(fake, 'isSupported').mockReturnValue(false);
    const { onError } = await renderPlayer({ url: 'http://media.test/a.flv' });
    expect(fake.players).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith('unsupported');
    supported.mockRestore();
  });

  it('destroys the player when the url changes and on unmount', async () => {
    const { unmount, rerenderUrl } = await renderPlayer({ url: 'http://media.test/1.flv' });
    const first = fake.players[0]!;
    await rerenderUrl('http://media.test/2.flv');
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expect(fake.players).toHaveLength(2);
    expect(fake.players[1]!.source.url).toBe('http://media.test/2.flv');
    unmount();
    expect(fake.players[1]!.destroy).toHaveBeenCalledTimes(1);
  });
});
