import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dataSportOf,
  TECHNIC_KEYS,
  type BasketballTechnic,
  type FootballInfo,
  type History,
  type Remote,
  type StatRow,
  type Weather,
} from '../../../stores/matchData';
import { HistoryView, isHistoryEmpty } from './HistoryView';
import { WeatherIcon } from './icons';
import { PanelSkeleton, RemoteView } from './PanelStates';
import { StatBar } from './StatBar';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import styles from './DataPanel.module.css';

interface Row {
  key: string;
  label: string;
  home: string;
  away: string;
  homeValue: number;
  awayValue: number;
}

function StatsTable({ rows, names, caption }: { rows: Row[]; names: TeamNames; caption: string }) {
  const { t } = useTranslation('matchData');
  return (
    <table className={styles.stats}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.homeCol}>
            {names.home}
          </th>
          <th scope="col">{t('stats.statistic')}</th>
          <th scope="col" className={styles.awayCol}>
            {names.away}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={styles.homeCol}>{row.home}</td>
            <th scope="row" className={styles.statName}>
              {row.label}
              <StatBar home={row.homeValue} away={row.awayValue} />
            </th>
            <td className={styles.awayCol}>{row.away}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const plainRow = (s: StatRow): Row => ({ key: s.key, label: s.name, home: String(s.home), away: String(s.away), homeValue: s.home, awayValue: s.away });

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
  if (!info.technic) return <p className={styles.note}>{t('stats.notStarted')}</p>;
  const technic = info.technic;
  const rows: Row[] = TECHNIC_KEYS.map((key) => {
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
          <section className={styles.block} aria-label={t('stats.title')}>
            <FootballStats info={info} names={names} />
          </section>
        </>
      )}
    </RemoteView>
  );
}

function BasketballStats({ data, names }: { data: BasketballTechnic; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
    <>
      {data.sections.length > 0 && (
        <section className={styles.block} aria-label={t('stats.scoreTitle')}>
          <table className={styles.periods}>
            <caption className={styles.caption}>{t('stats.scoreTitle')}</caption>
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
        </section>
      )}
      <section className={styles.block} aria-label={t('stats.title')}>
        {data.stats.length > 0 ? <StatsTable rows={data.stats.map(plainRow)} names={names} caption={t('stats.title')} /> : <p className={styles.note}>{t('stats.notStarted')}</p>}
      </section>
    </>
  );
}

function BasketballLive({ remote, names }: { remote: Remote<BasketballTechnic>; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
    <RemoteView remote={remote} isEmpty={(d) => d.sections.length === 0 && d.stats.length === 0} empty={t('stats.notStarted')} rows={3}>
      {(data) => <BasketballStats data={data} names={names} />}
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
    if (sport === 'basketball') return store.followBasketball(matchId, () => store.basketballTechnic(matchId, language));
    return undefined;
  }, [store, sport, matchId, language]);

  return (
    <div className={styles.panel}>
      {sport === 'football' && <FootballLive remote={store.footballInfo(matchId, language)} names={names} />}
      {sport === 'basketball' && <BasketballLive remote={store.basketballTechnic(matchId, language)} names={names} />}
      <HistoryBlock remote={store.history(matchId, language)} names={names} timeZone={timeZone} />
    </div>
  );
});

/**
 * The "Data" tab: weather and live technical statistics (football matchInfo, basketball teahnic; football
 * statistics follow `football:tec`, basketball refetches on the match's score pushes) and the history data.
 */
export function DataPanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <DataPanelBody {...props} />
    </Suspense>
  );
}
