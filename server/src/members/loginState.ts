import type { PlatformLoginState } from '../../../contract/forehead';
import type { Kysely } from 'kysely';
import type { WalletService } from '../betting/wallet';
import { readExchangeRates } from '../betting/exchangeRates';
import type { Database, Member } from '../db/schema';
import { anchorProxyEnableOf } from '../live/memberLive';
import { COIN, Money, convert, formatMoney, fromMinor, minorToDecimal } from '../money';
import { readUserConfig } from './settings';

/** The login state the platform answers from sign-in and from loginState (contract/forehead.ts). */
export type LoginState = PlatformLoginState;

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
  const [balances, rates, config] = await Promise.all([
    wallet.getBalances(Number(member.id)),
    readExchangeRates(db),
    readUserConfig(db, Number(member.id)),
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
    // The same stored settings cfg/get answers (docs/api.md "Member settings"): push_event is the goal push's switch.
    setting: {
      handicap: config.handicap,
      accept: config.accept,
      acceptList: [...config.acceptList],
      acceptPush: config.push_event,
      showSettingChangableTip: config.showSettingChangableTip,
    },
    memberTitles: [],
    anchorProxyEnable: anchorProxyEnableOf(member),
    language: 'CMN',
  };
}
