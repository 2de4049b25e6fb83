import { lazy, Suspense, useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Redirect, Route, Router, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { KernelProvider, type KernelEmitter, type PluginSet, type ServiceMap } from '../../kernel';
import type { RootStoreInstance } from '../store/RootStore';
import { Button } from './common/Button';
import { Layout } from './layout/Layout';
import { StoreProvider } from './storeContext';
import styles from './AppRoot.module.css';

// The spec's only route, home, loads on demand (with the screens it shows: home and the match lists).
const loadHome = () => import(/* webpackChunkName: "home" */ '../../features/home/HomeRoute');
const HomePage = lazy(() => loadHome().then((m) => ({ default: m.HomeRoute })));
/**
 * Starts the home route's download while the app boots: every visit shows it, and its chunks then travel during the
 * configuration's round trips instead of after them (issue 30, the first-list bench). The route's own load takes
 * the same request.
 */
export const preloadHome = (): void => void loadHome().catch(() => undefined);

interface AppRootProps {
  store: RootStoreInstance;
  plugins: PluginSet;
  events: KernelEmitter;
  i18n: I18n;
  services: ServiceMap;
  /** /spa/sport-pc standalone, /newSport inside the host; paths below it are the app's own. */
  basename: string;
  merchantName: string;
  embedded: boolean;
  /** Wires the host's path-change event to navigation; returns its cleanup. */
  onNavigateRequest(navigateTo: (path: string) => void): () => void;
}

export function AppRoot({ store, plugins, events, i18n, services, basename, merchantName, embedded, onNavigateRequest }: AppRootProps) {
  useEffect(() => onNavigateRequest((path) => navigate(`${basename}${path.startsWith('/') ? path : `/${path}`}`)), [basename, onNavigateRequest]);

  return (
    <I18nextProvider i18n={i18n}>
      <StoreProvider store={store}>
        <KernelProvider value={{ plugins, services, events }}>
          <Suspense fallback={<BootScreen />}>
            <Router base={basename}>
              <Switch>
                <Route path="/">
                  <Layout merchantName={merchantName} embedded={embedded}>
                    <HomePage />
                  </Layout>
                </Route>
                <Route>
                  <Redirect to="/" replace />
                </Route>
              </Switch>
            </Router>
          </Suspense>
        </KernelProvider>
      </StoreProvider>
    </I18nextProvider>
  );
}

/**
 * Shown before i18n exists (boot) or when boot failed, so its few words are given in the default language and
 * English side by side.
 */
export function BootScreen({ failed = false, detail, onRetry }: { failed?: boolean; detail?: string; onRetry?: () => void }) {
  return (
    <div className={styles.boot} role={failed ? 'alert' : 'status'} aria-busy={!failed}>
      {failed ? (
        <>
          <p className={styles.bootTitle}>加载失败 · Loading failed</p>
          {detail && <pre className={styles.bootDetail}>{detail}</pre>}
          {onRetry && (
            <Button onClick={onRetry}>重试 · Retry</Button>
          )}
        </>
      ) : (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <span className="sp-visually-hidden">加载中 · Loading</span>
        </>
      )}
    </div>
  );
}
