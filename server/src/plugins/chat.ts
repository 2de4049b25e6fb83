import fp from 'fastify-plugin';
import { createImageStore } from '../chat/images';
import { createChat, type ChatService } from '../chat/service';
import { createChatSockets, type ChatSockets } from '../chat/socket';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat rooms, messages, rules, moderation, reports and images (server/src/chat). */
    chat: ChatService;
    chatSockets: ChatSockets;
  }
}

/** How often images nobody posted are looked for (real time; how old they must be is config). */
const UNPOSTED_SWEEP_MS = 5 * 60_000;

/** The chat's shared services; its images live under `<dataDir>/chat-images`. */
export const chatPlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const chat = createChat({
      db: app.db,
      clock: app.clock,
      config: app.platformConfig,
      anchors: app.anchors,
      specialRooms: app.specialRooms,
      hub: app.pushHub,
      images: createImageStore(dataDir),
      limits: app.limitStore,
    });
    app.decorate('chat', chat);
    // Before the hub closes its sockets (preClose): what waits for its fan-out window still goes out.
    app.addHook('preClose', async () => chat.flushAll());
    // Images uploaded and never posted go after chat.imageUploads.unpostedMinutes: swept every few minutes.
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        chat.purgeUnposted().catch((error: unknown) => app.log.warn({ err: error }, 'chat: unposted images not swept'));
      }, UNPOSTED_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweep));
    // Member sockets die with their session (issue 29): a sign-out here closes them at once (routes/forehead/user.ts),
    // one elsewhere or an expiry at the next recheck.
    let recheck: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      recheck = setInterval(() => {
        app.chatSockets.recheck().catch((error: unknown) => app.log.warn({ err: error }, 'chat: session recheck failed'));
      }, app.platformConfig.chat.sessionRecheckSeconds * 1000);
      recheck.unref();
    });
    app.addHook('onClose', async () => clearInterval(recheck));
    const { maxConnectionsPerMember, maxVisitorConnectionsPerAddress } = app.platformConfig.chat;
    app.decorate(
      'chatSockets',
      createChatSockets({
        chat,
        hub: app.pushHub,
        clock: app.clock,
        log: app.log,
        limits: { perMember: maxConnectionsPerMember, visitorsPerAddress: maxVisitorConnectionsPerAddress },
        frames: { store: app.limitStore, ...app.platformConfig.chat.frameLimits },
      }),
    );
  },
  { name: 'sport-pc-chat', dependencies: ['sport-pc-core', 'sport-pc-live'], fastify: '5.x' },
);
