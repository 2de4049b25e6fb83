import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EventIcon, EventType, NAMED_EVENT_TYPES, type LineupIncident, type LineupPlayer, type LineupSectionProps } from '../../../src/sdk';
import styles from './Incidents.module.css';

const incidentMinute = (second: number) => `${Math.floor(second / 60) + 1}'`;

/** The match's incidents in time order: goals, cards and substitutions with the players' names. */
export function Incidents({ lineup, names }: LineupSectionProps) {
  const { t } = useTranslation('matchData');
  const players = new Map<number, LineupPlayer>();
  for (const p of [...lineup.homeLine, ...lineup.homeBackup, ...lineup.awayLine, ...lineup.awayBackup]) players.set(p.id, p);
  const nameOf = (id: number | undefined) => (id === undefined ? t('lineup.unknownPlayer') : (players.get(id)?.name ?? t('lineup.unknownPlayer')));
  const describe = (i: LineupIncident) =>
    i.type === EventType.substitution ? t('lineup.substitution', { in: nameOf(i.playerId), out: nameOf(i.relatedPlayerId) }) : nameOf(i.playerId);
  const sorted = [...lineup.incidentArr].sort((a, b) => a.second - b.second);
  const id = useId();
  return (
    <section className={styles.incidents} aria-labelledby={id}>
      <h3 id={id} className={styles.title}>
        {t('lineup.incidents')}
      </h3>
      {sorted.length === 0 ? (
        <p className={styles.note}>{t('lineup.noIncidents')}</p>
      ) : (
        <ol className={styles.incidentList}>
          {sorted.map((i, index) => (
            <li key={`${i.second}-${i.playerId}-${index}`} className={`${styles.incident} ${styles[i.team]}`}>
              <span className={styles.minute}>{incidentMinute(i.second)}</span>
              <EventIcon type={i.type} label={t(NAMED_EVENT_TYPES.has(i.type) ? `eventType.${i.type}` : 'eventType.other')} />
              <span className={styles.incidentTeam}>{names[i.team]}</span>
              <span>{describe(i)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
