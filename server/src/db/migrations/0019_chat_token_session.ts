import type { Kysely, Migration } from 'kysely';

/**
 * A chat token belongs to the session that asked for it (issue 29): a sign-out or an expired session then refuses the
 * token and closes the sockets it opened. Tokens issued before this have no session (null) and last their own few
 * minutes, as before.
 */
export function chatTokenSession(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_tokens').addColumn('session_hash', 'text').execute();
      await db.schema.createIndex('chat_tokens_session').on('chat_tokens').column('session_hash').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chat_tokens_session').execute();
      await db.schema.alterTable('chat_tokens').dropColumn('session_hash').execute();
    },
  };
}
