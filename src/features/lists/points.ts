import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { createExtensionPoint } from '../../kernel/extensionPoint';
import type { WireMatch } from '../../../contract';
import type { LiveScore } from '../../sdk/types';

/**
 * The match list's extension point: what a sport contributes to the sports menu, the list's rows and score summaries,
 * and the match screen's scoreboard. Its manifest states the scheme-A sport ids it serves; a slot selects by sport.
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
  live: LiveScore;
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

/** Scheme-A sport ids an extension at `matchList.sport` serves. */
export interface SportMatch {
  sportIds: readonly number[];
}

export const sportPoint = createExtensionPoint<SportModule, SportMatch, { sportId?: number }>({
  id: 'matchList.sport',
  accepts: (match, select) => select.sportId === undefined || match.sportIds.includes(select.sportId),
});
