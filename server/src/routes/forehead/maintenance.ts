import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceQuery, maintenanceSchema, maintenanceUpdateRequestSchema, OPERATOR_TOKEN_HEADER, operatorHeaders } from '../../../../contract/forehead';
import { PushChannel, type MaintenancePush } from '../../../../contract/push';
import { errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { requireOperator } from '../../http/requireOperator';

/** The push channel the flag is published on; the app subscribes to it for as long as it is mounted. */
export const MAINTENANCE_CHANNEL = PushChannel.maintenance;

export { OPERATOR_TOKEN_HEADER };

export interface MaintenanceOptions {
  /** env OPERATOR_TOKEN; undefined: operator routes are switched off and refuse every call. */
  operatorToken: string | undefined;
}

/**
 * The platform's maintenance flag (the spec's "Maintenance notice"; path not shown, so it sits with the system config
 * routes). Anyone reads it; only an operator holding OPERATOR_TOKEN sets it. It is kept in the database (platform_flags),
 * so every instance answers the same and it holds across restarts until the operator clears it (docs/operations.md).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<MaintenanceOptions> = async (app, { operatorToken }) => {
  const FLAG = 'maintenance';
  const read = async () => ((await app.db.selectFrom('platform_flags').select('value').where('name', '=', FLAG).executeTakeFirst())?.value ?? 0) === 1;

  app.get(
    '/system/config/maintenance',
    {
      schema: {
        summary: 'Whether the platform is under maintenance',
        description: `No auth: the app reads it at start and then follows the push channel "${MAINTENANCE_CHANNEL}".`,
        tags: ['forehead: system'],
        querystring: maintenanceQuery,
        response: foreheadResponses(maintenanceSchema),
      },
    },
    async () => ok({ underMaintenance: await read() }),
  );

  app.put(
    '/system/config/maintenance',
    {
      schema: {
        summary: 'Operator: switch the maintenance flag on or off',
        description:
          `Operators only: send the token of env OPERATOR_TOKEN in the ${OPERATOR_TOKEN_HEADER} header (401 without it, ` +
          '403 with another token or when OPERATOR_TOKEN is unset). The new value is published on the push channel ' +
          `"${MAINTENANCE_CHANNEL}" as { underMaintenance }.`,
        tags: ['forehead: system'],
        headers: operatorHeaders,
        body: maintenanceUpdateRequestSchema,
        response: { ...foreheadResponses(maintenanceSchema, { auth: true }), 403: errorEnvelope },
      },
      // Before the body is validated: a caller without the credential learns nothing about the input it expects.
      onRequest: requireOperator(operatorToken),
    },
    async (request) => {
      const { underMaintenance } = request.body;
      const row = { name: FLAG, value: underMaintenance ? 1 : 0, updated_at: app.clock.now() };
      await app.db
        .insertInto('platform_flags')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
        .execute();
      request.log.info({ underMaintenance }, 'maintenance flag set by an operator');
      app.pushHub.publish(MAINTENANCE_CHANNEL, { underMaintenance } satisfies MaintenancePush);
      return ok({ underMaintenance });
    },
  );
};
