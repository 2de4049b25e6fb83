import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { WireMatch } from '../../contract';
import type { LiveMatch } from '../stores/liveBook';

/**
 * Extension points: what a plugin of each kind contributes once its code is loaded (`Module`) and the static data
 * its manifest declares up front (`Match`), so the core can list and filter plugins without downloading them.
 * Later issues add points here (results, player, animation, experts, banker, gifts) together with their users.
 */
export interface SportMenuEntryProps {
  sportId: number;
  name: string;
  count?: number;
  active: boolean;
  onSelect(sportId: number): void;
}

/** One market column of a match row: the first market of the listed kinds the match offers for the period. */
export interface RowColumn {
  id: string;
  /** Column header, a key in the plugin's i18n namespace (the period is in the group's label). */
  labelKey: string;
  /** Market kinds (the staticList name keys) in order of preference, e.g. ['win1x2'] or ['moneyLine']. */
  kinds: readonly string[];
  /** 'ft', '1h', 'q1', 'set1', ... */
  period: string;
  /** Option types in display order, e.g. ['home', 'draw', 'away'] or ['over', 'under']. */
  options: readonly string[];
}

/** Columns shown together; a list offers the groups of its sport as its market-type filter (game, halves, quarters...). */
export interface RowColumnGroup {
  id: string;
  /** A key in the plugin's i18n namespace. */
  labelKey: string;
  columns: readonly RowColumn[];
}

export interface ScoreSummaryProps {
  match: WireMatch;
  live: LiveMatch;
}

/** What the match screen's scoreboard shows for a sport; one shared component draws every sport from this. */
export interface ScoreboardSpec {
  /** Score-row periods (`pe`) always shown as columns, in order; periods the score rows hold beyond these are added. */
  periods: readonly number[];
  /** The score type counted per period column: 1 goals/points, 6 games (tennis). */
  periodTyg: number;
  /** Extra totals shown as their own columns (corners, cards), labels being keys in the plugin's namespace. */
  extras: ReadonlyArray<{ tyg: number; labelKey: string }>;
  /** The score type of the current game's points (tennis 7), shown beside the serve marker. */
  gamePointsTyg?: number;
  /** The sport has a serving side (tennis, volleyball, badminton, table tennis, beach volleyball). */
  serve: boolean;
}

export interface SportModule {
  MenuEntry: ComponentType<SportMenuEntryProps>;
  /** The market columns of this sport's list rows, in groups; the first group shows by default. */
  rowColumns(sportId: number): readonly RowColumnGroup[];
  /** A short label of a scoring period for score summaries ("1H", "Q3", "S2"), from a score row's `pe`. */
  periodLabel(sportId: number, pe: number, t: TFunction): string;
  /** Extra score detail beside the main score: sets and games, frames, innings... (absent: nothing extra). */
  ScoreSummary?: ComponentType<ScoreSummaryProps>;
  /** The match screen's scoreboard: which periods and extra counts it shows. */
  scoreboard(sportId: number): ScoreboardSpec;
}

/** A video stream format a player plugin plays: `flv` is a media call's `pc` url, `hls` its `h5` url. */
export type VideoFormat = 'flv' | 'hls';

export interface VideoPlayerProps {
  /** The stream's absolute URL on the media host. */
  url: string;
  /** Start muted (browsers refuse sound before the user has interacted with the page). */
  muted: boolean;
  /** The stream failed or stalled for good: the stage says so and offers the next line. */
  onError(reason: 'network' | 'media' | 'unsupported'): void;
  /** Frames are being shown (first frame, or again after a stall). */
  onPlaying?(): void;
}

export interface VideoPlayerModule {
  VideoPlayer: ComponentType<VideoPlayerProps>;
}

export interface AnimationProps {
  /** The animation url from the media call (on the media host). */
  url: string;
  matchId: number;
  /** Scheme A sport id. */
  sportId: number;
}

export interface AnimationModule {
  Animation: ComponentType<AnimationProps>;
}

export interface ExtensionPoints {
  sport: {
    /** Scheme A sport ids this plugin renders. */
    match: { sportIds: readonly number[] };
    select: { sportId?: number };
    module: SportModule;
  };
  /** Video players: one enabled plugin per format; the match screen's stage picks the first that plays a line. */
  video: {
    match: { formats: readonly VideoFormat[] };
    select: { format?: VideoFormat };
    module: VideoPlayerModule;
  };
  /** The match animation (live match tracker). */
  animation: {
    /** Scheme A sport ids drawn with a sport's own field; empty: every sport (a generic tracker). */
    match: { sportIds: readonly number[] };
    select: { sportId?: number };
    module: AnimationModule;
  };
}

export type PointId = keyof ExtensionPoints;
export type PointMatch<P extends PointId> = ExtensionPoints[P]['match'];
export type PointSelect<P extends PointId> = ExtensionPoints[P]['select'];
export type PointModule<P extends PointId> = ExtensionPoints[P]['module'];

/** Whether a plugin's static match accepts a slot's selection; one rule per point. */
export const pointMatchers: { [P in PointId]: (match: PointMatch<P>, select: PointSelect<P>) => boolean } = {
  sport: (match, select) => select.sportId === undefined || match.sportIds.includes(select.sportId),
  video: (match, select) => select.format === undefined || match.formats.includes(select.format),
  animation: (match, select) => select.sportId === undefined || match.sportIds.length === 0 || match.sportIds.includes(select.sportId),
};
