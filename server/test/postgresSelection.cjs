// Which platform test files `npm test` runs a second time on PostgreSQL (jest.postgres.config.js, the stage "platform
// tests on PostgreSQL"). Every server test runs on SQLite in the jest stage; the PostgreSQL pass is for what the
// database does: money and its ledger, orders and settlement, members and sessions, chat, the economy, settings,
// pre-bets, stored results, transactions and locks, several instances on one database. Files that build a platform only
// to serve the feed, pages, headers, media or the contract store nothing worth a second pass.
//
// Every test file that gets a database (buildTestApp, buildEconomyApp, openTestDatabase) is in exactly one of the two
// lists; server/test/postgresSelection.test.ts fails for a new one that is in neither, so the choice is made when the
// file is written, not forgotten.

/** Run on SQLite and again on PostgreSQL. */
const postgres = [
  'server/src/chat/chat.test.ts',
  'server/src/chat/orders.test.ts',
  'server/src/cluster/feedOrigin.test.ts',
  'server/src/members/sessionCache.test.ts',
  'server/test/auth.test.ts',
  'server/test/betBuilder.test.ts',
  'server/test/betCurrency.test.ts',
  'server/test/betHistory.test.ts',
  'server/test/betting.test.ts',
  'server/test/bettingInvariants.test.ts',
  'server/test/bulk.test.ts',
  'server/test/cashOut.test.ts',
  'server/test/cashOutOffers.test.ts',
  'server/test/chatImageQuota.test.ts',
  'server/test/chatSessions.test.ts',
  'server/test/economyCoins.test.ts',
  'server/test/editBet.test.ts',
  'server/test/economyCoupons.test.ts',
  'server/test/economyEvents.test.ts',
  'server/test/fairDraw.test.ts',
  'server/test/economyInvariants.test.ts',
  'server/test/economyOps.test.ts',
  'server/test/experts.test.ts',
  'server/test/expertsHistory.test.ts',
  'server/test/firstBetCover.test.ts',
  'server/test/giftLines.test.ts',
  'server/test/killNine.test.ts',
  'server/test/instancesInvariants.test.ts',
  'server/test/groupCommit.test.ts',
  'server/test/merchantSports.test.ts',
  'server/test/leadership.test.ts',
  'server/test/limitsAcrossInstances.test.ts',
  'server/test/liveBooking.test.ts',
  'server/test/liveRoom.test.ts',
  'server/test/maintenance.test.ts',
  'server/test/oddsTriggers.test.ts',
  'server/test/outrightBetting.test.ts',
  'server/test/potentialReturn.test.ts',
  'server/test/reservations.test.ts',
  'server/test/results.test.ts',
  'server/test/settings.test.ts',
  'server/test/settlement.test.ts',
  'server/test/titles.test.ts',
];

/** Run on SQLite only, each with why PostgreSQL would add nothing. */
const sqliteOnly = {
  'server/test/anchorStream.test.ts': 'live video of the rooms (ffmpeg); sign-in only',
  'server/test/anchors.test.ts': 'rooms follow the feed in memory; sign-in only',
  'server/test/animation.test.ts': 'match animation from the feed',
  'server/test/contractRequests.test.ts': 'request schemas and the OpenAPI document',
  'server/test/fixtureSport.test.ts': 'a sport from PLUGIN_DIRS in the feed and its lists',
  'server/test/logRedaction.test.ts': 'log lines; sign-in only',
  'server/test/matchData.test.ts': 'match data from the feed',
  'server/test/routePaths.test.ts': 'the routes registered; no call made',
  'server/test/matchLifecycle.test.ts': 'feed changes over /push; results storage is results.test.ts on both databases',
  'server/test/matchList.test.ts': 'match lists from the feed',
  'server/test/marketing.test.ts': 'configured images, banners and links; sign-in only',
  'server/test/media.test.ts': 'media links from the feed',
  'server/test/mediaStream.test.ts': 'live video (ffmpeg)',
  'server/test/platform.test.ts': 'routes, errors and CORS',
  'server/test/push.test.ts': 'the /push websocket',
  'server/test/chatFrameLimits.test.ts': 'chat frame rate limits (the limit store in memory; no storage)',
  'server/test/domainListHost.test.ts': 'the domain list names only known origins (no storage)',
  'server/test/pushAccess.test.ts': 'the /push channel allow-list (the hub); sessions and special rooms are stored by code proven on both databases',
  'server/test/redisFanout.test.ts': 'push across instances through Redis',
  'server/test/securityHeaders.test.ts': 'response headers; sign-in only',
  'server/test/static.test.ts': 'static pages',
  'server/test/system.test.ts': 'configured domains, languages and app config',
  'server/test/testControls.test.ts': 'the test controls exist only beside SQLite (TEST_CONTROLS is refused with DATABASE_URL)',
  'server/test/worldContract.test.ts': "the end-to-end suite's feed world",
};

module.exports = { postgres, sqliteOnly };
