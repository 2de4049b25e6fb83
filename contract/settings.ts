import * as z from 'zod/mini';
import { described } from './described';
import { languageField, request } from './fields';
import { USER_CONFIG } from './paths';

/**
 * A member's settings held by the platform (spec 001 sections 3 "Setting" and 7 "User settings"):
 * `GET /api/forehead/system/cfg/get?collect=UserConfig` answers them, `POST /api/forehead/system/cfg/set` with
 * `{ collect, jsonStr }` changes them (docs/api.md "Member settings"). jsonStr is the JSON text of an update: the
 * fields it names replace the stored ones, the others stay.
 */

const int = () => z.int();
const flag = () => z.literal([0, 1]);

/** Odds format (spec: Europe 1, Hong Kong 2, Malaysia 3, Indonesia 4; default Europe). */
const handicap = () => described(z.literal([1, 2, 3, 4]), 'Odds format: 1 Europe (default), 2 Hong Kong, 3 Malaysia, 4 Indonesia');
/** Odds-change acceptance (spec: none 0, better only 1 default, any 2). */
const accept = () => described(z.literal([0, 1, 2]), 'Odds-change acceptance: 0 none, 1 better only (default), 2 any');

/** A merchant id as the app config names merchants. */
export const MERCHANT_ID = /^[a-z0-9-]{1,64}$/;
/** At most this many merchants in one member's `setup`: a bound on what one member can make the platform store. */
export const MAX_SETUP_MERCHANTS = 32;

/** One merchant's entry of `setup`: its own odds format and acceptance, each optional. */
export const merchantSetupSchema = z.strictObject({
  accept: z.optional(accept()),
  handicap: z.optional(handicap()),
});
export type MerchantSetup = z.infer<typeof merchantSetupSchema>;

const setup = () =>
  described(
    z.record(z.string().check(z.regex(MERCHANT_ID)), merchantSetupSchema).check(z.refine((s) => Object.keys(s).length <= MAX_SETUP_MERCHANTS, `at most ${MAX_SETUP_MERCHANTS} merchants`)),
    'Per merchant (the app config\'s merchant id): its own accept and handicap, which win over the top-level ones in that merchant\'s app',
  );

const acceptList = () =>
  described(
    z.tuple([flag(), flag(), flag(), flag()]),
    'Goal-push scopes, 1 on: [0] collected matches, [1] matches with unsettled orders, [2] all matches, [3] unused (kept); default four zeros',
  );

/** The stored settings as cfg/get answers them (every field filled, defaults where the member set nothing). */
export const userConfigSchema = z.object({
  handicap: handicap(),
  accept: accept(),
  acceptList: acceptList(),
  push_event: described(flag(), 'Goal push: 1 on (default), 0 off; the login state\'s setting.acceptPush'),
  event_sort: described(z.literal([0, 1]), 'Order of match lists: 0 by kick-off time (default), 1 by league (getList orderBy)'),
  uid: described(int(), 'The member the settings belong to'),
  setup: setup(),
  showSettingChangableTip: described(
    z.boolean(),
    'true until the member confirmed the goal-push alert ("got it"); the login state\'s setting.showSettingChangableTip',
  ),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

/**
 * What jsonStr may hold: any of the fields, none required, no other. `uid`, when given, must be the member's own: the
 * platform refuses another (a client naming someone else is a bug, and silently writing to the caller would hide it).
 */
export const userConfigUpdateSchema = z.strictObject({
  handicap: z.optional(handicap()),
  accept: z.optional(accept()),
  acceptList: z.optional(acceptList()),
  push_event: z.optional(flag()),
  event_sort: z.optional(z.literal([0, 1])),
  uid: z.optional(int()),
  setup: z.optional(setup()),
  showSettingChangableTip: z.optional(z.boolean()),
});
export type UserConfigUpdate = z.infer<typeof userConfigUpdateSchema>;

/** An update without `uid`: what the platform stores per member (and a demo member's configured settings). */
export const storedUserConfigSchema = z.omit(userConfigUpdateSchema, { uid: true });
export type StoredUserConfig = z.infer<typeof storedUserConfigSchema>;

/** jsonStr's largest accepted length: a full update with every merchant is well under it. */
export const MAX_JSON_STR = 8192;

/** GET /api/forehead/system/cfg/get's query. */
export const cfgGetQuerySchema = request(
  z.strictObject({
    collect: described(z.literal(USER_CONFIG), 'The settings collection: UserConfig'),
    t: z.optional(described(z.string().check(z.regex(/^\d{1,20}$/)), 'Cache-buster, ignored')),
    language: languageField,
  }),
);

/** POST /api/forehead/system/cfg/set's body. */
export const cfgSetBodySchema = request(
  z.strictObject({
    collect: described(z.literal(USER_CONFIG), 'The settings collection: UserConfig'),
    jsonStr: described(z.string().check(z.minLength(2), z.maxLength(MAX_JSON_STR)), 'The update as JSON text, e.g. {"handicap":2}'),
    language: languageField,
  }),
);
