import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../domain/sports';
import { EmptyState, Panel } from '../common/Panel';
import { useStore } from '../storeContext';
import styles from './HomePage.module.css';

/** Home: live matches (with media) and hot matches; the lists are fed by the platform's match data. */
export const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const sportKey = ui.activeSportId !== undefined ? sportI18nKeyOf(ui.activeSportId, 'A') : undefined;
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="sp-home-title">
        <h1 id="sp-home-title" className={styles.heroTitle}>
          {sportKey ? t(sportKey) : t('home.welcome')}
        </h1>
        <p className={styles.heroText}>{t('home.pickSport')}</p>
      </section>
      <Panel title={<LiveTitle label={t('home.live')} />} labelledBy="sp-home-live">
        <EmptyState>{t('error.noData')}</EmptyState>
      </Panel>
      <Panel title={t('home.hot')} labelledBy="sp-home-hot">
        <EmptyState>{t('error.noData')}</EmptyState>
      </Panel>
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
