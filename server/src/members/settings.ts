import type { Kysely } from 'kysely';
import { storedUserConfigSchema, userConfigSchema, type StoredUserConfig, type UserConfig } from '../../../contract/settings';
import type { Database } from '../db/schema';

/** What a member who never saved anything has (spec 001 section 5: better only, four zeros, Europe). */
export const DEFAULT_USER_CONFIG: Omit<UserConfig, 'uid'> = {
  handicap: 1,
  accept: 1,
  acceptList: [0, 0, 0, 0],
  push_event: 1,
  event_sort: 0,
  setup: {},
  showSettingChangableTip: true,
};


type Db = Pick<Kysely<Database>, 'selectFrom' | 'insertInto'>;

/** The stored fields of a member, or undefined when they never saved any. A row that no longer parses counts as none. */
async function readStored(db: Db, memberId: number): Promise<StoredUserConfig | undefined> {
  const row = await db.selectFrom('member_settings').select('json').where('member_id', '=', memberId).executeTakeFirst();
  if (!row) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.json);
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null) return {};
  // Rows written by hand or by an older version may hold a field this one refuses: each field that parses is kept.
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(storedUserConfigSchema.shape)) {
    const parsed = schema.safeParse((json as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  return kept as StoredUserConfig;
}

/** The member's settings, every field filled (cfg/get, the login state). */
export async function readUserConfig(db: Db, memberId: number): Promise<UserConfig> {
  const stored = (await readStored(db, memberId)) ?? {};
  return userConfigSchema.parse({ ...DEFAULT_USER_CONFIG, ...stored, uid: memberId });
}

/**
 * Applies an update (already validated against the contract) and answers the result. Fields given replace the stored
 * ones; `setup` is merged per merchant and per field, so one merchant's app never clears another's. One statement
 * (an upsert), so a refused update leaves the row as it was.
 */
export async function writeUserConfig(db: Db, memberId: number, update: StoredUserConfig, now: number): Promise<UserConfig> {
  const stored = (await readStored(db, memberId)) ?? {};
  const setup = { ...stored.setup };
  for (const [merchantId, entry] of Object.entries(update.setup ?? {})) setup[merchantId] = { ...setup[merchantId], ...entry };
  const next = { ...stored, ...update, ...(update.setup || stored.setup ? { setup } : {}) };
  const json = JSON.stringify(next);
  await db
    .insertInto('member_settings')
    .values({ member_id: memberId, json, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ json, updated_at: now }))
    .execute();
  return userConfigSchema.parse({ ...DEFAULT_USER_CONFIG, ...next, uid: memberId });
}

/** Demo members' configured settings, stored only while they have none, so a member's own changes survive restarts. */
export async function seedUserConfig(db: Db, memberId: number, seed: StoredUserConfig, now: number): Promise<void> {
  if ((await readStored(db, memberId)) !== undefined) return;
  await writeUserConfig(db, memberId, seed, now);
}
