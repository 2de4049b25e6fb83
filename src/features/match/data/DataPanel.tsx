import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import type { History } from '../../../../contract/matchData';
import type { Remote } from '../../../sdk/matchData';
import { HistoryView, isHistoryEmpty } from './HistoryView';
import { PanelSkeleton, RemoteView } from './PanelStates';
import { Slot } from '../../../kernel';
import { dataPanelPoint } from '../points';
import { DataSection } from './Section';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import { useDataTranslation } from './i18n';
import styles from './DataPanel.module.css';

function HistoryBlock({ remote, names, timeZone }: { remote: Remote<History>; names: TeamNames; timeZone: string }) {
  const { t } = useDataTranslation();
  return (
    <DataSection title={t('history.title')}>
      <RemoteView remote={remote} isEmpty={isHistoryEmpty} empty={t('history.empty')}>
        {(history) => <HistoryView history={history} names={names} timeZone={timeZone} />}
      </RemoteView>
    </DataSection>
  );
}

const DataPanelBody = observer(function DataPanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useDataTranslation();
  const { store, language, timeZone } = useMatchData();
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };
  return (
    <div className={styles.panel}>
      <Slot point={dataPanelPoint} select={{ panel: 'data', sportId }} fallback={<PanelSkeleton rows={3} />} render={({ Body }) => Body && <Body matchId={matchId} names={names} />} />
      <HistoryBlock remote={store.history(matchId, language)} names={names} timeZone={timeZone} />
    </div>
  );
});

/**
 * The "Data" tab: what sport plugins draw at `matchDetail.dataPanel` (football's weather and technical statistics,
 * basketball's points per period and statistics), then every sport's history.
 */
export function DataPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <DataPanelBody {...props} />
    </Suspense>
  );
}
