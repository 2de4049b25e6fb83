import type { Migration, MigrationProvider } from 'kysely';
import { members } from './0001_members';
import { wallets } from './0002_wallets';
import { matchResults } from './0003_match_results';
import { betting } from './0004_betting';
import { legSnapshots } from './0005_leg_snapshots';
import { specialRooms } from './0006_special_rooms';
import { normalisedUsernames } from './0007_normalised_usernames';
import { memberLiveFields } from './0008_member_live_fields';
import { chat } from './0009_chat';
import { liveRoom } from './0010_live_room';
import { appLog } from './0011_app_log';
import { economy } from './0012_economy';
import { experts } from './0013_experts';
// The shared feed clock (issue 19, several instances).
import { feedOrigin } from './0014_feed_origin';
import { couponRedeem } from './0015_coupon_redeem';
import { settlementIndexes } from './0016_settlement_indexes';
import { platformFlags } from './0017_platform_flags';
import { orderHotUpdates } from './0018_order_hot_updates';
import { chatTokenSession } from './0019_chat_token_session';
import { chatNotices } from './0020_chat_notices';
import { memberMerchant } from './0021_member_merchant';
import { fairV2 } from './0022_fair_v2';
import { chatSlowMode } from './0023_chat_slow_mode';
import type { Driver } from './columns';

/**
 * The migrations in code, so they ship with the server and run from tsx without a migrations
 * folder lookup. Names sort in the order they must run; append, never edit a released one.
 */
const MIGRATIONS: ReadonlyArray<readonly [string, (driver: Driver) => Migration]> = [
  ['0001_members', members],
  ['0002_wallets', wallets],
  ['0003_match_results', matchResults],
  ['0004_betting', betting],
  ['0005_leg_snapshots', legSnapshots],
  ['0006_special_rooms', specialRooms],
  ['0007_normalised_usernames', normalisedUsernames],
  ['0008_member_live_fields', memberLiveFields],
  ['0009_chat', chat],
  ['0010_live_room', liveRoom],
  ['0011_app_log', appLog],
  ['0012_economy', economy],
  ['0013_experts', experts],
  ['0014_feed_origin', feedOrigin],
  ['0015_coupon_redeem', couponRedeem],
  ['0016_settlement_indexes', settlementIndexes],
  ['0017_platform_flags', platformFlags],
  ['0018_order_hot_updates', orderHotUpdates],
  ['0019_chat_token_session', chatTokenSession],
  ['0020_chat_notices', chatNotices],
  ['0021_member_merchant', memberMerchant],
  ['0022_fair_v2', fairV2],
  ['0023_chat_slow_mode', chatSlowMode],
];

export function migrationProvider(driver: Driver): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(MIGRATIONS.map(([name, make]) => [name, make(driver)]));
    },
  };
}

export type { Driver };
