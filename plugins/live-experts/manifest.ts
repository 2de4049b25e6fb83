import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/**
 * Expert (tipster) program messages: the live room's program tab (the room's match's messages) and a screen of its own
 * with the expert list, an expert's detail, the messages with their comments and paid unlock, the member's comments,
 * the experts they follow and the god list (spec 001 sections 2-5); and the banker detail with its game jump.
 */
export default defineManifest({
  id: 'live-experts',
  i18nNs: 'experts',
  options: z.strictObject({}),
  extensions: [
    { id: 'program', point: 'liveRoom.tab', match: { tab: 'program' } },
    { id: 'screen', point: 'app.screen', match: { screen: 'experts', listed: true } },
    // The banker detail (spec 001 sections 3 and 7) rides in this plugin rather than one of its own: a plugin costs
    // the initial bundle about 0.5 KB (its manifest, binding and chunk names), an extension a few dozen bytes.
    { id: 'banker', point: 'app.screen', match: { screen: 'banker', listed: true } },
  ],
});
