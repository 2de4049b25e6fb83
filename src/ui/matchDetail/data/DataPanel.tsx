import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dataSportOf,
  TECHNIC_KEYS,
  type FootballInfo,
  type History,
  type Remote,
  type Weather,
} from '../../../stores/matchData';
import { HistoryView, isHistoryEmpty } from './HistoryView';
import { WeatherIcon } from './icons';
import { PanelSkeleton, RemoteView } from './PanelStates';
import { Slot } from '../../../kernel';
import { dataPanelPoint } from '../points';
import { DataBlock, DataNote, plainRow, StatsTable, type StatsRow } from './StatsTable';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import styles from './DataPanel.module.css';

function WeatherView({ weather }: { weather: Weather }) {
  const { t } = useTranslation('matchData');
  const id = useId();
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h3 id={id} className={styles.title}>
        {t('weather.title')}
      </h3>
      <div className={styles.weather}>
        <WeatherIcon image={weather.weather_image} id={weather.weather_id} label={weather.weather} />
        <dl className={styles.facts}>
          <div>
            <dt>{t('weather.conditions')}</dt>
            <dd>{weather.weather}</dd>
          </div>
          <div>
            <dt>{t('weather.temperature')}</dt>
            <dd>{t('weather.temperatureValue', { value: weather.temperature })}</dd>
          </div>
          <div>
            <dt>{t('weather.wind')}</dt>
            <dd>{t('weather.windValue', { value: weather.wind })}</dd>
          </div>
          <div>
            <dt>{t('weather.pressure')}</dt>
            <dd>{t('weather.pressureValue', { value: weather.pressure })}</dd>
          </div>
          <div>
            <dt>{t('weather.humidity')}</dt>
            <dd>{t('weather.humidityValue', { value: weather.humidity })}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function FootballStats({ info, names }: { info: FootballInfo; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  if (!info.technic) return <DataNote>{t('stats.notStarted')}</DataNote>;
  const technic = info.technic;
  const rows: StatsRow[] = TECHNIC_KEYS.map((key) => {
    const pair = technic[key];
    const show = (v: number) => (key === 'possession' ? t('stats.percent', { value: v }) : String(v));
    return { key, label: t(`stats.${key}`), home: show(pair.home), away: show(pair.away), homeValue: pair.home, awayValue: pair.away };
  });
  // Whatever else the feed counts (free kicks, substitutions, ...) follows with the platform's labels.
  const known = new Set<string>(TECHNIC_KEYS);
  for (const s of info.stats) if (!known.has(s.key)) rows.push(plainRow(s));
  return <StatsTable rows={rows} names={names} caption={t('stats.title')} />;
}

function FootballLive({ remote, names }: { remote: Remote<FootballInfo>; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
    <RemoteView remote={remote} isEmpty={(d) => !d.weather && !d.technic && d.stats.length === 0} empty={t('stats.notStarted')} rows={3}>
      {(info) => (
        <>
          {info.weather && <WeatherView weather={info.weather} />}
          <DataBlock label={t('stats.title')}>
            <FootballStats info={info} names={names} />
          </DataBlock>
        </>
      )}
    </RemoteView>
  );
}

function HistoryBlock({ remote, names, timeZone }: { remote: Remote<History>; names: TeamNames; timeZone: string }) {
  const { t } = useTranslation('matchData');
  const id = useId();
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h3 id={id} className={styles.title}>
        {t('history.title')}
      </h3>
      <RemoteView remote={remote} isEmpty={isHistoryEmpty} empty={t('history.empty')}>
        {(history) => <HistoryView history={history} names={names} timeZone={timeZone} />}
      </RemoteView>
    </section>
  );
}

const DataPanelBody = observer(function DataPanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useTranslation('matchData');
  const { store, language, timeZone } = useMatchData();
  const sport = dataSportOf(sportId);
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };

  useEffect(() => {
    if (sport === 'football') return store.followFootballStats(matchId, language);
    return undefined;
  }, [store, sport, matchId, language]);

  return (
    <div className={styles.panel}>
      {sport === 'football' && <FootballLive remote={store.footballInfo(matchId, language)} names={names} />}
      <Slot point={dataPanelPoint} select={{ panel: 'data', sportId }} render={({ Body }) => Body && <Body matchId={matchId} names={names} />} />
      <HistoryBlock remote={store.history(matchId, language)} names={names} timeZone={timeZone} />
    </div>
  );
});

/**
 * The "Data" tab: weather and live technical statistics for football (matchInfo, following `football:tec`), what a
 * sport plugin draws at `matchDetail.dataPanel` (basketball's points per period and statistics), and the history.
 */
export function DataPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <DataPanelBody {...props} />
    </Suspense>
  );
}
