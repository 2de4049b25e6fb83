import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/**
 * The live rooms' economy (spec 001 sections 2-4): the member's coins in the room header, the gift shop and the gifts
 * every viewer sees on the stage, red-envelope rain, live and answer lotteries with their votes, win list and marquee.
 */
export default defineManifest({
  id: 'gifts-lotteries',
  i18nNs: 'gifts-lotteries',
  options: z.strictObject({}),
  extensions: [
    { id: 'header', point: 'liveRoom.header' },
    { id: 'overlay', point: 'liveRoom.overlay' },
  ],
});
