import type { Language } from '../contract/enums';

/**
 * A sport's feed profile: how the platform's simulated feed makes that sport's world (leagues, teams, how many matches
 * and how long) and which of its simulators plays the matches. A sport plugin states it in `plugins/<id>/feed.ts`
 * (through the SDK's `src/sdk/feed.ts`); only the platform reads that file (server/src/feed/fixtures/profiles.ts), so
 * adding a sport edits no platform file. The types live here, in the shared domain, because the platform may import
 * nothing of src/.
 */

/**
 * The platform's simulators (server/src/feed/sports/): a profile names one, the platform keeps the code. A sim that
 * needs per-sport rules (timed, rally, fight) has them for the built-in sports only; snooker, tennis and baseball
 * play any sport that scores like them.
 */
export const SIM_KINDS = ['football', 'basketball', 'tennis', 'rally', 'snooker', 'baseball', 'timed', 'fight'] as const;
export type SimKind = (typeof SIM_KINDS)[number];

/** How team names are made: a club (`{city} United`), a nickname (`{city} Tigers`), a person, a pair, a gamer tag. */
export const TEAM_STYLES = ['club', 'mascot', 'person', 'pair', 'gamer'] as const;
export type TeamStyle = (typeof TEAM_STYLES)[number];

/** A text in each of the feed's five languages (the wire's `language` codes). */
export type FeedText = Readonly<Record<Language, string>>;

/** Format details a league gives its matches. */
export interface LeagueFormat {
  /** Football cups: a draw goes to extra time and penalties. */
  knockout?: boolean;
  /** Basketball played in two halves (college). */
  halves?: boolean;
  /** Best-of sets or frames. */
  bo?: number;
  /** Scheduled rounds of a fight. */
  rounds?: number;
  /** Scoring level relative to the sport's default (women's and youth leagues score differently). */
  scoring?: number;
}

/** One kind of league: `count` leagues of `teams` teams each. */
export interface FeedLeague {
  /** The league's name in every language; `{region}` is replaced by a made-up region's name in the same language. */
  name: FeedText;
  count: number;
  teams: number;
  format?: LeagueFormat;
}

/**
 * How much of a sport the world holds. `perSlot` is the average number of matches starting per 5-minute slot (spread
 * evenly, so the in-play count stays near perSlot x duration / 5); `durationMin` is the typical length including
 * breaks, `longestMin` a length the sport's simulation does not reach (extra time, tie-breaks, extra innings); a team
 * rests at least `restMin` after a match could have ended. The platform checks that the teams suffice for the rate
 * (server/src/feed/engine/schedule.ts).
 */
export interface SportFeedProfile {
  /** The key of a sport the plugin's manifest declares with a scheme-A id (`football`, `curling`). */
  sport: string;
  sim: SimKind;
  leagues: readonly FeedLeague[];
  perSlot: number;
  durationMin: number;
  longestMin: number;
  restMin: number;
  teamStyle: TeamStyle;
  /** Squad size (0: individual players). */
  squad: number;
  /** Leagues flagged hot, from the first. */
  hot: number;
  /** Whether the sport plays on neutral ground by nature (individual sports). */
  neutral: boolean;
  /** Share of pre-match fixtures that already have a video line. */
  upcomingVideo: number;
  /** Scales how long before the start fixtures are published (short-format sports publish late)... */
  leadScale: number;
  /** ...except this share, published one to three days ahead (the early list). */
  earlyShare: number;
}

/**
 * Types a plugin's feed profiles (one per sport its manifest declares with a scheme-A id). It checks nothing at run
 * time: the platform checks every profile when it starts (server/src/feed/fixtures/profiles.ts).
 */
export const defineFeedProfiles = (profiles: readonly SportFeedProfile[]): readonly SportFeedProfile[] => profiles;
