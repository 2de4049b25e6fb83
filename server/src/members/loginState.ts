import { z } from 'zod';
import { loginStateSchema, type PlatformLoginState } from '../../../contract/forehead';
import type { Kysely } from 'kysely';
import type { WalletService } from '../betting/wallet';
import { readExchangeRates } from '../betting/exchangeRates';
import type { Database, Member } from '../db/schema';
import { anchorProxyEnableOf } from '../live/memberLive';
import { COIN, Money, convert, formatMoney, fromMinor, minorToDecimal } from '../money';

/** The login state the platform answers from sign-in and from loginState (contract/forehead.ts). */
export { loginStateSchema };
export type LoginState = PlatformLoginState;

export const DEFAULT_SETTING: LoginState['setting'] = {
  handicap: 1,
  accept: 1,
  acceptList: [0, 0, 0, 0],
  acceptPush: 1,
  showSettingChangableTip: false,
};

/** Stored settings override the defaults field by field; anything malformed falls back. */
const storedSetting = z
  .object({
    handicap: z.number().int().min(1).max(4),
    accept: z.number().int().min(0).max(2),
    acceptList: z.array(z.number().int()).length(4),
    acceptPush: z.number().int().min(0).max(1),
    showSettingChangableTip: z.boolean(),
    language: z.string(),
  })
  .partial();

export async function buildLoginState({
  db,
  wallet,
  member,
  token,
  expiresAt,
}: {
  db: Kysely<Database>;
  wallet: WalletService;
  member: Member;
  token: string;
  expiresAt: number;
}): Promise<LoginState> {
  const [balances, rates, settingsRow] = await Promise.all([
    wallet.getBalances(Number(member.id)),
    readExchangeRates(db),
    db.selectFrom('member_settings').select('json').where('member_id', '=', Number(member.id)).executeTakeFirst(),
  ]);
  const currency = member.currency;
  const currencies: Array<{ asset: string; balanceMinor: number }> = balances.filter((b) => b.asset !== COIN);
  if (!currencies.some((b) => b.asset === currency)) currencies.push({ asset: currency, balanceMinor: 0 });
  currencies.sort((a, b) => (a.asset === currency ? -1 : b.asset === currency ? 1 : a.asset.localeCompare(b.asset)));

  let total = new Money(0);
  for (const b of currencies) {
    const from = rates[b.asset];
    const to = rates[currency];
    if (from === undefined || to === undefined) throw new Error(`no exchange rate for ${from === undefined ? b.asset : currency}`);
    total = total.plus(convert(minorToDecimal(b.balanceMinor), from, to));
  }

  let stored: z.output<typeof storedSetting> = {};
  if (settingsRow) {
    try {
      const parsed = storedSetting.safeParse(JSON.parse(settingsRow.json));
      if (parsed.success) stored = parsed.data;
    } catch {
      stored = {};
    }
  }
  const { language, ...settingOverrides } = stored;

  return {
    token,
    expiresAt,
    isLogin: true,
    userData: {
      uid: Number(member.id),
      username: member.username,
      nickname: member.nickname,
      vipLevel: member.vip_level,
      currency,
      // Spec 001 section 3: no group when the id is missing or not positive.
      liveUserGroupId: member.live_group_id > 0 ? member.live_group_id : 0,
      liveGroupUserType: member.live_group_user_type,
    },
    balance: {
      centerBalance: fromMinor(currencies.find((b) => b.asset === currency)?.balanceMinor ?? 0),
      balanceList: currencies.map((b) => ({ coinCode: b.asset, balance: fromMinor(b.balanceMinor), isDefault: b.asset === currency })),
      totalBalance: formatMoney(total),
    },
    coinBalance: fromMinor(balances.find((b) => b.asset === COIN)?.balanceMinor ?? 0),
    setting: { ...DEFAULT_SETTING, ...settingOverrides },
    memberTitles: [],
    anchorProxyEnable: anchorProxyEnableOf(member),
    language: language ?? 'CMN',
  };
}
