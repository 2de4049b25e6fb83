// The order jest starts test files in (jest.config.js `testSequencer`): the longest first, so two workers finish
// together instead of one running a long file alone at the end. Jest does this by itself from the run times it keeps in
// its cache; a fresh clone (CI, `npm test`) has no cache, and jest then orders by file size, which put the feed's
// simulation tests and other long platform files near the end (a tail of a minute on one worker). Files missing from
// the cache take their time from SLOW below (seconds, measured on the 2-core machine), or the typical time of their kind.
const { default: DefaultSequencer } = require('@jest/test-sequencer');
const path = require('node:path');

/**
 * The longest files, seconds of a full run on the quiet 2-core machine (two workers); refresh from a `jest --json` run
 * when the order looks off (a long file starting late shows as one worker running alone at the end).
 */
const SLOW = {
  'server/src/feed/feed.test.ts': 43,
  // Three platforms with six hours of played-out history each (the experts' past).
  'server/test/expertsHistory.test.ts': 15,
  'server/test/auth.test.ts': 12,
  'server/test/matchList.test.ts': 12,
  'server/test/bettingInvariants.test.ts': 10,
  'server/test/matchData.test.ts': 10,
  'server/src/feed/engine/follower.test.ts': 10,
  'server/test/economyOps.test.ts': 9,
  'server/test/mediaStream.test.ts': 9,
  'server/test/reservations.test.ts': 8,
  'server/test/betting.test.ts': 8,
  'server/test/experts.test.ts': 8,
  'server/test/results.test.ts': 7,
  'server/test/testRunner.test.ts': 7,
  'server/test/potentialReturn.test.ts': 7,
  'server/test/limitsAcrossInstances.test.ts': 7,
  'server/test/anchors.test.ts': 7,
  'src/features/match/MatchDetailScreen.test.tsx': 7,
  'server/src/chat/chat.test.ts': 6,
  'server/test/testControls.test.ts': 6,
  'server/test/platform.test.ts': 6,
  'src/features/preBets/PreBetDialog.test.tsx': 6,
  'src/features/slip/BetSlipPanel.test.tsx': 6,
};

/**
 * A file neither jest nor SLOW knows: the mean of its kind in that run. A platform test (server/test) builds a platform
 * and its feed's world (about 5 s); the platform's unit tests and the app's component tests take about a second.
 */
const typical = (relative) => (relative.startsWith('server/test/') ? 5 : 1);

class LongestFirst extends DefaultSequencer {
  sort(tests) {
    const seconds = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached / 1000;
      const relative = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
      return SLOW[relative] ?? typical(relative);
    };
    for (const test of tests) test.duration = seconds(test) * 1000;
    // Files that failed last time first (their answer matters most), then the longest.
    return [...tests].sort((a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || b.duration - a.duration);
  }
}

module.exports = LongestFirst;
