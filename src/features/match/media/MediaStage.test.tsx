import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createKernelEvents, KernelProvider, loadPlugins, provideServices } from '../../../kernel';
import { testPlugin } from '../../../testing/testPlugin';
import { httpRef } from '../../../core/ui/services';
import { animationFieldPoint, animationPoint, videoPoint, type AnimationProps, type VideoFormat, type VideoPlayerProps } from '../points';
import { fakeHttp } from '../../../testing/fakeEnv';
import { createTestI18n } from '../../../testing/i18n';
import { anchorMediaSchema } from '../../../../contract/media';
import { fakeAnswer } from '../../../testing/contractFakes';
import { MediaStage } from './MediaStage';
import type { StageCaption } from './StreamCaption';

/** The props each fake player was last rendered with, and how often each format's player mounted. */
const players: { format: VideoFormat; props: VideoPlayerProps }[] = [];
const mounts: string[] = [];

function fakePlayer(format: VideoFormat) {
  return function FakePlayer(props: VideoPlayerProps) {
    players.push({ format, props });
    // Logged once per mount: the stage remounts a player for a new url or a retry.
    useMountLog(`${format} ${props.url}`);
    return <div data-testid="video-player" data-format={format} data-url={props.url} />;
  };
}

function useMountLog(entry: string) {
  useEffect(() => {
    mounts.push(entry);
  }, []);
}

function FakeAnimation({ url, matchId, sportId, field }: AnimationProps) {
  return <div data-testid="animation" data-url={url} data-match={matchId} data-sport={sportId} data-field={field} />;
}

const manifests = [
  testPlugin({ id: 'player-flv', point: videoPoint, match: { formats: ['flv'] }, loader: async () => ({ default: { VideoPlayer: fakePlayer('flv') } }) }),
  testPlugin({ id: 'player-hls', point: videoPoint, match: { formats: ['hls'] }, loader: async () => ({ default: { VideoPlayer: fakePlayer('hls') } }) }),
  testPlugin({ id: 'player-animation', point: animationPoint, match: { sportIds: [] }, loader: async () => ({ default: { Animation: FakeAnimation } }) }),
  // A sport plugin saying how its sport's field looks (a declaration: never loaded).
  testPlugin({ id: 'sport-demo', point: animationFieldPoint, match: { sportIds: [1], field: 'football' }, loader: async () => ({ default: {} }) }),
];
const registry = new Map(manifests.map((m) => [m.manifest.id, m]));
const ALL = manifests.map((m) => m.manifest.id);

const line = (n: number) => ({ line: n, pc: `/media/live/101/${n}.flv`, h5: `/media/live/101/${n}/index.m3u8` });
const ANSWER = { matchId: 101, videos: [line(1), line(2), line(3)], animations: [{ pc: '/media/animation/101', h5: '/media/animation/101?h5' }] };

async function setup({ answer = ANSWER as unknown, enabled = ALL, fail = false, ended = false }: { answer?: unknown; enabled?: string[]; fail?: boolean; ended?: boolean } = {}) {
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces(['common', 'media']);
  const http = fakeHttp();
  Object.assign(http.media, { defaults: { baseURL: 'http://media.test' } });
  if (fail) http.media.get.mockRejectedValueOnce(new Error('offline'));
  http.media.get.mockResolvedValue(answer);
  const plugins = loadPlugins({ plugins: ALL.map((id) => ({ id, enabled: enabled.includes(id), options: {} })) }, registry);
  const ui = (matchEnded: boolean) => (
    <I18nextProvider i18n={i18n}>
      <KernelProvider value={{ plugins, events: createKernelEvents(), services: provideServices([httpRef, http as never]) }}>
        <MediaStage matchId={101} sportId={1} matchEnded={matchEnded} />
      </KernelProvider>
    </I18nextProvider>
  );
  let rerender!: (next: React.ReactElement) => void;
  await act(async () => {
    ({ rerender } = render(ui(ended)));
  });
  return { http, end: () => act(async () => rerender(ui(true))) };
}

