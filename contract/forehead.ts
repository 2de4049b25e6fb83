import * as z from 'zod/mini';
import { described } from './described';
import { LANGUAGES } from './enums';
import { ErrorCode } from './errors';
import { languageField, request } from './fields';
import { OPERATOR_TOKEN_HEADER } from './headers';

/** Answers of the forehead routes (/api/forehead/user/..., /api/forehead/system/...; docs/api.md "Routes"). */

const int = () => z.int();

/**
 * POST /api/forehead/user/login and /user/loginState: the login state a host site hands the app (spec 000 section 3
 * and 001 section 3), as the platform answers it. Money is decimal strings with 2 decimals.
 */
export const loginStateSchema = z.object({
  token: described(z.string(), 'Send it as the Authorization header (raw or "Bearer <token>")'),
  expiresAt: described(int(), 'Epoch milliseconds'),
  isLogin: z.literal(true),
  userData: z.object({
    uid: int(),
    username: z.string(),
    nickname: z.string(),
    vipLevel: int(),
    currency: z.string(),
    // Optional: a host's login state may lack them, which the spec reads as "no group". The platform always sends them.
    liveUserGroupId: described(z.optional(int()), 'the user live group (spec 001 section 3); 0 for none'),
    liveGroupUserType: described(z.optional(z.enum(['user', 'agent'])), "the member's place in that group; an agent moderates its rooms"),
  }),
  balance: z.object({
    centerBalance: described(z.string(), 'Balance of the default currency'),
    balanceList: z.array(z.object({ coinCode: z.string(), balance: z.string(), isDefault: z.boolean() })),
    totalBalance: described(z.string(), 'Every currency balance converted to the default currency, rounded to 2 decimals'),
  }),
  coinBalance: z.string(),
  setting: z.object({
    handicap: described(int(), 'Odds format: 1 Europe, 2 Hong Kong, 3 Malaysia, 4 Indonesia'),
    accept: described(int(), 'Odds-change acceptance: 0 none, 1 better only, 2 any'),
    acceptList: z.array(int()).check(z.length(4)),
    acceptPush: described(int(), 'Goal push: 1 on, 0 off'),
    showSettingChangableTip: z.boolean(),
  }),
  memberTitles: z.array(z.unknown()),
  anchorProxyEnable: described(int(), 'the anchor-proxy switch as POST /api/forehead/live/get/switch/proxy answers it'),
  language: z.string(),
});
export type PlatformLoginState = z.infer<typeof loginStateSchema>;

/** The data of the 429 answer of /user/login: the wait, also in the Retry-After header. */
export const loginThrottledSchema = z.object({ retryAfterSeconds: int().check(z.minimum(1)) });
export type LoginThrottled = z.infer<typeof loginThrottledSchema>;

/** POST /api/forehead/system/domain/list/v2: base URLs of the services the app calls. */
export const domainListSchema = z.object({
  betting: z.string(),
  match: z.string(),
  forehead: z.string(),
  media: z.string(),
  results: z.string(),
  push: described(z.string(), 'websocket URL'),
  chat: described(z.string(), 'websocket URL'),
  icon: z.string(),
  banner: z.string(),
  report: described(z.string(), 'The report host (spec 001 section 7: GET {report-host}/report/add)'),
});
export type DomainList = z.infer<typeof domainListSchema>;

/** GET /api/forehead/system/config/app: the resolved app configuration of a merchant (contract/appConfig.ts). */
export const appConfigAnswerSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  defaultLocale: z.string(),
  timezone: z.string(),
  plugins: z.array(z.object({ id: z.string(), enabled: z.boolean(), options: z.record(z.string(), z.unknown()) })),
  theme: z.record(z.string(), z.string()),
  serviceOrigins: described(z.array(z.string()), "Origins besides the page's own that an apiSrc link or a stored domain may name"),
  frameAncestors: described(z.array(z.string()), "Origins besides the platform's own whose pages may frame the app"),
});
export type AppConfigAnswer = z.infer<typeof appConfigAnswerSchema>;

/** GET and PUT /api/forehead/system/config/maintenance: the platform's maintenance flag. */
export const maintenanceSchema = z.object({
  underMaintenance: described(z.boolean(), 'true: the app shows its maintenance notice instead of the sportsbook'),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** GET /api/forehead/system/language/staticList's tables (market types, periods, statuses, options, sports, phases) in one language. */
const codeTable = () => z.object({ id: int(), code: z.string(), name: z.string() });
const sportTable = () => z.object({ id: int(), sportId: int(), key: z.string(), name: z.string() });
export const staticListSchema = z.object({
  version: described(z.string(), 'Changes whenever any table or name changes; clients refetch when it differs'),
  updatedAt: described(z.string(), 'ISO date of the last change'),
  language: z.enum(LANGUAGES),
  marketType: z.array(sportTable()),
  matchPeriod: z.array(sportTable()),
  matchStatus: z.array(codeTable()),
  option: z.array(codeTable()),
  period: z.array(codeTable()),
  sports: z.array(z.object({ id: int(), key: z.string(), name: z.string(), order: int() })),
  tournamentPhase: z.array(codeTable()),
});
export type StaticList = z.infer<typeof staticListSchema>;

/** POST /api/forehead/user/logout answers no data. */
export const signedOutSchema = z.null();

/** The 429 answer of /user/login: the usual envelope, with the wait in data so a client can show it. */
export const loginThrottledEnvelope = described(
  z.object({ code: z.literal(ErrorCode.TOO_MANY_REQUESTS), msg: z.string(), data: loginThrottledSchema }),
  'Too many sign-in attempts: retry after data.retryAfterSeconds (also in the Retry-After header)',
);

// Requests.

/** POST /api/forehead/user/login. */
export const loginRequestSchema = request(
  z.object({ username: z.string().check(z.minLength(1), z.maxLength(64)), password: z.string().check(z.minLength(1), z.maxLength(128)) }),
);
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/forehead/system/language/staticList. */
export const staticListRequestSchema = request(z.object({ language: z.enum(LANGUAGES) }));
export type StaticListRequest = z.input<typeof staticListRequestSchema>;

/** GET /api/forehead/system/config/app. */
export const appConfigQuery = request(z.strictObject({ merchantId: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/))), language: languageField }));
export type AppConfigQuery = z.input<typeof appConfigQuery>;

/** GET /api/forehead/system/config/maintenance. */
export const maintenanceQuery = request(z.strictObject({ language: languageField }));

export { MERCHANT_HEADER, OPERATOR_TOKEN_HEADER } from './headers';

/** PUT /api/forehead/system/config/maintenance: the operator's header and the new flag. */
export const operatorHeaders = request(z.object({ [OPERATOR_TOKEN_HEADER]: z.optional(z.string()) }));
export const maintenanceUpdateRequestSchema = request(z.strictObject({ underMaintenance: z.boolean() }));
export type MaintenanceUpdateRequest = z.input<typeof maintenanceUpdateRequestSchema>;
