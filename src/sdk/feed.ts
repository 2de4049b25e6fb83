/**
 * The SDK's feed entry: what a sport plugin's feed profile (plugins/<id>/feed.ts) may use. Only the platform reads that
 * file (its simulated feed makes the sport's leagues, teams and matches from it); the app never imports it, so it
 * costs the app's bundles nothing. Pure: the platform runs it.
 */
export { defineFeedProfiles, type FeedLeague, type FeedText, type LeagueFormat, type SimKind, type SportFeedProfile, type TeamStyle } from '../../domain/feedProfile';
