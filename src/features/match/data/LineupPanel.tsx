import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { Slot, useKernel } from '../../../kernel';
import { PushChannel } from '../../../../contract/channels';
import type { LineupData as Lineup, LineupPlayer } from '../../../../contract/matchData';
import { isRecord } from '../../../../domain/footballEvents';
import { Crest } from '../../../core/ui/common/Crest';
import { dataPanelPoint, dataSourcePoint, type DataSourceModule } from '../points';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import { SectionTitle } from './Section';
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

/** The line-up answer of the sport's data source, refetched when `lineup:status` names the match. */
const LineupAnswer = observer(function LineupAnswer({ source, matchId, sportId, names }: { source: DataSourceModule; matchId: number; sportId: number; names: TeamNames }) {
  const { t } = useDataTranslation();
  const { store, language } = useMatchData();
  useEffect(
    () => store.refreshOn(PushChannel.lineupStatus, (data) => isRecord(data) && Number(data.matchId) === matchId, () => source.lineup(store, matchId, language)),
    [store, source, matchId, language],
  );
  return (
    <RemoteView remote={source.lineup(store, matchId, language)} isEmpty={isLineupEmpty} empty={t('lineup.empty')}>
      {(lineup) => <LineupView lineup={lineup} names={names} sportId={sportId} />}
    </RemoteView>
  );
});

const LineupPanelBody = observer(function LineupPanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useDataTranslation();
  const { plugins } = useKernel();
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };
  // Whose routes hold this sport's line-ups is its plugin's (its data source); a sport none declares has none.
  const select = { sportId };
  if (plugins.list(dataSourcePoint, select).length === 0) return <PanelEmpty>{t('lineup.empty')}</PanelEmpty>;
  return (
    <Slot
      point={dataSourcePoint}
      select={select}
      fallback={<PanelSkeleton />}
      render={(source) => <LineupAnswer source={source} matchId={matchId} sportId={sportId} names={names} />}
    />
  );
});

/**
 * Line-ups: starters and substitutes of both teams for every sport whose plugin declares a line-up source at
 * `matchDetail.dataSource` (its routes), and what a sport plugin adds at `matchDetail.dataPanel` (football
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
