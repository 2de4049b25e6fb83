// Gift presents over HTTP: 200 signed-in members, each keeping one live/submit/gift/present in flight, against the
// platform as a child process (its own thread, as in production; the embedded database in WAL mode). Prints presents/s,
// p50 and p99 over a 10 s run after a 2 s warm-up; then checks the coin books on the file the platform wrote (every COIN
// wallet equals the sum of its ledger rows, none negative, one gift ledger row per present, the anchor's tally equal to
// the presents) and prints them; then the rate of the same writes straight on better-sqlite3 without HTTP (one
// transaction per present: the present row, the daily-spend count, the conditional coin debit with its ledger row, the
// anchor's tally) on the same file, and the ratio HTTP/raw. Any failed present or any book that does not add up fails
// the script. Target: ratio HTTP/raw at least 0.3 (as bets.bench.mjs: the HTTP, session and push work per write).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createWalletService } from '../../server/src/betting/wallet';
import { systemClock } from '../../server/src/clock';
import { migrateToLatest, openNativeSqlite, openSqlite, SQLITE_FILE_NAME } from '../../server/src/db/database';
import { ECONOMY_PATHS } from '../../contract/economyCodes';
import { startPlatform } from './support/platform.mjs';
import { closedLoop, request } from './support/http.mjs';

const MEMBERS = 200;
const WARMUP_S = 2;
const DURATION_S = 10;
const RAW_PRESENTS = 20_000;
const TARGET_RATIO = 0.3;
// A rose (1.00 coin) a present: 100,000 coins each outlast any run, and the default daily spend limit is 100,000.
const GIFT_ID = 1;
const OPENING_COINS_MINOR = 10_000_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-gifts-'));
const dbFile = path.join(dataDir, SQLITE_FILE_NAME);

/** Members, their sessions and their opening coins (an adjustment with its ledger row), before the platform starts. */
async function seedMembers() {
  const { db } = openSqlite(dbFile);
  try {
    await migrateToLatest(db, 'sqlite');
    const wallet = createWalletService({ db, clock: systemClock });
    const now = Date.now();
    const tokens = [];
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: MEMBERS }, (_, i) => ({
        username: `gift${i}`,
        password_hash: 'not-a-hash',
        nickname: `Gift ${i}`,
        currency: 'CNY',
        vip_level: 0,
        worn_title_id: null,
        created_at: now,
      }));
      const ids = await trx.insertInto('members').values(rows).returning('id').execute();
      for (const { id } of ids) {
        const token = randomBytes(24).toString('hex');
        tokens.push(token);
        await trx
          .insertInto('sessions')
          .values({ token_hash: createHash('sha256').update(token, 'utf8').digest('hex'), member_id: Number(id), created_at: now, expires_at: now + 86_400_000, revoked_at: null })
          .execute();
        await wallet.credit(trx, { memberId: Number(id), asset: 'COIN', amountMinor: OPENING_COINS_MINOR, kind: 'adjustment' });
      }
    });
    return tokens;
  } finally {
    await db.destroy();
  }
}



/** MEMBERS workers, one present in flight each, until `seconds` have passed. */
async function load(base, members, room, seconds) {
  const body = { giftId: GIFT_ID, count: 1, roomId: room.liveRoomId, hostId: room.hostId };
  const { count, ...run } = await closedLoop(
    members,
    seconds,
    ({ token, agent }) => request(agent, base, ECONOMY_PATHS.giftPresent, body, { authorization: token }),
    (answer) => answer?.code === 0 && answer.data.count === 1,
  );
  return { presents: count, ...run };
}

/** The coin books after the run, read from the file: returns the figures and what does not add up. */
function checkBooks(file, expectedPresents) {
  const native = new Database(file, { readonly: true });
  try {
    const problems = [];
    const one = (query, ...args) => native.prepare(query).pluck().get(...args);
    const wallets = one("select count(*) from wallets where asset = 'COIN'");
    const off = one(
      "select count(*) from wallets w where w.asset = 'COIN' and w.balance_minor != coalesce((select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = 'COIN'), 0)",
    );
    const negative = one("select count(*) from wallets where asset = 'COIN' and balance_minor < 0");
    const presents = one('select count(*) from gift_presents');
    const giftRows = one("select count(*) from ledger where kind = 'gift' and asset = 'COIN'");
    const spent = Number(one('select coalesce(sum(total_minor), 0) from gift_presents'));
    const debited = -Number(one("select coalesce(sum(amount_minor), 0) from ledger where kind = 'gift' and asset = 'COIN'"));
    const tallied = Number(one('select coalesce(sum(coins_minor), 0) from anchor_gift_tallies'));
    const coins = Number(one("select coalesce(sum(balance_minor), 0) from wallets where asset = 'COIN'"));
    if (off > 0) problems.push(`${off} coin wallets differ from their ledger`);
    if (negative > 0) problems.push(`${negative} coin wallets are negative`);
    if (presents !== expectedPresents) problems.push(`${presents} present rows for ${expectedPresents} accepted presents`);
    if (giftRows !== presents) problems.push(`${giftRows} gift ledger rows for ${presents} presents`);
    if (debited !== spent || tallied !== spent) problems.push(`presents ${spent / 100}, debited ${debited / 100}, tallied ${tallied / 100}`);
    if (coins !== MEMBERS * OPENING_COINS_MINOR - spent) problems.push(`coins left ${coins / 100}, expected ${(MEMBERS * OPENING_COINS_MINOR - spent) / 100}`);
    console.log(
      `books: ${wallets} coin wallets, ${off} differ from their ledger, ${negative} negative; ${presents} presents = ${giftRows} gift ledger rows; ` +
        `${spent / 100} coins presented = ${debited / 100} debited = ${tallied / 100} on the anchors' tallies; ${coins / 100} coins left of ${(MEMBERS * OPENING_COINS_MINOR) / 100}`,
    );
    return problems;
  } finally {
    native.close();
  }
}

