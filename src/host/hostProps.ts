import { z } from 'zod';

/**
 * What a host page hands the app (qiankun props, or the standalone shell's own login): the spec's
 * "Login state supplied by the host" plus the container and the host's callbacks. Host data is parsed leniently:
 * a field of the wrong shape is dropped with a warning instead of breaking the app.
 */
const money = z.union([z.string(), z.number()]).transform(String);

const balanceSchema = z.object({
  centerBalance: money.optional(),
  balanceList: z.array(z.object({ coinCode: z.string(), balance: money, isDefault: z.boolean().optional() })).default([]),
  totalBalance: money.optional(),
});

const settingSchema = z.object({
  handicap: z.number().int().min(1).max(4).optional(),
  accept: z.number().int().min(0).max(2).optional(),
  acceptList: z.array(z.number()).optional(),
  acceptPush: z.number().optional(),
  showSettingChangableTip: z.boolean().optional(),
});

const userDataSchema = z.object({
  uid: z.union([z.string(), z.number()]).transform(String),
  username: z.string(),
  nickname: z.string().optional(),
  vipLevel: z.number().optional(),
  currency: z.string().optional(),
});

export const loginStateSchema = z.object({
  isLogin: z.boolean().default(false),
  token: z.string().optional(),
  userData: userDataSchema.optional(),
  balance: balanceSchema.optional(),
  oldGameBalance: z.object({ balance: money.optional(), game: z.string().optional(), gameBalance: money.optional(), total: money.optional() }).optional(),
  coinBalance: money.optional(),
  setting: settingSchema.optional(),
  AllInMaintain: z.boolean().optional(),
  userSecurityInfo: z.record(z.string(), z.unknown()).optional(),
  channelWalletList: z.array(z.unknown()).optional(),
  experienceCashDetail: z.record(z.string(), z.unknown()).optional(),
  messageCountData: z.record(z.string(), z.unknown()).optional(),
  memberTitles: z.array(z.unknown()).optional(),
  anchorProxyEnable: z.number().optional(),
  language: z.string().optional(),
});

export type LoginState = z.infer<typeof loginStateSchema>;

export interface HostCallbacks {
  /** The host's navigation function: session codes (405, 400, 505, 403, 14010) pass through to it. */
  onSessionCode?(code: number): void;
  /** Ask the host to show its login (the app opens its own login dialog when the host gives none). */
  requestLogin?(): void;
  /** Tell the host the member changed language or odds format inside the app. */
  onSettingsChange?(change: { language?: string; handicap?: number }): void;
}

export interface HostProps extends Partial<LoginState>, HostCallbacks {
  container?: HTMLElement;
  merchantId?: string;
  /** Base URL of the platform when it is not the page's own origin (the spec's apiSrc). */
  apiSrc?: string;
  name?: string;
}

export function parseLoginState(props: Partial<HostProps>, warn: (message: string) => void = console.warn): LoginState {
  const parsed = loginStateSchema.safeParse(props);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  warn(`host props ignored: ${[...bad].join(', ')} (${parsed.error.issues[0]?.message})`);
  const cleaned = Object.fromEntries(Object.entries(props).filter(([key]) => !bad.has(key)));
  return loginStateSchema.parse(cleaned);
}

/** The event a host dispatches on window to move the app to another path (the spec's external path change). */
export const PATH_CHANGE_EVENT = 'sport-pc:path-change';
export interface PathChangeDetail {
  path: string;
}
