import type { Kysely, Migration } from 'kysely';

/**
 * Slow mode (issue 31): a room's agents set the seconds a member waits between two messages. The send checks the
 * member's last message in the room, so that look-up gets an index of its own (a busy room's messages by member).
 */
export function chatSlowMode(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chat_rooms').addColumn('slow_seconds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('chat_messages_member_room').on('chat_messages').columns(['member_id', 'room_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chat_messages_member_room').execute();
      await db.schema.alterTable('chat_rooms').dropColumn('slow_seconds').execute();
    },
  };
}
