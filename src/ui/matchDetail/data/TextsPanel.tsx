import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSportOf, type Remote } from '../../../stores/matchData';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import type { MatchDataPanelProps } from './types';
import { useMatchData } from './useMatchData';
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
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  return <Texts remote={store.analysis(matchId, language)} label={t('analysis.label')} empty={t('analysis.empty')} />;
});

const IntelligenceBody = observer(function IntelligenceBody({ matchId, sportId }: MatchDataPanelProps) {
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  const sport = dataSportOf(sportId);
  // The platform has intelligence for football (zq) and basketball (lq) only.
  if (sport === 'other') return <PanelEmpty>{t('intelligence.empty')}</PanelEmpty>;
  return <Texts remote={store.intelligence(matchId, sport, language)} label={t('intelligence.label')} empty={t('intelligence.empty')} />;
});

/** The pre-match analysis texts (any sport). */
export function AnalysisPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <AnalysisBody {...props} />
    </Suspense>
  );
}

/** The intelligence texts (football zq, basketball lq). */
export function IntelligencePanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <IntelligenceBody {...props} />
    </Suspense>
  );
}
