import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorHeaders } from '../../../../contract/forehead';
import {
  advanceClockRequestSchema,
  claimedMatchSchema,
  claimedRoomSchema,
  claimMatchRequestSchema,
  claimRoomRequestSchema,
  clockSchema,
  finishedEventSchema,
  finishEventRequestSchema,
  marketSetSchema,
  playedSchema,
  playMatchRequestSchema,
  setMarketRequestSchema,
  TEST_CONTROL_PATHS,
  testMemberRequestSchema,
  testMemberSchema,
} from '../../../../contract/testControls';
import { FeedEngine } from '../../feed';
import { errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { requireOperator } from '../../http/requireOperator';
import { addNoStore } from '../../http/securityHeaders';
import { createTestControls } from '../../testControls/controls';

/**
 * The /__test/ routes (TEST_CONTROLS=1 only: app.ts registers this plugin nowhere else). Each needs the operator token;
 * none is in /openapi.json (`hide`), since they are no part of the product's API: docs/api.md "Test controls".
 */
export const testControlRoutes: FastifyPluginAsyncZod<{ operatorToken: string | undefined }> = async (app, { operatorToken }) => {
  if (!(app.feed instanceof FeedEngine)) throw new Error('TEST_CONTROLS needs the platform\'s own feed engine');
  const controls = createTestControls(app, app.feed.scenario());
  const responses = <T extends Parameters<typeof foreheadResponses>[0]>(data: T) => ({ ...foreheadResponses(data, { auth: true }), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope });
  const common = { onRequest: requireOperator(operatorToken), onSend: addNoStore } as const;
  const schema = { hide: true, tags: ['test controls'], headers: operatorHeaders } as const;

  app.post(TEST_CONTROL_PATHS.members, { ...common, schema: { ...schema, summary: 'A fresh member, signed in', body: testMemberRequestSchema, response: responses(testMemberSchema) } }, async (request) =>
    ok(await controls.newMember(request.body)),
  );
  app.post(TEST_CONTROL_PATHS.claimMatch, { ...common, schema: { ...schema, summary: 'A match of the caller\'s own', body: claimMatchRequestSchema, response: responses(claimedMatchSchema) } }, async (request) =>
    ok(await controls.claimMatch(request.body)),
  );
  app.post(TEST_CONTROL_PATHS.playMatch, { ...common, schema: { ...schema, summary: 'Play a claimed match to a point', body: playMatchRequestSchema, response: responses(playedSchema) } }, async (request) =>
    ok(await controls.play(request.body)),
  );
  app.post(TEST_CONTROL_PATHS.setMarket, { ...common, schema: { ...schema, summary: 'Set a market\'s odds or status', body: setMarketRequestSchema, response: responses(marketSetSchema) } }, async (request) =>
    ok(await controls.setMarket(request.body)),
  );
  app.post(TEST_CONTROL_PATHS.claimRoom, { ...common, schema: { ...schema, summary: 'A live room of the caller\'s own', body: claimRoomRequestSchema, response: responses(claimedRoomSchema) } }, async (request) =>
    ok(await controls.claimRoom(request.body)),
  );
  app.post(TEST_CONTROL_PATHS.finishEvent, { ...common, schema: { ...schema, summary: 'Finish a room event now', body: finishEventRequestSchema, response: responses(finishedEventSchema) } }, async (request) =>
    ok(await controls.finishEvent(request.body.recordId)),
  );
  app.post(TEST_CONTROL_PATHS.advanceClock, { ...common, schema: { ...schema, summary: 'Move the whole simulated clock', body: advanceClockRequestSchema, response: responses(clockSchema) } }, async (request) =>
    ok(await controls.advanceClock(request.body.ms)),
  );
};
