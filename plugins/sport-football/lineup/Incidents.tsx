import { useTranslation } from 'react-i18next';
import type { LineupIncident, LineupPlayer } from '../../../contract/matchData';
import { DataNote, DataSection, type LineupSectionProps } from '../../../src/sdk';
import { EventIcon, eventLabelKey, EventType } from '../icons';
import styles from './Incidents.module.css';

const incidentMinute = (second: number) => `${Math.floor(second / 60) + 1}'`;

/** The match's incidents in time order: goals, cards and substitutions with the players' names. */
export function Incidents({ lineup, names }: LineupSectionProps) {
  const { t } = useTranslation('sport-football');
  const players = new Map<number, LineupPlayer>();
  for (const p of [...lineup.homeLine, ...lineup.homeBackup, ...lineup.awayLine, ...lineup.awayBackup]) players.set(p.id, p);
  const nameOf = (id: number | undefined) => (id === undefined ? t('lineup.unknownPlayer') : (players.get(id)?.name ?? t('lineup.unknownPlayer')));
  const describe = (i: LineupIncident) =>
    i.type === EventType.substitution ? t('lineup.substitution', { in: nameOf(i.playerId), out: nameOf(i.relatedPlayerId) }) : nameOf(i.playerId);
  const sorted = [...lineup.incidentArr].sort((a, b) => a.second - b.second);
  return (
    <DataSection title={t('lineup.incidents')}>
      {sorted.length === 0 ? (
        <DataNote>{t('lineup.noIncidents')}</DataNote>
      ) : (
        <ol className={styles.incidentList}>
          {sorted.map((i, index) => (
            <li key={`${i.second}-${i.playerId}-${index}`} className={`${styles.incident} ${styles[i.team]}`}>
              <span className={styles.minute}>{incidentMinute(i.second)}</span>
              <EventIcon type={i.type} label={t(eventLabelKey(i.type))} />
              <span className={styles.incidentTeam}>{names[i.team]}</span>
              <span>{describe(i)}</span>
            </li>
          ))}
        </ol>
      )}
    </DataSection>
  );
}
