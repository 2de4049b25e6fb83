import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MaintenanceNotice } from '../maintenance/MaintenanceNotice';
import { HotMenuEntry, SportsMenu } from '../../../features/lists/sportsMenu/SportsMenu';
import { useStore } from '../storeContext';
import { Toasts } from '../toasts/Toasts';
import { useScreenUrl } from '../../../features/home/screenUrl';
import { Header } from './Header';
import { PushStatusBar } from './PushStatusBar';
import { RightColumn } from './RightColumn';
import styles from './Layout.module.css';

// The dialogs are rarely needed (a visitor signing in, a link switching accounts): their own chunk, loaded on first need.
const LoginDialog = lazy(() => import(/* webpackChunkName: "login" */ '../login/LoginDialog').then((m) => ({ default: m.LoginDialog })));
// Only for members whose push setting asks for it (RootStore.watchGoalPush loads its store the same way).
const GoalPushPopup = lazy(() => import(/* webpackChunkName: "goal-push" */ '../../../features/goalPush/GoalPushPopup').then((m) => ({ default: m.GoalPushPopup })));
const AccountSwitchDialog = lazy(() => import(/* webpackChunkName: "login" */ '../login/AccountSwitchDialog').then((m) => ({ default: m.AccountSwitchDialog })));

/** True from the first time `wanted` is: a dialog stays mounted once loaded, so it closes (and returns focus) itself. */
function useWantedOnce(wanted: boolean): boolean {
  const [once, setOnce] = useState(wanted);
  if (wanted && !once) setOnce(true);
  return once || wanted;
}

/** The desktop frame every screen lives in: header, sports menu, main content, right column (slip and video). */
export const Layout = observer(function Layout({ merchantName, embedded, children }: { merchantName: string; embedded: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const store = useStore();
  const loginWanted = useWantedOnce(store.ui.loginDialogOpen);
  const switchWanted = useWantedOnce(store.session.linkSwitch !== undefined);
  const goalPushWanted = useWantedOnce(store.settings.goalPushWanted);
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
      <PushStatusBar />
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
          {/* The live room's bet-slip toggle takes the column away while the room shows (the slip's entries stay in its store). */}
          {!store.ui.slipHidden && <RightColumn />}
        </div>
      )}
      {!store.underMaintenance && (
        <footer className={styles.footer}>
          <button type="button" className={styles.footerLink} aria-current={store.ui.view === 'rules' ? 'page' : undefined} onClick={() => store.showScreen('rules')}>
            {t('nav.rules')}
          </button>
        </footer>
      )}
      {!store.underMaintenance && goalPushWanted && (
        <Suspense fallback={null}>
          <GoalPushPopup />
        </Suspense>
      )}
      <Toasts />
      <Suspense fallback={null}>
        {loginWanted && <LoginDialog />}
        {switchWanted && <AccountSwitchDialog />}
      </Suspense>
    </div>
  );
});
