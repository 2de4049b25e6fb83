import fp from 'fastify-plugin';
import { createLiveStreams, type LiveStreams, type LiveStreamsOptions } from './streams';

declare module 'fastify' {
  interface FastifyInstance {
    /** The on-demand live test streams of the feed's video lines and the anchors' rooms (routes/media/live.ts and anchor.ts serve them). */
    liveStreams: LiveStreams;
  }
}

export type MediaPluginOptions = Partial<Pick<LiveStreamsOptions, 'ffmpegPath' | 'workDir' | 'tickMs'>> & {
  /**
   * The end-to-end run (TEST_CONTROLS): every test's browser comes from 127.0.0.1, so one address stands for many
   * viewers and its share is the whole cap.
   */
  oneAddressManyViewers?: boolean;
};

/**
 * The live video encoders, on the platform clock and config/platform.json `media`. Encoders are
 * stopped before the server stops listening (an FLV reply is endless, so the server would wait for it) and
 * again on close, so no ffmpeg outlives the app.
 */
export const mediaPlugin = fp<MediaPluginOptions>(
  async (app, opts) => {
    const { oneAddressManyViewers, ...options } = opts;
    const media = app.platformConfig.media;
    const streams = createLiveStreams({
      ...options,
      clock: app.clock,
      settings: oneAddressManyViewers ? { ...media, maxEncodersPerClient: Math.max(1, media.maxEncoders) } : media,
      log: app.log,
    });
    app.decorate('liveStreams', streams);
    app.addHook('onReady', async () => streams.start());
    app.addHook('preClose', async () => streams.close());
    app.addHook('onClose', async () => streams.close());
  },
  { name: 'sport-pc-media', dependencies: ['sport-pc-core', 'sport-pc-feed'], fastify: '5.x' },
);
