import fp from 'fastify-plugin';
import { AnchorDirectory } from '../live/anchors';
import { createSpecialRooms, type SpecialRooms } from '../live/specialRooms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Anchors and the matches their rooms are on, following the feed. */
    anchors: AnchorDirectory;
    specialRooms: SpecialRooms;
  }
}

/** The live side's shared services: the anchors' rooms and the members' special rooms. */
export const livePlugin = fp(
  async (app) => {
    app.decorate('anchors', new AnchorDirectory(app.feed));
    app.decorate('specialRooms', createSpecialRooms(app.db, app.clock));
  },
  { name: 'sport-pc-live', dependencies: ['sport-pc-core', 'sport-pc-feed'], fastify: '5.x' },
);
