import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Suspense, type ReactNode } from 'react';
import { AccountSwitchDialog } from '../login/AccountSwitchDialog';
import { LoginDialog } from '../login/LoginDialog';
import { MaintenanceNotice } from '../maintenance/MaintenanceNotice';
import { HotMenuEntry, SportsMenu } from '../sportsMenu/SportsMenu';
import { useStore } from '../storeContext';
import { Toasts } from '../toasts/Toasts';
import { useScreenUrl } from '../home/screenUrl';
import { GoalPushPopup } from '../goalPush/GoalPushPopup';
import { Header } from './Header';
import { RightColumn } from './RightColumn';
import styles from './Layout.module.css';

/** The desktop frame every screen lives in: header, sports menu, main content, right column (slip and video). */
export const Layout = observer(function Layout({ merchantName, embedded, children }: { merchantName: string; embedded: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const store = useStore();
  // Here, in the frame that shows from the first paint, not in the lazily loaded screens: a click on the header before
  // they arrive must not be undone by the address read when they mount.
  useScreenUrl(store);
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#sp-main">
        {t('app.skipToContent')}
      </a>
      <a className={styles.skip} href="#sp-betslip-title">
        {t('app.skipToSlip')}
      </a>
      <Header merchantName={merchantName} embedded={embedded} />
      {store.underMaintenance ? (
        <main id="sp-main" className={styles.maintenance}>
          <MaintenanceNotice />
        </main>
      ) : (
        <div className={styles.body}>
          {/* Hot matches are not a sport: their entry sits above the sports navigation, not in it. */}
          <div className={styles.menu}>
            <HotMenuEntry />
            <nav aria-label={t('sportsMenu.title')}>
              <SportsMenu />
            </nav>
          </div>
          <main id="sp-main" className={styles.main} tabIndex={-1}>
            <Suspense fallback={null}>{children}</Suspense>
          </main>
          <RightColumn />
        </div>
      )}
      {!store.underMaintenance && (
        <footer className={styles.footer}>
          <button type="button" className={styles.footerLink} aria-current={store.ui.view === 'rules' ? 'page' : undefined} onClick={() => store.showRules()}>
            {t('nav.rules')}
          </button>
        </footer>
      )}
      {!store.underMaintenance && <GoalPushPopup />}
      <Toasts />
      <LoginDialog />
      <AccountSwitchDialog />
    </div>
  );
});
