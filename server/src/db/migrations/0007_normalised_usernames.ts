import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Usernames are stored trimmed and lower-cased (normaliseUsername), which sign-in now looks up. Members created
 * before keep signing in once their name is rewritten; a name whose normalised form another member already holds is
 * left as it was (two accounts cannot become one), and that member must be renamed by an operator.
 */
export function normalisedUsernames(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        update members set username = lower(trim(username))
        where username <> lower(trim(username))
          and not exists (select 1 from members other where other.username = lower(trim(members.username)))
      `.execute(db);
    },
    async down() {
      // The original spelling is gone; normalised names are valid names, so there is nothing to undo.
    },
  };
}
