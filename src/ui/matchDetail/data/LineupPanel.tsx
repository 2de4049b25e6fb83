import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { Slot, useKernel } from '../../../kernel';
import type { Lineup, LineupPlayer } from '../../../stores/matchData';
import { Crest } from '../../common/Crest';
import { dataPanelPoint } from '../points';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import { SectionTitle } from './Section';
import { dataFamilyOf } from './sources';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import { useDataTranslation } from './i18n';
import styles from './LineupPanel.module.css';

export const isLineupEmpty = (l: Lineup) => !l.published || (l.homeLine.length === 0 && l.awayLine.length === 0);

function PlayerList({ players, label }: { players: LineupPlayer[]; label: string }) {
  const { t } = useDataTranslation();
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
  const { t } = useDataTranslation();
  const team = names[side];
  const formation = side === 'home' ? lineup.homeFormation : lineup.awayFormation;
  const id = useId();
  return (
    <section className={styles.team} aria-labelledby={id}>
      <SectionTitle id={id}>
        <Crest src={lineup.logoArr[side]} size={20} team={team} />
        {team}
        {formation.length > 0 && <span className={styles.formation}>{formation.join('-')}</span>}
      </SectionTitle>
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
  const { t } = useDataTranslation();
  const { store, language } = useMatchData();
  const { plugins } = useKernel();
  // Whose routes hold this sport's line-ups is its plugin's declaration; a sport none declares has none.
  const family = dataFamilyOf(plugins, sportId);
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };

  useEffect(() => (family ? store.followLineup(matchId, family, language) : undefined), [store, family, matchId, language]);

  if (!family) return <PanelEmpty>{t('lineup.empty')}</PanelEmpty>;
  return (
    <RemoteView remote={store.lineup(matchId, family, language)} isEmpty={isLineupEmpty} empty={t('lineup.empty')}>
      {(lineup) => <LineupView lineup={lineup} names={names} sportId={sportId} />}
    </RemoteView>
  );
});

/**
 * Line-ups: starters and substitutes of both teams for every sport whose plugin declares a line-up source at
 * `matchDetail.dataSource` (the route family), and what a sport plugin adds at `matchDetail.dataPanel` (football
 * draws the pitch and the incidents). Refetched when `lineup:status` names the
 * match (announcement, substitutions, cards).
 */
export function LineupPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <LineupPanelBody {...props} />
    </Suspense>
  );
}
