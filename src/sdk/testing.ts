import type { Plugin } from '../kernel/definePlugin';

/**
 * The SDK's testing entry: what a plugin's own tests may use to mount their extensions the way the app does
 * (a kernel with the plugin enabled, the services it needs) without reaching into src/.
 */
export { createKernelEvents } from '../kernel/events';
export { loadPlugins } from '../kernel/loadPlugins';
export { provideServices } from '../kernel/services';
export { KernelProvider, Slot } from '../kernel/Slot';
export { createScheduler } from '../services/scheduler';
export { deferred } from '../testing/deferred';
export { createTestI18n } from '../testing/i18n';
export { renderScoreSummary } from '../testing/scoreSummary';
export { renderWithStore } from '../testing/renderWithStore';
/** The app's match-data client, for a sport plugin's tests of the routes and pushes it names through it. */
export { MatchDataStore } from '../features/match/matchData';
// The match-data routes' answers as the platform builds them, for the data panels' sections.
export {
  answerGets,
  AWAY_NAME,
  BASKETBALL_MATCH,
  basketballTechnicAnswer,
  basketballTextAnswer,
  FOOTBALL_MATCH,
  FOOTBALL_STATS,
  footballEventPush,
  footballInfoAnswer,
  footballTextAnswer,
  HOME_NAME,
  installFakePush,
  lineupAnswer,
  type Routes,
} from '../testing/matchDataFixtures';

/** A registry of the given plugins, keyed by id, as loadPlugins takes it. */
export const registryOf = (...plugins: Plugin[]): ReadonlyMap<string, Plugin> => new Map(plugins.map((p) => [p.manifest.id, p]));
