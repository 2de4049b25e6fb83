import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataBlock, DataNote, plainRow, RemoteView, StatsTable, TableCaption, useMatchData } from '../../../src/sdk';
import type { BasketballTechnic } from '../../../contract/matchData';
import type { DataPanelModule, DataSectionProps, TeamNames } from '../../../src/sdk';
import { basketballTechnic, followBasketball } from '../matchData';
import styles from './Stats.module.css';

const NS = 'sport-basketball';

function PointsPerPeriod({ data, names }: { data: BasketballTechnic; names: TeamNames }) {
  const { t } = useTranslation(NS);
  return (
    <DataBlock label={t('stats.scoreTitle')}>
      <table className={styles.periods}>
        <TableCaption>{t('stats.scoreTitle')}</TableCaption>
        <thead>
          <tr>
            <th scope="col">{t('stats.team')}</th>
            {data.sections.map((s) => (
              <th scope="col" key={s.period}>
                {s.name}
              </th>
            ))}
            <th scope="col">{t('stats.total')}</th>
          </tr>
        </thead>
        <tbody>
          {(['home', 'away'] as const).map((side) => (
            <tr key={side}>
              <th scope="row">{names[side]}</th>
              {data.sections.map((s) => (
                <td key={s.period}>{s[side]}</td>
              ))}
              <td className={styles.total}>{side === 'home' ? data.homeScore : data.awayScore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DataBlock>
  );
}

function TechnicalStats({ data, names }: { data: BasketballTechnic; names: TeamNames }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {data.sections.length > 0 && <PointsPerPeriod data={data} names={names} />}
      <DataBlock label={t('stats.title')}>
        {data.stats.length > 0 ? <StatsTable rows={data.stats.map(plainRow)} names={names} caption={t('stats.title')} /> : <DataNote>{t('stats.notStarted')}</DataNote>}
      </DataBlock>
    </>
  );
}

/** Points per period and the technical statistics from `lq/teahnic`, refetched on the match's score pushes. */
const BasketballStats = observer(function BasketballStats({ matchId, names }: DataSectionProps) {
  const { t } = useTranslation(NS);
  const { store, language } = useMatchData();
  useEffect(() => followBasketball(store, matchId, () => basketballTechnic(store, matchId, language)), [store, matchId, language]);
  return (
    <RemoteView remote={basketballTechnic(store, matchId, language)} isEmpty={(d) => d.sections.length === 0 && d.stats.length === 0} empty={t('stats.notStarted')} rows={3}>
      {(data) => <TechnicalStats data={data} names={names} />}
    </RemoteView>
  );
});

/** Basketball's part of the Data tab. */
const statsSections: DataPanelModule = { Body: BasketballStats };

export default statsSections;
