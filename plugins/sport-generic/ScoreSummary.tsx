import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ScoreSummaryProps } from '../../src/kernel/points';
import { SPORT_TABLES } from './sports';
import styles from './ScoreSummary.module.css';

/** The current set's games (tennis) or points (rally sports), e.g. "S2 3-2", beside the sets won. */
export const ScoreSummary = observer(function ScoreSummary({ match, live }: ScoreSummaryProps) {
  const { t } = useTranslation('sport-generic');
  const table = SPORT_TABLES[match.sportId];
  if (!table?.periodTyg) return null;
  const row = live.score.find((r) => r.pe === live.period && r.tyg === table.periodTyg);
  if (!row) return null;
  return (
    <span className={styles.summary} data-score-summary>
      <span className={styles.period}>{t(`pe.${table.unit}`, { n: table.ordinal(row.pe) })}</span>
      <span className={styles.points}>
        {row.home}-{row.away}
      </span>
    </span>
  );
});
