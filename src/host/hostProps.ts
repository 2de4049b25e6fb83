import * as z from 'zod/mini';

/**
 * What a host page hands the app (qiankun props, or the standalone shell's own login): the spec's
 * "Login state supplied by the host" plus the container and the host's callbacks. Host data is parsed leniently:
 * a field of the wrong shape is dropped with a warning instead of breaking the app.
 */
const money = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

const opt = z.optional;
const record = () => opt(z.record(z.string(), z.unknown()));

const balanceSchema = z.object({
  centerBalance: opt(money),
  balanceList: z._default(z.array(z.object({ coinCode: z.string(), balance: money, isDefault: opt(z.boolean()) })), []),
  totalBalance: opt(money),
});

const settingSchema = z.object({
  handicap: opt(z.int().check(z.minimum(1), z.maximum(4))),
  accept: opt(z.int().check(z.minimum(0), z.maximum(2))),
  acceptList: opt(z.array(z.number())),
  acceptPush: opt(z.number()),
  showSettingChangableTip: opt(z.boolean()),
});

const userDataSchema = z.object({
  uid: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  username: z.string(),
  nickname: opt(z.string()),
  vipLevel: opt(z.number()),
  currency: opt(z.string()),
});

export const loginStateSchema = z.object({
  isLogin: z._default(z.boolean(), false),
  token: opt(z.string()),
  userData: opt(userDataSchema),
  balance: opt(balanceSchema),
  oldGameBalance: opt(z.object({ balance: opt(money), game: opt(z.string()), gameBalance: opt(money), total: opt(money) })),
  coinBalance: opt(money),
  setting: opt(settingSchema),
  AllInMaintain: opt(z.boolean()),
  userSecurityInfo: record(),
  channelWalletList: opt(z.array(z.unknown())),
  experienceCashDetail: record(),
  messageCountData: record(),
  memberTitles: opt(z.array(z.unknown())),
  anchorProxyEnable: opt(z.number()),
  language: opt(z.string()),
});

export type LoginState = z.infer<typeof loginStateSchema>;

export interface HostCallbacks {
  /** The host's navigation function: session codes (405, 400, 505, 403, 14010) pass through to it. */
  onSessionCode?(code: number): void;
  /** Ask the host to show its login (the app opens its own login dialog when the host gives none). */
  requestLogin?(): void;
  /** Tell the host the member changed language or odds format inside the app. */
  onSettingsChange?(change: { language?: string; handicap?: number }): void;
  /**
   * The member's balances after money moved inside the app (a bet taken or refused, a cash out paid), fresh from the
   * platform, so the host's header follows at once. Settlement while the app is closed still needs the host's own refresh.
   */
  onBalanceChange?(change: Pick<LoginState, 'balance' | 'coinBalance'>): void;
}

export interface HostProps extends Partial<LoginState>, HostCallbacks {
  container?: HTMLElement;
  merchantId?: string;
  /** Base URL of the platform when it is not the page's own origin (the spec's apiSrc). */
  apiSrc?: string;
  name?: string;
}

export function parseLoginState(props: object, warn: (message: string) => void = console.warn): LoginState {
  const parsed = loginStateSchema.safeParse(props);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  warn(`host props ignored, wrong shape: ${[...bad].join(', ')}`);
  const cleaned = Object.fromEntries(Object.entries(props).filter(([key]) => !bad.has(key)));
  return loginStateSchema.parse(cleaned);
}

/** The event a host dispatches on window to move the app to another path (the spec's external path change). */
export const PATH_CHANGE_EVENT = 'sport-pc:path-change';
export interface PathChangeDetail {
  path: string;
}
