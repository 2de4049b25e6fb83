import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ScoreSummaryProps } from '../../src/sdk';
import { ScoreParts } from '../../src/sdk';
import { summaryOf } from './sports';

/** The sport's own detail beside a row's main score (see summaryOf), e.g. "S2 3-2", "F5 45-12", "This inning 1-0". */
export const ScoreSummary = observer(function ScoreSummary({ match, live }: ScoreSummaryProps) {
  const { t } = useTranslation('sport-generic');
  const part = summaryOf(match.sportId, live.period, live.score);
  if (!part) return null;
  return <ScoreParts parts={[{ label: t(part.labelKey, { n: part.n }), home: part.home, away: part.away }]} />;
});
