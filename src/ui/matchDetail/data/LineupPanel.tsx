import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot } from '../../../kernel';
import { dataSportOf, type Lineup, type LineupPlayer } from '../../../stores/matchData';
import { Crest } from '../../common/Crest';
import { dataPanelPoint } from '../points';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
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

function LineupView({ lineup, names, sportId }: { lineup: Lineup; names: TeamNames; sportId: number }) {
  const select = { panel: 'lineup', sportId } as const;
  return (
    <div className={styles.lineup}>
      <Slot point={dataPanelPoint} select={select} render={({ Above }) => Above && <Above lineup={lineup} names={names} />} />
      <div className={styles.teams}>
        <TeamLists side="home" lineup={lineup} names={names} />
        <TeamLists side="away" lineup={lineup} names={names} />
      </div>
      <Slot point={dataPanelPoint} select={select} render={({ Below }) => Below && <Below lineup={lineup} names={names} />} />
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
      {(lineup) => <LineupView lineup={lineup} names={names} sportId={sportId} />}
    </RemoteView>
  );
});

/**
 * Line-ups: starters and substitutes of both teams for every sport with line-ups, and what a sport plugin adds at
 * `matchDetail.dataPanel` (football draws the pitch and the incidents). Refetched when `lineup:status` names the
 * match (announcement, substitutions, cards).
 */
export function LineupPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <LineupPanelBody {...props} />
    </Suspense>
  );
}
