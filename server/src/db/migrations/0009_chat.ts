import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * The chat (spec 001 sections 3, 6 and 7): messages kept so a restart loses nothing acknowledged, the short-lived
 * chat tokens (hashed, like sessions), mutes, blocked rooms, reports (one per member and message) and uploaded images.
 */
export function chat(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(driver, db.schema.createTable('chat_messages'))
        .addColumn('room_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // 0 for the platform's own messages (auto, act).
        .addColumn('member_id', 'integer', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('vip_level', 'integer', (c) => c.notNull())
        .addColumn('title_id', 'integer')
        .addColumn('user_type', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('image_file', 'text')
        .addColumn('reply_to', 'bigint')
        .addColumn('order_json', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .addColumn('deleted_by', 'integer')
        .execute();
      await db.schema.createIndex('chat_messages_room').on('chat_messages').columns(['room_id', 'id']).execute();

      await db.schema
        .createTable('chat_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_tokens_expiry').on('chat_tokens').column('expires_at').execute();

      await withIdColumn(driver, db.schema.createTable('chat_bans'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        // 0: every room (an operator's mute); otherwise the room an agent muted the member in.
        .addColumn('room_id', 'bigint', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_bans_member').on('chat_bans').columns(['member_id', 'room_id']).execute();

      await db.schema
        .createTable('chat_rooms')
        .addColumn('room_id', 'bigint', (c) => c.primaryKey())
        .addColumn('blocked', 'integer', (c) => c.notNull())
        .addColumn('modified_by', 'integer', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();

      await withIdColumn(driver, db.schema.createTable('chat_reports'))
        .addColumn('message_id', 'bigint', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('cate_id', 'integer', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_reports_once').unique().on('chat_reports').columns(['member_id', 'message_id']).execute();

      await db.schema
        .createTable('chat_images')
        .addColumn('file', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['chat_images', 'chat_reports', 'chat_rooms', 'chat_bans', 'chat_tokens', 'chat_messages']) await db.schema.dropTable(table).execute();
    },
  };
}
