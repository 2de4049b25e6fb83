import { observer } from 'mobx-react-lite';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot, useKernel } from '../../../kernel';
import { dataSportOf, type FootballTextLine } from '../../../stores/matchData';
import { withoutTimePrefix } from '../../../stores/footballEvents';
import { EventIcon, NAMED_EVENT_TYPES } from './icons';
import { dataPanelPoint } from '../points';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import styles from './TextLivePanel.module.css';

function FootballLines({ lines, names }: { lines: FootballTextLine[]; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
    <ol className={styles.lines} aria-label={t('textLive.label')}>
      {lines.map((line, index) => (
        <li key={`${line.second}-${line.type}-${lines.length - index}`} className={`${styles.line} ${line.team ? styles[line.team] : ''}`}>
          <span className={styles.minute}>{line.minute}</span>
          <EventIcon type={line.type} label={t(NAMED_EVENT_TYPES.has(line.type) ? `eventType.${line.type}` : 'eventType.other')} />
          {line.team && <span className="sp-visually-hidden">{names[line.team]}</span>}
          <span className={styles.text}>{withoutTimePrefix(line.text)}</span>
        </li>
      ))}
    </ol>
  );
}

const FootballTextLive = observer(function FootballTextLive({ matchId, names }: { matchId: number; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  useEffect(() => store.followFootballText(matchId, language), [store, matchId, language]);
  return (
    <RemoteView remote={store.footballText(matchId, language)} isEmpty={(lines) => lines.length === 0} empty={t('textLive.empty')} rows={6}>
      {(lines) => <FootballLines lines={lines} names={names} />}
    </RemoteView>
  );
});

const TextLivePanelBody = observer(function TextLivePanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useTranslation('matchData');
  const { plugins } = useKernel();
  const sport = dataSportOf(sportId);
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };
  if (sport === 'football') return <FootballTextLive matchId={matchId} names={names} />;
  const select = { panel: 'textLive', sportId } as const;
  // A sport plugin may draw its own play-by-play (basketball, by section); a sport without one has nothing to say.
  if (plugins.list(dataPanelPoint, select).length === 0) return <PanelEmpty>{t('textLive.empty')}</PanelEmpty>;
  return <Slot point={dataPanelPoint} select={select} fallback={<PanelSkeleton rows={6} />} render={({ Body }) => Body && <Body matchId={matchId} names={names} />} />;
});

/**
 * Text live: football commentary newest first (new lines from `football:js1`), or what a sport plugin draws at
 * `matchDetail.dataPanel` (basketball's play-by-play with its section filter).
 */
export function TextLivePanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <TextLivePanelBody {...props} />
    </Suspense>
  );
}
