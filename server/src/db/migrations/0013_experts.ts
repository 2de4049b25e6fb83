import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * Experts (issue 18, docs/api.md "Experts, banker, banners, customer service"): the program messages experts publish
 * on the feed's matches and their picks, reads, purchases (paid unlock), follows, comments with likes and reports, and
 * the customer-service news with its read state. The experts themselves are a roster in code (server/src/experts);
 * their records are computed from the settled messages here. The unique ledger indexes make a second charge of one
 * purchase or a second refund of it impossible, whatever the code does.
 */
export function experts(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(driver, db.schema.createTable('expert_messages'))
        .addColumn('professor_id', 'integer', (c) => c.notNull())
        .addColumn('betting_type', 'integer', (c) => c.notNull())
        /** The first match's id: with professor_id, what makes publishing the same tip twice impossible. */
        .addColumn('lead_match_id', 'bigint', (c) => c.notNull())
        .addColumn('sport_id', 'integer', (c) => c.notNull())
        .addColumn('gold_price_minor', 'bigint', (c) => c.notNull())
        .addColumn('open_back_gold', 'integer', (c) => c.notNull())
        .addColumn('return_percent', 'integer', (c) => c.notNull())
        .addColumn('is_tripartite', 'integer', (c) => c.notNull())
        /** The analysis and the tag in every language, JSON ({ "CMN": ..., ... }), written when published. */
        .addColumn('content_json', 'text', (c) => c.notNull())
        .addColumn('tag_json', 'text', (c) => c.notNull())
        .addColumn('publish_time', 'bigint', (c) => c.notNull())
        .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('result', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('yield_rate', 'text')
        .addColumn('settled_at', 'bigint')
        .execute();
      await db.schema.createIndex('expert_messages_tip_idx').on('expert_messages').columns(['professor_id', 'lead_match_id']).unique().execute();
      await db.schema.createIndex('expert_messages_list_idx').on('expert_messages').columns(['result', 'publish_time']).execute();

      await db.schema
        .createTable('expert_picks')
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('expert_messages.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('sport_id', 'integer', (c) => c.notNull())
        .addColumn('begin_time', 'bigint', (c) => c.notNull())
        /** League and team names in every language, JSON: the feed forgets a match some days after it ends. */
        .addColumn('names_json', 'text', (c) => c.notNull())
        .addColumn('market_id', 'bigint', (c) => c.notNull())
        .addColumn('market_kind', 'text', (c) => c.notNull())
        .addColumn('line', 'text')
        .addColumn('option_type', 'text', (c) => c.notNull())
        .addColumn('odds', 'text', (c) => c.notNull())
        .addColumn('outcome', 'integer')
        .addColumn('home_score', 'integer')
        .addColumn('away_score', 'integer')
        .addPrimaryKeyConstraint('expert_picks_pk', ['message_id', 'seq'])
        .execute();
      await db.schema.createIndex('expert_picks_match_idx').on('expert_picks').columns(['match_id']).execute();

      await db.schema
        .createTable('expert_message_reads')
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('expert_messages.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('expert_message_reads_pk', ['message_id', 'member_id'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('expert_purchases'))
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('expert_messages.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('price_minor', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addColumn('refund_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded_at', 'bigint')
        .execute();
      await db.schema.createIndex('expert_purchases_key_idx').on('expert_purchases').columns(['message_id', 'member_id']).unique().execute();
      await db.schema.createIndex('expert_purchases_member_idx').on('expert_purchases').columns(['member_id']).execute();
      await sql`CREATE UNIQUE INDEX ledger_expert_idx ON ledger (kind, ref_type, ref_id) WHERE kind IN ('expert_message', 'expert_refund')`.execute(db);

      await db.schema
        .createTable('expert_follows')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('professor_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('expert_follows_pk', ['member_id', 'professor_id'])
        .execute();
      await db.schema.createIndex('expert_follows_professor_idx').on('expert_follows').columns(['professor_id']).execute();

      await withIdColumn(driver, db.schema.createTable('expert_comments'))
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('expert_messages.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        /** 0 for a comment; the top comment for a reply (replies are one level deep). */
        .addColumn('parent_id', 'bigint', (c) => c.notNull())
        /** The reply replied to, when a reply answers another reply. */
        .addColumn('reply_to_id', 'bigint')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('expert_comments_message_idx').on('expert_comments').columns(['message_id', 'parent_id', 'id']).execute();
      await db.schema.createIndex('expert_comments_member_idx').on('expert_comments').columns(['member_id', 'id']).execute();

      await db.schema
        .createTable('expert_comment_likes')
        .addColumn('comment_id', 'bigint', (c) => c.notNull().references('expert_comments.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('expert_comment_likes_pk', ['comment_id', 'member_id'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('expert_comment_reports'))
        .addColumn('comment_id', 'bigint', (c) => c.notNull().references('expert_comments.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('cate_id', 'integer', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('expert_comment_reports_key_idx').on('expert_comment_reports').columns(['comment_id', 'member_id']).unique().execute();

      await withIdColumn(driver, db.schema.createTable('service_news'))
        /** 0: a notice to everyone; else the member the message is for. */
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        /** What the item says (texts in code, server/src/experts/news.ts) and why it exists: unique per member. */
        .addColumn('news_key', 'text', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('publish_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('service_news_key_idx').on('service_news').columns(['member_id', 'news_key']).unique().execute();

      await db.schema
        .createTable('service_news_reads')
        .addColumn('news_id', 'bigint', (c) => c.notNull().references('service_news.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('service_news_reads_pk', ['news_id', 'member_id'])
        .execute();

      await db.schema
        .createTable('service_news_bubbles')
        .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
        .addColumn('closed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX ledger_expert_idx`.execute(db);
      for (const table of [
        'service_news_bubbles',
        'service_news_reads',
        'service_news',
        'expert_comment_reports',
        'expert_comment_likes',
        'expert_comments',
        'expert_follows',
        'expert_purchases',
        'expert_message_reads',
        'expert_picks',
        'expert_messages',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
