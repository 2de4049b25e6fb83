/**
 * Server side of the cash-out offer benchmark (offers.bench.mjs), run as its own process: the real platform (in-memory
 * SQLite, the feed frozen so only this script moves prices, the offers' timers on as in production) with MEMBERS
 * members, each holding one open 100.00 single on the home win of one of MATCHES pre-match matches. Made through the
 * platform's own routes (the test controls for members and matches, the betting route for the bets).
 * Prints `READY <json>` (port, the members file); on `GO` (stdin) reprices the home win of every match at once, ROUNDS
 * times INTERVAL_MS apart, printing `CHANGE <epoch ms>` at each; then `DONE <json>` with the CPU it used meanwhile.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../server/src/app';
import { storeExchangeRates } from '../../../server/src/betting/exchangeRates';
import { systemClock } from '../../../server/src/clock';
import { loadAppConfigs } from '../../../server/src/config/appConfig';
import { loadPlatformConfig } from '../../../server/src/config/platformConfig';
import { migrateToLatest, openSqlite } from '../../../server/src/db/database';
import { createFeed, type Market } from '../../../server/src/feed';

const members = Number(process.env.MEMBERS ?? 2000);
const matches = Number(process.env.MATCHES ?? 20);
const rounds = Number(process.env.ROUNDS ?? 12);
const intervalMs = Number(process.env.INTERVAL_MS ?? 1500);
const TOKEN = 'offers-bench-operator-token-0123456789';
/** Requests the set-up keeps in flight. */
const PARALLEL = 16;

async function main() {
  const root = path.resolve(__dirname, '../../..');
  const real = loadPlatformConfig(path.join(root, 'config/platform.json'));
  // Every bench client connects from 127.0.0.1 (the per-address limit would turn all but 20 away); members are made
  // with a cheap password hash, as the tests make them, so the set-up is not 2,000 scrypt runs.
  const config = {
    ...real,
    push: { ...real.push, maxConnectionsPerAddress: 10_000 },
    signIn: { ...real.signIn, passwordHash: { N: 1024, r: 8, p: 1 }, perAddress: { burst: 100_000, perMinute: 100_000 }, global: { burst: 100_000, perSecond: 100_000 } },
  };
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db, 'sqlite');
  await storeExchangeRates(db, config.exchangeRates, Date.now());
  const feed = createFeed({ seed: 1, now: () => Date.now(), historyHours: 0 });
  const app = buildApp({ db, config, appConfigs: loadAppConfigs(path.join(root, 'config')), feed, clock: systemClock, testControls: true, operatorToken: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const post = async (url: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data: any; msg?: string };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${json.msg ?? ''}`);
    return json.data;
  };
  const control = (url: string, body: unknown) => post(url, body, { 'x-operator-token': TOKEN });

  const markets: Array<{ marketId: number; type: string }> = [];
  for (let i = 0; i < matches; i++) {
    const match = await control('/__test/matches/claim', { sportId: 1, list: 'today' });
    const market = feed.markets(match.matchId).find((m: Market) => m.status === 1 && m.kind === 'win1x2' && m.period === 'ft');
    if (!market) throw new Error(`match ${match.matchId} has no 1X2 market`);
    const type = market.options[0]!.type;
    await control('/__test/markets/set', { marketId: market.marketId, odds: { [type]: '2.00' } });
    markets.push({ marketId: market.marketId, type });
  }

  const made: Array<{ uid: number; token: string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let i = next++; i < members; i = next++) {
        const member = await control('/__test/members', {});
        const { marketId, type } = markets[i % markets.length]!;
        await post(
          '/v1/order/bet/singlePass',
          { singleBetList: [{ unitStake: '100', oddsChange: 2, betOptionList: [{ marketId, optionType: type, odds: '2.00', oddsFormat: 1 }] }] },
          { authorization: member.token },
        );
        made.push({ uid: member.uid, token: member.token });
      }
    }),
  );
  const membersFile = path.join(tmpdir(), `offers-bench-${process.pid}.json`);
  writeFileSync(membersFile, JSON.stringify(made));
  process.stdout.write(`READY ${JSON.stringify({ port, membersFile, markets: markets.length })}\n`);

  const scenario = feed.scenario();
  await new Promise<void>((resolve) => createInterface({ input: process.stdin }).on('line', (line) => line.trim() === 'GO' && resolve()));
  const cpuBefore = process.cpuUsage();
  const wallBefore = Date.now();
  for (let round = 0; round < rounds; round++) {
    // A new price each round (1.50 to 1.95, never the one before), on every match at once.
    const odd = (1.5 + 0.05 * (round % 10)).toFixed(2);
    process.stdout.write(`CHANGE ${Date.now()}\n`);
    for (const { marketId, type } of markets) scenario.overrideMarket(marketId, { odds: { [type]: odd } });
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  const cpu = process.cpuUsage(cpuBefore);
  const wallSeconds = (Date.now() - wallBefore) / 1000;
  process.stdout.write(`DONE ${JSON.stringify({ cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds, stats: app.cashOutOffers.stats() })}\n`);
  await app.close();
  rmSync(membersFile, { force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
