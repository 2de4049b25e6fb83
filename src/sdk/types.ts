import type { ScoreRow } from '../../contract';

/**
 * What a sport's score summary reads of a live match (`ScoreSummaryProps.live`): the app's live book keeps much more
 * of it (src/core/store/liveBook.ts LiveMatch) and hands that object here. Observable: a summary rendered under the
 * app's observer updates with each score push.
 */
export interface LiveScore {
  /** The period the match is in (the feed's `period`). */
  readonly period: number;
  /** The score rows (per period and score type), as the wire match carries them and pushes update them. */
  readonly score: readonly ScoreRow[];
}
