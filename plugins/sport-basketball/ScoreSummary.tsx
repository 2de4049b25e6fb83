import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ScoreSummaryProps } from '../../src/sdk';
import { ScoreParts } from '../../src/sdk';
import { PERIOD_LABELS } from './periods';

const TYG_POINTS = 1;

/** The points of the quarter (half, overtime) in play, e.g. "Q3 18-22"; nothing in the breaks between them. */
export const ScoreSummary = observer(function ScoreSummary({ live }: ScoreSummaryProps) {
  const { t } = useTranslation('sport-basketball');
  const labelKey = PERIOD_LABELS[live.period];
  const row = labelKey && live.score.find((r) => r.pe === live.period && r.tyg === TYG_POINTS);
  if (!labelKey || !row) return null;
  return <ScoreParts parts={[{ label: t(labelKey), home: row.home, away: row.away }]} />;
});
