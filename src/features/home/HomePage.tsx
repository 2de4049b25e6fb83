import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../kernel/sports';
import { Button } from '../../core/ui/common/Button';
import { EmptyState, Panel } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { GroupedMatches, groupBySport } from '../lists/GroupedMatches';
import { useStore } from '../../core/ui/storeContext';
import { BannerView } from '../banners/BannerView';
import { LiveCard, LiveCardSkeleton } from './LiveCard';
import { PluginScreenList } from './PluginScreen';
import styles from './HomePage.module.css';

/** How many card placeholders show while live matches load. */
const LIVE_SKELETONS = 6;

/**
 * Home: live matches that have video or animation, across sports, and the first hot matches (matches of the hot
 * leagues the statistics call names). Both refresh with the match loop while home shows.
 */
export const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  const store = useStore();
  const { ui, home, statistics } = store;
  const sportKey = ui.activeSportId !== undefined ? sportI18nKeyOf(ui.activeSportId, 'A') : undefined;

  useEffect(() => {
    home.open();
    return () => home.close();
  }, [home]);

  // The hot leagues come with the statistics; load their matches once known and again when they change.
  const hotKey = statistics.hotLeagueIds.join(',');
  useEffect(() => {
    if (statistics.loaded) void home.loadHot(statistics.hotLeagueIds);
  }, [home, statistics, statistics.loaded, hotKey]);

  return (
    <div className={styles.page}>
      <BannerView scope="home" />
      <section className={styles.hero} aria-labelledby="sp-home-title">
        <h1 id="sp-home-title" className={styles.heroTitle}>
          {sportKey ? t(sportKey) : t('home.welcome')}
        </h1>
        <p className={styles.heroText}>{t('home.pickSport')}</p>
      </section>
      <Panel title={<LiveTitle label={t('home.live')} />} labelledBy="sp-home-live">
        <LiveSection />
      </Panel>
      <Panel
        title={t('home.hot')}
        labelledBy="sp-home-hot"
        actions={
          <Button variant="secondary" onClick={() => store.showScreen('hot')}>
            {t('home.allHot')}
          </Button>
        }
      >
        <HotSection />
      </Panel>
      <PluginScreenList />
    </div>
  );
});

const LiveSection = observer(function LiveSection() {
  const { t } = useTranslation();
  const { home } = useStore();
  const { live } = home;
  if (live.status === 'idle' || live.status === 'loading') {
    return (
      <div className={styles.cards} role="status" aria-label={t('app.loading')}>
        {Array.from({ length: LIVE_SKELETONS }, (_, i) => (
          <LiveCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (live.status === 'failed') return <LoadFailed onRetry={() => void home.loadLive()} />;
  const shown = home.liveNow;
  if (shown.length === 0) return <EmptyState>{t('home.liveEmpty')}</EmptyState>;
  return (
    <ul className={styles.cards} aria-label={t('home.live')}>
      {shown.map((match) => (
        <li key={match.matchId} className={styles.cardItem}>
          <LiveCard match={match} />
        </li>
      ))}
    </ul>
  );
});

const HotSection = observer(function HotSection() {
  const { t } = useTranslation();
  const { home, statistics } = useStore();
  const groups = useMemo(() => groupBySport(home.hot.records), [home.hot.records]);
  // Without the statistics there are no hot leagues to ask for: their failure is this section's failure.
  if (!statistics.loaded) {
    if (statistics.status === 'failed') return <LoadFailed onRetry={() => void statistics.load()} />;
    return <RowsSkeleton rows={4} />;
  }
  const { status } = home.hot;
  if (status === 'idle' || status === 'loading') return <RowsSkeleton rows={4} />;
  if (status === 'failed') return <LoadFailed onRetry={() => void home.loadHot(statistics.hotLeagueIds)} />;
  if (home.hot.records.length === 0) return <EmptyState>{t('home.hotEmpty')}</EmptyState>;
  return (
    <div className={styles.hotTable}>
      <GroupedMatches groups={groups} label={t('home.hot')} />
    </div>
  );
});

function LiveTitle({ label }: { label: string }) {
  return (
    <span className={styles.liveTitle}>
      <span className={styles.liveDot} aria-hidden="true" />
      {label}
    </span>
  );
}
