import type { ComponentType } from 'react';
import { createExtensionPoint } from '../../kernel/extensionPoint';
import type { LineupData as Lineup } from '../../../contract/matchData';
import type { MatchDataClient, Remote } from '../../sdk/matchData';
import type { TeamNames } from './data/types';

/**
 * The match screen's extension points: the media stage (video players, the animation), the data panels'
 * sport-specific sections and the sports' data sources. Declared here, by the screen that owns the places, so the kernel knows none of them.
 */
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

/**
 * The field a sport is played on, as the animation draws it (and reads its events): a football pitch, a basketball
 * court, a tennis court. Its sport plugin says which at `matchDetail.animationField`.
 */
export type AnimationField = 'football' | 'basketball' | 'tennis';

export interface AnimationProps {
  /** The animation url from the media call (on the media host). */
  url: string;
  matchId: number;
  /** Scheme A sport id. */
  sportId: number;
  /** The sport's field, from its plugin; undefined when no enabled plugin describes one (a generic scoreboard). */
  field?: AnimationField;
}

export interface AnimationModule {
  Animation: ComponentType<AnimationProps>;
}

/** Video players: one enabled extension per format; the stage picks the first that plays a line. */
export const videoPoint = createExtensionPoint<VideoPlayerModule, { formats: readonly VideoFormat[] }, { format?: VideoFormat }>({
  id: 'matchDetail.video',
  accepts: (match, select) => select.format === undefined || match.formats.includes(select.format),
});

/** The match animation (live match tracker); an empty `sportIds` draws every sport (a generic tracker). */
export const animationPoint = createExtensionPoint<AnimationModule, { sportIds: readonly number[] }, { sportId?: number }>({
  id: 'matchDetail.animation',
  accepts: (match, select) => select.sportId === undefined || match.sportIds.length === 0 || match.sportIds.includes(select.sportId),
});

/** A declaration's module: nothing, as nothing loads it (the animation plugin draws the fields). */
export type AnimationFieldModule = Record<string, never>;

/**
 * What a sport's field looks like, read from the sport plugins' manifests (one plugin per sport): the media stage
 * hands it to the animation, so the animation plugin names no sport id. Nothing loads the extension's code.
 */
export const animationFieldPoint = createExtensionPoint<AnimationFieldModule, { sportIds: readonly number[]; field: AnimationField }, { sportId: number }>({
  id: 'matchDetail.animationField',
  accepts: (match, select) => match.sportIds.includes(select.sportId),
});

/** The data tabs a sport plugin draws in: the line-up tab around the team lists, the Data tab above the history, Text live. */
export type DataPanelId = 'lineup' | 'data' | 'textLive';

export interface LineupSectionProps {
  lineup: Lineup;
  names: TeamNames;
}

/** What a sport's own part of a panel gets when it loads its data itself (the panel knows no sport's routes). */
export interface DataSectionProps {
  matchId: number;
  names: TeamNames;
}

/**
 * Sections a sport draws inside a data panel: in the line-up panel above and below the team lists every sport
 * shows (they draw the loaded line-up); in the Data tab a `Body` above the history, fetching its own statistics; in
 * Text live a `Body` that is the tab's commentary, fetching its own lines.
 */
export interface DataPanelModule {
  Above?: ComponentType<LineupSectionProps>;
  Below?: ComponentType<LineupSectionProps>;
  Body?: ComponentType<DataSectionProps>;
}

export const dataPanelPoint = createExtensionPoint<DataPanelModule, { panel: DataPanelId; sportIds: readonly number[] }, { panel: DataPanelId; sportId: number }>({
  id: 'matchDetail.dataPanel',
  accepts: (match, select) => match.panel === select.panel && match.sportIds.includes(select.sportId),
});

/**
 * A sport's match-data source: its line-ups and intelligence, which every sport with data has on its own score-host
 * routes (football's zq, basketball's lq) and the core draws (the team lists, the texts). The plugin names the routes
 * through the match-data client it is given; the core knows none of them.
 */
export interface DataSourceModule {
  lineup(data: MatchDataClient, matchId: number, language: string): Remote<Lineup>;
  intelligence(data: MatchDataClient, matchId: number, language: string): Remote<string[]>;
}

/**
 * Which sports have line-ups and intelligence, and where they come from. The match screen offers the Line-ups and
 * Intelligence tabs for the sports an enabled extension's `sportIds` name (read from the manifest, no code loaded),
 * and loads the extension's code when one of those tabs shows. One plugin declares a sport's source. Switching a
 * plugin's drawing extension off (the line-up pitch) leaves the team lists.
 */
export const dataSourcePoint = createExtensionPoint<DataSourceModule, { sportIds: readonly number[] }, { sportId: number }>({
  id: 'matchDetail.dataSource',
  accepts: (match, select) => match.sportIds.includes(select.sportId),
});
