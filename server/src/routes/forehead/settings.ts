import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { core } from 'zod/mini';
import { formatPath } from '../../../../contract/issues';
import { cfgGetQuerySchema, cfgSetBodySchema, userConfigSchema, userConfigUpdateSchema } from '../../../../contract/settings';
import { ApiError, CODES, foreheadResponses, ok } from '../../http/envelope';
import { currentMember, requireMember } from '../../http/requireMember';
import { lockKeys } from '../../db/locks';
import { readUserConfig, writeUserConfig } from '../../members/settings';

/** "body.jsonStr.handicap: expected ...": the field inside jsonStr named as a path from the body. */
function jsonStrMessage(issues: readonly core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const inner = formatPath(issue.path, '');
      return `body.jsonStr${inner === '' || inner.startsWith('[') ? '' : '.'}${inner}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * The member's settings on the platform (spec 001 section 7 "User settings"): only their own, found by the session,
 * never by a uid in the request. docs/api.md "Member settings".
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });

  app.get(
    '/system/cfg/get',
    {
      onRequest: member,
      schema: {
        summary: "The member's settings (collect=UserConfig)",
        description: 'Every field filled: defaults (Europe, better only, acceptList four zeros, goal push on) where the member set nothing.',
        tags: ['forehead: settings'],
        querystring: cfgGetQuerySchema,
        response: foreheadResponses(userConfigSchema, { auth: true }),
      },
    },
    async (request) => ok(await readUserConfig(app.db, currentMember(request).memberId)),
  );

  app.post(
    '/system/cfg/set',
    {
      onRequest: member,
      schema: {
        summary: "Changes the member's settings: jsonStr names the fields to replace",
        description:
          'jsonStr is JSON text of { handicap?, accept?, acceptList?, push_event?, event_sort?, uid?, setup?, ' +
          'showSettingChangableTip? }; fields not named stay as stored, setup merges per merchant. Malformed JSON, an ' +
          'unknown field, a value out of range or another member\'s uid answers 400 (4001) naming the field, and nothing ' +
          'is stored. Answers the settings as stored now.',
        tags: ['forehead: settings'],
        body: cfgSetBodySchema,
        response: foreheadResponses(userConfigSchema, { auth: true }),
      },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      let json: unknown;
      try {
        json = JSON.parse(request.body.jsonStr);
      } catch {
        throw new ApiError(400, CODES.INVALID_INPUT, 'body.jsonStr: expected JSON text of an object, e.g. {"handicap":2}');
      }
      const parsed = userConfigUpdateSchema.safeParse(json);
      if (!parsed.success) throw new ApiError(400, CODES.INVALID_INPUT, jsonStrMessage(parsed.error.issues));
      const { uid, ...update } = parsed.data;
      if (uid !== undefined && uid !== memberId) {
        throw new ApiError(400, CODES.INVALID_INPUT, `body.jsonStr.uid: expected your own uid ${memberId}, got ${uid}`);
      }
      // Read, merge and write in one transaction: two updates arriving together each keep the other's fields.
      return ok(
        await app.db.transaction().execute(async (trx) => {
          // Read, merge, write: the member's settings are held until commit, so two saves at once both land.
          await lockKeys(trx, [`member:${memberId}:settings`]);
          return writeUserConfig(trx, memberId, update, app.clock.now());
        }),
      );
    },
  );
};
