import type { Kysely, Migration } from 'kysely';

/** Special rooms (spec 001 section 3): the exclusive and agent live rooms a member is granted. */
export function specialRooms(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('special_rooms')
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('live_room_id', 'bigint', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('special_rooms_pk', ['member_id', 'live_room_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('special_rooms').execute();
    },
  };
}
