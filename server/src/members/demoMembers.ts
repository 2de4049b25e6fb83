import type { Kysely, Transaction } from 'kysely';
import type { WalletService } from '../betting/wallet';
import type { DemoMemberConfig } from '../config/platformConfig';
import type { Database } from '../db/schema';
import type { SpecialRooms } from '../live/specialRooms';
import { COIN, toMinor, type Currency } from '../money';
import { normaliseUsername, type AuthService } from './auth';
import { seedUserConfig } from './settings';

/**
 * Creates the configured demo members that do not exist yet, each with its opening balance and
 * coins credited through the ledger, one transaction per member. Existing members keep their
 * money, so restarts never top balances up again; every member is granted the special rooms the
 * config lists (rooms granted earlier stay) and the live group it names, and a member without stored settings gets the
 * configured ones (so the demo shows goal push without changing the default for everyone). Returns the usernames created.
 */
export async function ensureDemoMembers({
  db,
  auth,
  wallet,
  specialRooms,
  members,
}: {
  db: Kysely<Database>;
  auth: AuthService;
  wallet: WalletService;
  specialRooms: SpecialRooms;
  members: readonly DemoMemberConfig[];
}): Promise<string[]> {
  const created: string[] = [];
  for (const demo of members) {
    const exists = await db.selectFrom('members').select('id').where('username', '=', normaliseUsername(demo.username)).executeTakeFirst();
    if (exists) {
      await specialRooms.grant(db, Number(exists.id), demo.specialRoomIds ?? []);
      await setLiveGroup(db, Number(exists.id), demo);
      if (demo.settings) await seedUserConfig(db, Number(exists.id), demo.settings, Date.now());
      continue;
    }
    await db.transaction().execute((trx) => openMember(trx, { auth, wallet, specialRooms }, demo));
    created.push(normaliseUsername(demo.username));
  }
  return created;
}

/**
 * Creates one member with its wallets, opening balance and coins (credited through the ledger), special rooms, live
 * group and settings, in the caller's transaction: the demo members, and the fresh members of the test controls.
 */
export async function openMember(
  trx: Transaction<Database>,
  { auth, wallet, specialRooms }: { auth: AuthService; wallet: WalletService; specialRooms: SpecialRooms },
  spec: DemoMemberConfig & { merchantId?: string },
): Promise<number> {
  const member = await auth.createMember(
    { username: spec.username, password: spec.password, nickname: spec.nickname, currency: spec.currency, ...(spec.merchantId !== undefined ? { merchantId: spec.merchantId } : {}) },
    trx,
  );
  const memberId = Number(member.id);
  const currency: Currency = spec.currency;
  await wallet.openWallet(trx, memberId, currency);
  await wallet.openWallet(trx, memberId, COIN);
  const opening = toMinor(spec.openingBalance);
  if (opening > 0) await wallet.credit(trx, { memberId, asset: currency, amountMinor: opening, kind: 'opening_balance' });
  const coins = toMinor(spec.coins);
  if (coins > 0) await wallet.credit(trx, { memberId, asset: COIN, amountMinor: coins, kind: 'opening_balance' });
  await specialRooms.grant(trx, memberId, spec.specialRoomIds ?? []);
  await setLiveGroup(trx, memberId, spec);
  if (spec.settings) await seedUserConfig(trx, memberId, spec.settings, Date.now());
  return memberId;
}

/** The config's live group, when it names one (an agent moderates the chat of their group's rooms). */
async function setLiveGroup(db: Kysely<Database>, memberId: number, demo: DemoMemberConfig): Promise<void> {
  if (demo.liveGroupId === undefined && demo.liveGroupUserType === undefined) return;
  await db
    .updateTable('members')
    .set({ live_group_id: demo.liveGroupId ?? 0, live_group_user_type: demo.liveGroupUserType ?? 'user' })
    .where('id', '=', memberId)
    .execute();
}