/**
 * The same writes as a present, straight on better-sqlite3 with prepared statements, one transaction per present, on
 * the database the platform just wrote (its last present is the template).
 */
function rawRate(file, presents) {
  const native = openNativeSqlite(file);
  try {
    const template = native.prepare('select * from gift_presents order by id desc limit 1').get();
    const memberIds = native.prepare("select member_id from wallets where asset = 'COIN' order by member_id").pluck().all();
    const insertPresent = native.prepare(
      'insert into gift_presents (member_id, room_id, host_id, match_id, gift_id, count, total_minor, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
    );
    const openUsage = native.prepare('insert into coin_daily_usage (member_id, day) values (?, ?) on conflict (member_id, day) do nothing');
    const countSpend = native.prepare('update coin_daily_usage set spent_minor = spent_minor + ? where member_id = ? and day = ? and spent_minor + ? <= ? returning spent_minor');
    const debit = native.prepare('update wallets set balance_minor = balance_minor - ?, updated_at = ? where member_id = ? and asset = ? and balance_minor >= ? returning balance_minor');
    const ledger = native.prepare(
      'insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
    );
    const tally = native.prepare(
      'insert into anchor_gift_tallies (host_id, coins_minor, gifts, updated_at) values (?, ?, ?, ?) on conflict (host_id) do update set coins_minor = anchor_gift_tallies.coins_minor + excluded.coins_minor, gifts = anchor_gift_tallies.gifts + excluded.gifts, updated_at = excluded.updated_at',
    );
    const amount = Number(template.total_minor);
    const present = native.transaction((memberId) => {
      const now = Date.now();
      const { id } = insertPresent.get(memberId, template.room_id, template.host_id, template.match_id, template.gift_id, template.count, amount, now);
      const day = Math.floor(now / 86_400_000);
      openUsage.run(memberId, day);
      if (!countSpend.get(amount, memberId, day, amount, Number.MAX_SAFE_INTEGER)) throw new Error(`daily limit for member ${memberId}`);
      const row = debit.get(amount, now, memberId, 'COIN', amount);
      if (!row) throw new Error(`insufficient coins for member ${memberId}`);
      ledger.get(memberId, 'COIN', -amount, row.balance_minor, 'gift', 'gift_present', String(id), now);
      tally.run(template.host_id, amount, template.count, now);
    });
    const started = performance.now();
    for (let i = 0; i < presents; i++) present(memberIds[i % memberIds.length]);
    const seconds = (performance.now() - started) / 1000;
    return { presents, seconds, perSecond: presents / seconds };
  } finally {
    native.close();
  }
}

const fmt = (n) => Math.round(n).toLocaleString('en');
let failed = false;
try {
  const tokens = await seedMembers();
  // DATA_DIR points the platform at the seeded folder (startPlatform's own temp folder stays empty).
  const { base, stop } = await startPlatform({ name: 'gifts', limitMs: 180_000, extraEnv: { DATA_DIR: dataDir } });
  let accepted = 0;
  let http_;
  try {
    const anchors = await (await fetch(`${base}/ssapi/anchor/search`)).json();
    const room = anchors.data.find((a) => a.liveStatus === 1 && a.anchorType === 0);
    if (!room) throw new Error('no living room to present gifts in');
    // A socket per member, as 200 browsers would have.
    const members = tokens.map((token) => ({ token, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) }));
    const warm = await load(base, members, room, WARMUP_S);
    http_ = await load(base, members, room, DURATION_S);
    accepted = warm.presents + http_.presents;
    for (const m of members) m.agent.destroy();
    const failures = [...warm.failures, ...http_.failures];
    if (failures.length > 0) {
      failed = true;
      console.error(`gifts: ${failures.length} failed requests, first: ${failures[0]}`);
    }
  } finally {
    await stop();
  }
  console.log(
    `HTTP gift/present, ${MEMBERS} members: ${fmt(http_.perSecond)} presents/s (${fmt(http_.presents)} in ${http_.seconds.toFixed(1)} s), ` +
      `p50 ${http_.p50.toFixed(1)} ms, p99 ${http_.p99.toFixed(1)} ms, ${http_.failures.length} errors`,
  );
  const problems = checkBooks(dbFile, accepted);
  if (problems.length > 0) {
    failed = true;
    console.error(`gifts: the coin books do not add up: ${problems.join('; ')}`);
  } else console.log('every coin wallet equals its ledger; every present is one debit, one gift ledger row and its share of the tally');
  const raw = rawRate(dbFile, RAW_PRESENTS);
  console.log(`raw better-sqlite3, same writes, 1 transaction per present: ${fmt(raw.perSecond)} presents/s (${fmt(raw.presents)} in ${raw.seconds.toFixed(2)} s)`);
  const ratio = http_.perSecond / raw.perSecond;
  console.log(`ratio HTTP/raw: ${ratio.toFixed(2)} — target ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? '✓' : '✗'}`);
} catch (error) {
  failed = true;
  console.error(`gifts: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
