import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ScoreSummaryProps } from '../../src/sdk';
import { ScoreParts, type ScorePart } from '../../src/sdk';

/** Score rows: pe 0 totals, pe 1 the first half; tyg 1 goals, 2 corners, 4 red cards (docs/api.md). */
const FIRST_HALF = 1;
const TYG_GOALS = 1;
const TYG_CORNERS = 2;
const TYG_RED = 4;

/** Beside the goals: the half-time score once the first half is over, the corners, and red cards when shown. */
export const ScoreSummary = observer(function ScoreSummary({ live }: ScoreSummaryProps) {
  const { t } = useTranslation('sport-football');
  const row = (pe: number, tyg: number) => live.score.find((r) => r.pe === pe && r.tyg === tyg);
  const parts: ScorePart[] = [];
  const halfTime = live.period > FIRST_HALF ? row(FIRST_HALF, TYG_GOALS) : undefined;
  if (halfTime) parts.push({ label: t('summary.halfTime'), home: halfTime.home, away: halfTime.away });
  const corners = row(0, TYG_CORNERS);
  if (corners) parts.push({ label: t('summary.corners'), title: t('board.corners'), home: corners.home, away: corners.away });
  const red = row(0, TYG_RED);
  if (red && red.home + red.away > 0) parts.push({ label: t('summary.red'), title: t('board.red'), home: red.home, away: red.away });
  return <ScoreParts parts={parts} />;
});
