import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteView, useMatchData, withoutTimePrefix } from '../../../src/sdk';
import type { DataPanelModule, DataSectionProps, TeamNames } from '../../../src/sdk';
import type { FootballTextEntry as FootballTextLine } from '../../../contract/matchData';
import { followFootballText, footballText } from '../matchData';
import { EventIcon, eventLabelKey } from '../icons';
import styles from './TextLive.module.css';

const NS = 'sport-football';

function Lines({ lines, names }: { lines: FootballTextLine[]; names: TeamNames }) {
  const { t } = useTranslation(NS);
  return (
    <ol className={styles.lines} aria-label={t('textLive.label')}>
      {lines.map((line, index) => (
        <li key={`${line.second}-${line.type}-${lines.length - index}`} className={`${styles.line} ${line.team ? styles[line.team] : ''}`}>
          <span className={styles.minute}>{line.minute}</span>
          <EventIcon type={line.type} label={t(eventLabelKey(line.type))} />
          {line.team && <span className="sp-visually-hidden">{names[line.team]}</span>}
          <span className={styles.text}>{withoutTimePrefix(line.text)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The commentary newest first from `zq/TextLive`; `football:js1` events of the match are added at the top. */
const FootballTextLive = observer(function FootballTextLive({ matchId, names }: DataSectionProps) {
  const { t } = useTranslation(NS);
  const { store, language } = useMatchData();
  useEffect(() => followFootballText(store, matchId, language), [store, matchId, language]);
  return (
    <RemoteView remote={footballText(store, matchId, language)} isEmpty={(lines) => lines.length === 0} empty={t('textLive.empty')} rows={6}>
      {(lines) => <Lines lines={lines} names={names} />}
    </RemoteView>
  );
});

/** Football's Text live tab. */
const textLiveSections: DataPanelModule = { Body: FootballTextLive };

export default textLiveSections;