/**
 * A keyboard-or-mouse activation (focus, then click) inside an awaited act: a click that renders a plugin for the first
 * time suspends until its code loads, which React settles only in an awaited act.
 */
const click = (element: HTMLElement) =>
  act(async () => {
    element.focus();
    fireEvent.click(element);
  });
const lastPlayer = () => players[players.length - 1]!;
const playerElement = () => screen.findByTestId('video-player');

afterEach(() => {
  players.length = 0;
  mounts.length = 0;
});

describe('<MediaStage>', () => {
  it('asks the media host for the match, and shows video on line 1 with the FLV player by default', async () => {
    const { http } = await setup();
    expect(http.media.get).toHaveBeenCalledWith('/media/video/web', expect.objectContaining({ params: { matchId: 101 } }));
    const player = await playerElement();
    expect(player).toHaveAttribute('data-format', 'flv');
    expect(player).toHaveAttribute('data-url', 'http://media.test/media/live/101/1.flv');
    expect(lastPlayer().props.muted).toBe(true);

    const modes = screen.getByRole('group', { name: 'Watch' });
    expect(within(modes).getByRole('button', { name: 'Live video' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(modes).getByRole('button', { name: 'Animation' })).toHaveAttribute('aria-pressed', 'false');
    const lines = within(screen.getByRole('group', { name: 'Line' })).getAllByRole('button');
    expect(lines.map((b) => b.getAttribute('aria-label'))).toEqual(['Line 1', 'Line 2', 'Line 3']);
    expect(lines.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });

  it('takes the player down and says the match has ended at full time, instead of a frozen last frame', async () => {
    const { end } = await setup();
    await playerElement();
    act(() => lastPlayer().props.onPlaying?.());
    await end();
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The match has ended');
    expect(screen.queryByRole('group', { name: 'Line' })).toBeNull();
    expect(screen.queryByRole('button', { name: /sound/i })).toBeNull();
    // The animation is over too.
    await click(screen.getByRole('button', { name: 'Animation' }));
    expect(screen.queryByTestId('animation')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The match has ended');
  });

  it('mounts no player for a match opened after it ended', async () => {
    await setup({ ended: true });
    expect(await screen.findByText('The match has ended')).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(mounts).toEqual([]);
  });

  it('shows loading until the player says it is playing', async () => {
    await setup();
    await playerElement();
    expect(screen.getByRole('status')).toHaveTextContent('Loading line 1…');
    act(() => lastPlayer().props.onPlaying?.());
    expect(screen.queryByText('Loading line 1…')).toBeNull();
  });

  it('defaults to the animation when the match has no video lines, and switches modes on request', async () => {
    await setup({ answer: { ...ANSWER, videos: [] } });
    const animation = await screen.findByTestId('animation');
    expect(animation).toHaveAttribute('data-url', 'http://media.test/media/animation/101');
    expect(animation).toHaveAttribute('data-match', '101');
    expect(animation).toHaveAttribute('data-sport', '1');
    expect(animation).toHaveAttribute('data-field', 'football');
    expect(screen.queryByRole('button', { name: 'Live video' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Line' })).toBeNull();
  });

  it('switches between video and animation with the mode buttons', async () => {
    await setup();
    await playerElement();
    await act(async () => lastPlayer().props.onPlaying?.());
    await click(screen.getByRole('button', { name: 'Animation' }));
    expect(await screen.findByTestId('animation')).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
    await click(screen.getByRole('button', { name: 'Live video' }));
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/1.flv');
    expect(screen.getByRole('status')).toHaveTextContent('Loading line 1…');
  });

  it('plays the chosen line', async () => {
    await setup();
    await playerElement();
    await click(screen.getByRole('button', { name: 'Line 2' }));
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/2.flv');
    expect(screen.getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Line 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Loading line 2…');
  });

  it('says which line failed and offers the next line and Retry', async () => {
    await setup();
    await playerElement();
    await act(async () => lastPlayer().props.onError('network'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Line 1 failed to play.');
    expect(screen.queryByTestId('video-player')).toBeNull();

    await click(within(alert).getByRole('button', { name: 'Try line 2' }));
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/2.flv');

    await act(async () => lastPlayer().props.onError('media'));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 2 failed to play.');
    mounts.length = 0;
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/2.flv');
    expect(mounts).toEqual(['flv http://media.test/media/live/101/2.flv']);
  });

  it('offers line 1 again after the last line fails, and only Retry for a single line', async () => {
    await setup({ answer: { ...ANSWER, videos: [line(1)] } });
    await playerElement();
    await act(async () => lastPlayer().props.onError('network'));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 1 failed to play.');
    expect(screen.queryByRole('button', { name: /Try line/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('plays the HLS url with the HLS player when the FLV player is switched off', async () => {
    await setup({ enabled: ['player-hls', 'player-animation'] });
    const player = await playerElement();
    expect(player).toHaveAttribute('data-format', 'hls');
    expect(player).toHaveAttribute('data-url', 'http://media.test/media/live/101/1/index.m3u8');
  });

  it('falls back to HLS when the browser cannot play FLV', async () => {
    await setup();
    await playerElement();
    await act(async () => lastPlayer().props.onError('unsupported'));
    const player = await playerElement();
    expect(player).toHaveAttribute('data-format', 'hls');
    expect(player).toHaveAttribute('data-url', 'http://media.test/media/live/101/1/index.m3u8');
    expect(screen.queryByRole('alert')).toBeNull();
    // The fallback holds for the other lines too.
    await click(screen.getByRole('button', { name: 'Line 3' }));
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/3/index.m3u8');
  });

  it('says the browser cannot play the video when no format is left', async () => {
    await setup({ enabled: ['player-flv'] });
    await playerElement();
    await act(async () => lastPlayer().props.onError('unsupported'));
    expect(screen.getByRole('alert')).toHaveTextContent('This browser cannot play this video.');
  });

  it('says so when the match has no video or animation', async () => {
    await setup({ answer: { matchId: 101, videos: [], animations: [] } });
    expect(await screen.findByText('No video or animation for this match.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Watch' })).toBeNull();
  });

  it('treats video without an enabled player, and animation without an animation plugin, as absent', async () => {
    await setup({ enabled: [] });
    expect(await screen.findByText('No video or animation for this match.')).toBeInTheDocument();
  });

  it('reads the spec’s numbered sources when the answer has no lists', async () => {
    await setup({ answer: { matchId: 101, videoSource2: { 101: { pc: '/v/2.flv', h5: '/v/2.m3u8' } }, animateSource1: { 101: { pc: '/a/101', h5: '/a/101' } } } });
    expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/v/2.flv');
    expect(screen.getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a failed media call with a Retry that asks again', async () => {
    const { http } = await setup({ fail: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The video and animation could not be loaded.');
    await click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await playerElement()).toBeInTheDocument();
    expect(http.media.get).toHaveBeenCalledTimes(2);
  });

  describe('full screen', () => {
    const proto = HTMLElement.prototype as { requestFullscreen?: unknown };
    const original = proto.requestFullscreen;
    afterEach(() => {
      proto.requestFullscreen = original;
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
      delete (document as { exitFullscreen?: unknown }).exitFullscreen;
    });

    it('puts the stage in full screen, follows the browser’s state, and leaves with the button or Escape', async () => {
      const request = jest.fn(async function (this: HTMLElement) {
        Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: this });
        document.dispatchEvent(new Event('fullscreenchange'));
      });
      const exit = jest.fn(async () => {
        Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
        document.dispatchEvent(new Event('fullscreenchange'));
      });
      proto.requestFullscreen = request;
      Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
      await setup();
      await playerElement();
      const stage = screen.getByRole('region', { name: 'Live video and animation' });

      await click(screen.getByRole('button', { name: 'Full screen' }));
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.contexts[0]).toBe(stage);
      const exitButton = await screen.findByRole('button', { name: 'Exit full screen' });
      expect(exitButton).toHaveAttribute('aria-pressed', 'true');

      await click(exitButton);
      expect(exit).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');

      await click(screen.getByRole('button', { name: 'Full screen' }));
      await screen.findByRole('button', { name: 'Exit full screen' });
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? stage, { key: 'Escape' });
      });
      expect(exit).toHaveBeenCalledTimes(2);
      expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument();
    });

    it('has no full-screen button where the browser has no full screen', async () => {
      proto.requestFullscreen = undefined;
      await setup();
      await playerElement();
      expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
    });
  });

  it('opens the cast-to-screen guide and closes it', async () => {
    await setup();
    await playerElement();
    const opener = screen.getByRole('button', { name: 'Cast to screen' });
    await click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Cast to a TV or screen' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(dialog).toHaveTextContent('Cast tab');
    expect(dialog).toHaveTextContent('Windows + K');
    await click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('mutes by default and turns the sound on for the player', async () => {
    await setup();
    await playerElement();
    await click(screen.getByRole('button', { name: 'Sound on' }));
    expect(lastPlayer().props.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  });

  describe("a live room's stage", () => {
    const anchorLine = (n: number) => ({ line: n, pc: `/media/anchor/8001/${n}.flv`, h5: `/media/anchor/8001/${n}/index.m3u8` });
    const room = (liveStatus: number, lines: number[]) => fakeAnswer(anchorMediaSchema, { liveRoomId: 8001, matchId: 101, liveStatus, sources: lines.map(anchorLine) });

    async function roomStage({ anchor = room(1, [1, 2]) as unknown, status = 1, caption = undefined as StageCaption | undefined, language = 'en' as Parameters<typeof createTestI18n>[0] } = {}) {
      const i18n = await createTestI18n(language);
      await i18n.loadNamespaces(['common', 'media']);
      const http = fakeHttp();
      Object.assign(http.media, { defaults: { baseURL: 'http://media.test' } });
      const answers = { anchor };
      http.media.get.mockImplementation(async (url: string) => (url === '/media/anchor/web' ? answers.anchor : ANSWER));
      const plugins = loadPlugins({ plugins: ALL.map((id) => ({ id, enabled: true, options: {} })) }, registry);
      const ui = (roomStatus: number) => (
        <I18nextProvider i18n={i18n}>
          <KernelProvider value={{ plugins, events: createKernelEvents(), services: provideServices([httpRef, http as never]) }}>
            <MediaStage matchId={101} sportId={1} liveRoomId={8001} roomStatus={roomStatus} overlay={<p>barrage</p>} caption={caption} />
          </KernelProvider>
        </I18nextProvider>
      );
      let rerender!: (next: React.ReactElement) => void;
      await act(async () => {
        ({ rerender } = render(ui(status)));
      });
      return { http, answers, rerender: (roomStatus: number) => act(async () => rerender(ui(roomStatus))) };
    }

    it("plays the room's anchor stream first, line by line, beside the match's video and animation", async () => {
      const { http } = await roomStage();
      expect(http.media.get).toHaveBeenCalledWith('/media/anchor/web', expect.objectContaining({ params: { liveRoomId: 8001 } }));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/1.flv');
      const modes = within(screen.getByRole('group', { name: 'Watch' })).getAllByRole('button');
      expect(modes.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
        ['Live video', 'false'],
        ['Animation', 'false'],
        ['Live host', 'true'],
      ]);
      const lines = within(screen.getByRole('group', { name: 'Line' })).getAllByRole('button');
      expect(lines.map((b) => b.getAttribute('aria-label'))).toEqual(['Line 1', 'Line 2']);
      await click(screen.getByRole('button', { name: 'Line 2' }));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/2.flv');

      // Each mode starts on its own first line.
      await click(screen.getByRole('button', { name: 'Live video' }));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/1.flv');
      await click(screen.getByRole('button', { name: 'Live host' }));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/1.flv');
      // Full screen and casting are the stage's own, in every mode.
      expect(screen.getByRole('button', { name: 'Cast to screen' })).toBeInTheDocument();
    });

    it('falls back to HLS for the anchor when the browser cannot play FLV', async () => {
      await roomStage();
      await playerElement();
      await act(async () => lastPlayer().props.onError('unsupported'));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/1/index.m3u8');
    });

    it('says the host has not started while the room waits, and plays once the room goes live', async () => {
      const { answers, rerender } = await roomStage({ anchor: room(0, []), status: 0 });
      expect(await screen.findByText('The host has not started yet: the stream begins with the match.')).toBeInTheDocument();
      expect(screen.queryByTestId('video-player')).toBeNull();
      answers.anchor = room(1, [1]);
      await rerender(1);
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/1.flv');
    });

    it("keeps playing the anchor's stream after the match ends (the room is the host's own), but not the match video", async () => {
      const i18n = await createTestI18n('en');
      await i18n.loadNamespaces(['common', 'media']);
      const http = fakeHttp();
      Object.assign(http.media, { defaults: { baseURL: 'http://media.test' } });
      http.media.get.mockImplementation(async (url: string) => (url === '/media/anchor/web' ? room(1, [1]) : ANSWER));
      const plugins = loadPlugins({ plugins: ALL.map((id) => ({ id, enabled: true, options: {} })) }, registry);
      await act(async () => {
        render(
          <I18nextProvider i18n={i18n}>
            <KernelProvider value={{ plugins, events: createKernelEvents(), services: provideServices([httpRef, http as never]) }}>
              <MediaStage matchId={101} sportId={1} liveRoomId={8001} roomStatus={1} matchEnded />
            </KernelProvider>
          </I18nextProvider>,
        );
      });
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/anchor/8001/1.flv');
      await click(screen.getByRole('button', { name: 'Live video' }));
      expect(screen.queryByTestId('video-player')).toBeNull();
      expect(screen.getByText('The match has ended')).toBeInTheDocument();
    });

    it('says when the live has ended', async () => {
      await roomStage({ anchor: room(2, []), status: 2 });
      expect(await screen.findByText('This live has ended.')).toBeInTheDocument();
    });

    it("draws the anchor's name, the teams and the score over a playing stream, as text, in the viewer's language (issue 31)", async () => {
      const caption = { anchor: '<img src=x onerror="window.__xss=1">Ann', home: 'Arsenal', away: 'Chelsea', homeScore: 2, awayScore: 1 };
      await roomStage({ caption });
      await playerElement();
      const drawn = within(screen.getByTestId('stream-caption'));
      expect(drawn.getByText(caption.anchor)).toBeInTheDocument();
      expect(drawn.getByText('Arsenal')).toBeInTheDocument();
      expect(drawn.getByText('2 - 1')).toBeInTheDocument();
      expect(screen.getByTestId('stream-caption').querySelector('img')).toBeNull();
      // Over the match's video too; the animation draws its own names.
      await click(screen.getByRole('button', { name: 'Live video' }));
      expect(await playerElement()).toHaveAttribute('data-url', 'http://media.test/media/live/101/1.flv');
      expect(screen.getByTestId('stream-caption')).toBeInTheDocument();
      await click(screen.getByRole('button', { name: 'Animation' }));
      expect(screen.queryByTestId('stream-caption')).toBeNull();
    });

    it('words the caption in the chosen language and draws none while the room waits', async () => {
      const { rerender, answers } = await roomStage({ anchor: room(0, []), status: 0, language: 'zh-CN', caption: { anchor: '小美', home: '阿森纳', away: '切尔西' } });
      await act(async () => {});
      expect(screen.queryByTestId('video-player')).toBeNull();
      expect(screen.queryByTestId('stream-caption')).toBeNull();
      answers.anchor = room(1, [1]);
      await rerender(1);
      await playerElement();
      const drawn = within(screen.getByTestId('stream-caption'));
      expect(drawn.getByText('小美')).toBeInTheDocument();
      // No score before the match has one: "对" (vs) in Chinese.
      expect(drawn.getByText('对')).toBeInTheDocument();
    });

    it("draws the room's overlay over the picture", async () => {
      await roomStage();
      const stage = screen.getByRole('region', { name: 'Live video and animation' });
      expect(within(stage).getByText('barrage')).toBeInTheDocument();
    });
  });
});
