import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Slot, useKernel } from '../../../kernel';
import type { Remote } from '../../../sdk/matchData';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import { dataSourcePoint } from '../points';
import type { MatchDataPanelProps } from './types';
import { useMatchData } from './useMatchData';
import { useDataTranslation } from './i18n';
import styles from './TextsPanel.module.css';

/** Platform texts as text: React escapes them, so markup in them shows literally and never runs. */
function Texts({ remote, label, empty }: { remote: Remote<string[]>; label: string; empty: string }) {
  return (
    <RemoteView remote={remote} isEmpty={(texts) => texts.every((text) => text.trim() === '')} empty={empty}>
      {(texts) => (
        <ul className={styles.texts} aria-label={label}>
          {texts
            .filter((text) => text.trim() !== '')
            .map((text, index) => (
              <li key={index} className={styles.text}>
                {text}
              </li>
            ))}
        </ul>
      )}
    </RemoteView>
  );
}

const AnalysisBody = observer(function AnalysisBody({ matchId }: MatchDataPanelProps) {
  const { t } = useDataTranslation();
  const { store, language } = useMatchData();
  return <Texts remote={store.analysis(matchId, language)} label={t('analysis.label')} empty={t('analysis.empty')} />;
});

const IntelligenceBody = observer(function IntelligenceBody({ matchId, sportId }: MatchDataPanelProps) {
  const { t } = useDataTranslation();
  const { store, language } = useMatchData();
  const { plugins } = useKernel();
  // The score host has intelligence on the routes of the sport's plugin (football zq, basketball lq).
  const select = { sportId };
  if (plugins.list(dataSourcePoint, select).length === 0) return <PanelEmpty>{t('intelligence.empty')}</PanelEmpty>;
  return (
    <Slot
      point={dataSourcePoint}
      select={select}
      fallback={<PanelSkeleton />}
      render={(source) => <Texts remote={source.intelligence(store, matchId, language)} label={t('intelligence.label')} empty={t('intelligence.empty')} />}
    />
  );
});

/** The pre-match analysis texts (any sport). */
export function AnalysisPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <AnalysisBody {...props} />
    </Suspense>
  );
}

/** The intelligence texts, from the routes of the sport's data source (its plugin's `matchDetail.dataSource`). */
export function IntelligencePanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <IntelligenceBody {...props} />
    </Suspense>
  );
}
