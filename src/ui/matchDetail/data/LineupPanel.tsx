import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSportOf, type Lineup, type LineupIncident, type LineupPlayer } from '../../../stores/matchData';
import { Crest } from '../../common/Crest';
import { EventIcon, EventType, NAMED_EVENT_TYPES } from './icons';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import { formationLines, Pitch } from './Pitch';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import styles from './LineupPanel.module.css';

export const isLineupEmpty = (l: Lineup) => !l.published || (l.homeLine.length === 0 && l.awayLine.length === 0);

function PlayerList({ players, label }: { players: LineupPlayer[]; label: string }) {
  const { t } = useTranslation('matchData');
  if (players.length === 0) return null;
  return (
    <>
      <h4 className={styles.listTitle}>{label}</h4>
      <ul className={styles.players} aria-label={label}>
        {players.map((p) => (
          <li key={p.id} className={styles.player}>
            <span className={styles.number}>
              <span className="sp-visually-hidden">{t('history.number')} </span>
              {p.number}
            </span>
            <span className={styles.playerName}>{p.name}</span>
            {p.position && <span className={styles.position}>{p.position}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

function TeamLists({ side, lineup, names }: { side: 'home' | 'away'; lineup: Lineup; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  const team = names[side];
  const formation = side === 'home' ? lineup.homeFormation : lineup.awayFormation;
  const id = useId();
  return (
    <section className={styles.team} aria-labelledby={id}>
      <h3 id={id} className={styles.teamTitle}>
        <Crest src={lineup.logoArr[side]} size={20} team={team} />
        {team}
        {formation.length > 0 && <span className={styles.formation}>{formation.join('-')}</span>}
      </h3>
      <PlayerList players={side === 'home' ? lineup.homeLine : lineup.awayLine} label={t('lineup.startersOf', { team })} />
      <PlayerList players={side === 'home' ? lineup.homeBackup : lineup.awayBackup} label={t('lineup.backupsOf', { team })} />
    </section>
  );
}

const incidentMinute = (second: number) => `${Math.floor(second / 60) + 1}'`;

function Incidents({ lineup, names }: { lineup: Lineup; names: TeamNames }) {
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
      <h3 id={id} className={styles.teamTitle}>
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

function LineupView({ lineup, names, football }: { lineup: Lineup; names: TeamNames; football: boolean }) {
  const { t } = useTranslation('matchData');
  const format = (f: number[]) => (f.length > 0 ? f.join('-') : '');
  return (
    <div className={styles.lineup}>
      {football && (
        <Pitch
          home={formationLines(lineup.homeLine, lineup.homeFormation)}
          away={formationLines(lineup.awayLine, lineup.awayFormation)}
          label={t('lineup.pitch', { home: names.home, homeFormation: format(lineup.homeFormation), away: names.away, awayFormation: format(lineup.awayFormation) })}
        />
      )}
      <div className={styles.teams}>
        <TeamLists side="home" lineup={lineup} names={names} />
        <TeamLists side="away" lineup={lineup} names={names} />
      </div>
      {football && <Incidents lineup={lineup} names={names} />}
    </div>
  );
}

const LineupPanelBody = observer(function LineupPanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  const sport = dataSportOf(sportId);
  const kind = sport === 'other' ? undefined : sport;
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };

  useEffect(() => (kind ? store.followLineup(matchId, kind, language) : undefined), [store, kind, matchId, language]);

  if (!kind) return <PanelEmpty>{t('lineup.empty')}</PanelEmpty>;
  return (
    <RemoteView remote={store.lineup(matchId, kind, language)} isEmpty={isLineupEmpty} empty={t('lineup.empty')}>
      {(lineup) => <LineupView lineup={lineup} names={names} football={kind === 'football'} />}
    </RemoteView>
  );
});

/**
 * Line-ups: football on a pitch from the formations plus starters, substitutes and incidents; basketball as two
 * lists. Refetched when `lineup:status` names the match (announcement, substitutions, cards).
 */
export function LineupPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <LineupPanelBody {...props} />
    </Suspense>
  );
}
