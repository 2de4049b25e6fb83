import type { Kysely, Migration } from 'kysely';

/**
 * The platform's chat lines (a gift sent, an answer lottery's question) were stored as one sentence in the room's
 * language, so every viewer read that language and a switch changed nothing (issue 28). They are stored as data now,
 * which the app words in each viewer's language. Rows stored before keep their sentence in `text` and show it as is.
 */
export function chatNotices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_messages').addColumn('notice_json', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_messages').dropColumn('notice_json').execute();
    },
  };
}
