import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TECHNIC_KEYS, type FootballInfo, type WeatherData as Weather } from '../../../contract/matchData';
import { DataBlock, DataNote, DataSection, plainRow, RemoteView, StatsTable, useMatchData } from '../../../src/sdk';
import type { DataPanelModule, DataSectionProps, StatsRow, TeamNames } from '../../../src/sdk';
import { followFootballStats, footballInfo } from '../matchData';
import { WeatherIcon } from '../icons';
import styles from './Stats.module.css';

const NS = 'sport-football';

function WeatherView({ weather }: { weather: Weather }) {
  const { t } = useTranslation(NS);
  return (
    <DataSection title={t('weather.title')}>
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
    </DataSection>
  );
}

function TechnicalStats({ info, names }: { info: FootballInfo; names: TeamNames }) {
  const { t } = useTranslation(NS);
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

/** Weather and the technical statistics from `zq/matchInfo`, kept live by `football:tec` pushes for the match. */
const FootballStats = observer(function FootballStats({ matchId, names }: DataSectionProps) {
  const { t } = useTranslation(NS);
  const { store, language } = useMatchData();
  useEffect(() => followFootballStats(store, matchId, language), [store, matchId, language]);
  return (
    <RemoteView remote={footballInfo(store, matchId, language)} isEmpty={(d) => !d.weather && !d.technic && d.stats.length === 0} empty={t('stats.notStarted')} rows={3}>
      {(info) => (
        <>
          {info.weather && <WeatherView weather={info.weather} />}
          <DataBlock label={t('stats.title')}>
            <TechnicalStats info={info} names={names} />
          </DataBlock>
        </>
      )}
    </RemoteView>
  );
});

/** Football's part of the Data tab. */
const statsSections: DataPanelModule = { Body: FootballStats };

export default statsSections;
