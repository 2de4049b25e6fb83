import { createRoot, type Root } from 'react-dom/client';
import { clearTimers } from 'mobx-react-lite';
import type { i18n as I18n } from 'i18next';
import { ConfigError, createKernelEvents, loadPlugins, PluginStartError, provideServices, type KernelEmitter, type SelectionEvent, type PluginSet, type ResolvedConfig, type ServiceMap } from './kernel';
import { registry } from './kernel/registry';
import { offeredSportsOf, SPORT_NAME_STRINGS } from './kernel/sports';
import { MERCHANT_HEADER } from '../contract/headers';
import { parseLoginState, PATH_CHANGE_EVENT, type HostCallbacks, type HostProps, type PathChangeDetail } from './host/hostProps';
import type { DomainList } from '../contract/forehead';
import { createHttp, type HttpClients, type ServiceName } from './services/http';
import { DEFAULT_LOCALE, toLocale } from './core/domain/locales';
import { createI18n } from './services/i18n';
import { consoleLogger } from './services/logger';
import { createPushClient, type PushClient } from './services/push';
import { createScheduler, waitForValue, type Scheduler } from './services/scheduler';
import { chooseApiBase } from './services/apiBase';
import { createStorage, readUrlParams, removeTokenFromAddress, type AppStorage } from './services/storage';
import { createToaster, type Toaster } from './core/store/toast';
import { createLiveBook } from './core/store/liveBook';
import { addPickToSlip } from './features/slip/pickToSlip';
import type { SlipPick } from './sdk/services';
import { connectLiveBook, refetchOnGap } from './core/store/livePush';
import { createRootStore, type RootStoreInstance } from './core/store/RootStore';
import { AppRoot, BootScreen, preloadHome } from './core/ui/AppRoot';
import { assetUrlRef, betSlipRef, httpRef, i18nRef, pushRef, schedulerRef, screenRef, sessionRef, toastRef } from './core/ui/services';
import './core/ui/theme.css';
import { FOREHEAD_PATHS } from '../contract/paths';

export interface AppHandle {
  update(props: HostProps): void;
  unmount(): void;
}

/** Service base URLs as the platform's domain list answers them (contract/forehead.ts); one for every service. */
export type Domains = DomainList & Record<ServiceName, string>;

export const DEVICE_ID_PREFIX = 'P';

function deviceIdOf(storage: AppStorage): string {
  const existing = storage.get('deviceId');
  if (existing) return existing;
  const id = `${DEVICE_ID_PREFIX}${crypto.randomUUID().replace(/-/g, '')}`;
  storage.set('deviceId', id);
  return id;
}

interface Ready {
  config: ResolvedConfig;
  plugins: PluginSet;
  store: RootStoreInstance;
  i18n: I18n;
  push: PushClient;
  scheduler: Scheduler;
  services: ServiceMap;
  events: KernelEmitter;
}

/**
 * Mounts the app into `container`. The boot screen shows until the device id and the domain configuration are
 * ready (the spec's rule for rendering the child), then the shell renders. Everything created here is owned by
 * the returned handle: unmount stops every timer, socket and listener, so a host can mount again cleanly.
 */
export function startApp(props: HostProps & { container: HTMLElement }, embedded: boolean): AppHandle {
  const merchantId = props.merchantId ?? new URLSearchParams(window.location.search).get('merchant') ?? 'default';
  const storage = createStorage(merchantId);
  const linkParams = readUrlParams(window.location.search);
  removeTokenFromAddress(window.location, window.history);
  // Embedded, the host owns the login state (applyHostProps below); standalone, the link's token is checked first.
  if (linkParams.token && embedded) storage.set('auth', linkParams.token);
  const deviceId = deviceIdOf(storage);
  // The host's apiSrc, or the page's own origin: where the allow-list of service origins is read from.
  const trustedBase = (props.apiSrc ?? '').replace(/\/$/, '');

  const element = document.createElement('div');
  element.setAttribute('data-sport-pc', '');
  element.className = 'sp-app';
  props.container.appendChild(element);
  const root: Root = createRoot(element);
  root.render(<BootScreen />);

  let disposed = false;
  let latestProps: HostProps = props;
  let ready: Ready | undefined;
  const cleanups: (() => void)[] = [];

  const onVisibility = () => ready?.scheduler.setVisible(document.visibilityState !== 'hidden');
  document.addEventListener('visibilitychange', onVisibility);
  cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));

  // Read at call time, so a host that passes new callbacks through update(props) is honoured.
  const host: HostCallbacks = {
    get onSessionCode() {
      return latestProps.onSessionCode;
    },
    get requestLogin() {
      return latestProps.requestLogin;
    },
    get onSettingsChange() {
      return latestProps.onSettingsChange;
    },
    get onBalanceChange() {
      return latestProps.onBalanceChange;
    },
    // Every callback of the contract, so a new one cannot be forgotten here.
  } satisfies { [K in keyof Required<HostCallbacks>]: HostCallbacks[K] };

  const toast = createToaster();
  cleanups.push(() => toast.clear());
  const scheduler = createScheduler({ visible: document.visibilityState !== 'hidden' });
  cleanups.push(() => scheduler.stopAll());
  const bootAbort = new AbortController();
  cleanups.push(() => bootAbort.abort());

  async function boot() {
    preloadHome();
    const loginState = parseLoginState(props);
    const locale = toLocale(loginState.language) ?? toLocale(storage.get('locale')) ?? DEFAULT_LOCALE;
    // Each plugin's strings load from its own folder (plugins/<id>/locales/), under its manifest's namespace.
    const pluginStrings = new Map([...registry.values()].flatMap((p) => (p.manifest.i18nNs && p.locales ? [[p.manifest.i18nNs, p.locales] as const] : [])));
    // The sports' names come from their plugins' manifests into the common namespace. The strings load while the
    // configuration is asked for, not before: one round trip less before the first list (issue 30, first-list bench).
    const i18nLoading = createI18n(locale, undefined, pluginStrings, SPORT_NAME_STRINGS);
    // A boot that fails on the configuration first leaves this promise unawaited: its own failure is not a second error.
    i18nLoading.catch(() => undefined);
    let store: RootStoreInstance | undefined;

    const httpFor = (domains: Record<ServiceName, string>) => {
      const http = createHttp({
        domains,
        getToken: () => storage.get('auth'),
        clearToken: () => store?.session.clear(),
        getLanguage: () => store?.settings.apiLanguage ?? 'CMN',
        get onSessionCode() {
          return host.onSessionCode;
        },
        // There is a store only once the strings are in (below).
        requestLogin: () => store?.requireLogin(i18n.t('error.sessionExpired')),
        // The configuration's calls may fail before the strings are in: the toast waits for them.
        notifyNetworkError: () => void i18nLoading.then((strings) => toast.error(strings.t('error.network')), () => undefined),
      });
      for (const instance of Object.values(http)) {
        instance.defaults.headers.common['x-device-id'] = deviceId;
        // The platform lists and prices for the merchant the app names (docs/api.md "Merchants"); a member's bets
        // follow the member's own merchant whatever this says.
        instance.defaults.headers.common[MERCHANT_HEADER] = merchantId;
      }
      return http;
    };

    const baseHttp = (base: string) => httpFor({ betting: base, match: base, forehead: base, media: base, results: base, banner: base });
    const configOf = (client: HttpClients): Promise<ResolvedConfig> =>
      client.forehead.get(FOREHEAD_PATHS.appConfig, { params: { merchantId }, noAuth: true });
    // The spec's wait-for-condition helper: the shell renders once the domain configuration is in, tried every
    // 500 ms up to 5 times; unmounting stops the wait.
    const waitForDomain = <T,>(load: () => Promise<T>) => waitForValue(load, { signal: bootAbort.signal });
    const trustedConfig = await waitForDomain(() => configOf(baseHttp(trustedBase)));
    const apiBase = chooseApiBase({
      hostApiSrc: props.apiSrc,
      urlApiSrc: linkParams.apiSrc,
      storage,
      pageOrigin: window.location.origin,
      // A platform older than the field allows no other origin.
      serviceOrigins: trustedConfig.serviceOrigins ?? [],
      logger: consoleLogger,
    });
    const domains: Domains = await waitForDomain(() => baseHttp(apiBase).forehead.post(FOREHEAD_PATHS.domainList, {}, { noAuth: true }));
    const http = httpFor(domains);
    const i18n = await i18nLoading;
    // The service the member uses answers its own config; the trusted one already did when they are the same.
    const config = apiBase === trustedBase ? trustedConfig : await configOf(http);
    // One emitter for the stores and the UI: an event a store raises reaches plugins listening through the kernel.
    const events = createKernelEvents();
    const push = createPushClient({ url: domains.push, scheduler, onGap: refetchOnGap(events, () => void store?.matchList.refresh()) });
    const liveBook = createLiveBook({ now: Date.now, language: () => store?.settings.apiLanguage ?? 'CMN' });
    cleanups.push(connectLiveBook(push, liveBook));
    const sports = offeredSportsOf(config);
    store = createRootStore({}, { http, push, scheduler, storage, clock: Date, i18n, host, toast, logger: consoleLogger, liveBook, events, sports });
    store.ui.setTimezone(config.timezone);
    store.ui.setMerchantId(merchantId);
    store.settings.restore(config.defaultLocale);
    if (store.settings.locale !== i18n.language) await i18n.changeLanguage(store.settings.locale);
    // Embedded, the host owns the login state; standalone, a stored token is checked with the platform.
    if (embedded) store.applyHostProps(loginState);
    else {
      await store.session.restore();
      if (linkParams.token) await store.session.acceptLinkToken(linkParams.token);
    }
    void store.staticList.load(store.settings.apiLanguage);
    store.statistics.start();
    store.startClock();
    store.watchMaintenance();
    store.watchGoalPush();
    store.watchSignIn();

    for (const [token, value] of Object.entries(config.theme)) element.style.setProperty(token, value);
    const assetUrl = (path: string) => (/^(https?:|data:)/.test(path) ? path : `${domains.icon.replace(/\/$/, '')}${path}`);
    const rootStore = store;
    const services: ServiceMap = provideServices(
      [httpRef, http],
      [pushRef, push],
      [schedulerRef, scheduler],
      // Bindings are not type-checked against their refs: plugins get the model as the Toaster they are promised.
      [toastRef, toast satisfies Toaster],
      [i18nRef, i18n],
      [assetUrlRef, assetUrl],
      [sessionRef, { get isLogin() { return rootStore.session.isLogin; }, get uid() { return rootStore.session.isLogin ? rootStore.session.userData?.uid : undefined; }, get language() { return rootStore.settings.apiLanguage; }, get timeZone() { return rootStore.ui.timezone; } }],
      [betSlipRef, { add: (selection: SelectionEvent) => events.emit('betSlip.add', selection), addPick: (pick: SlipPick) => addPickToSlip(rootStore, pick) }],
      [screenRef, { open: (screen: string, detail?: string) => rootStore.showPluginScreen(screen, detail), get detail() { return rootStore.ui.view === 'plugin' ? rootStore.ui.pluginDetail : undefined; } }],
    );
    const plugins = loadPlugins(config, registry, { services, loadNamespace: (ns) => i18n.loadNamespaces(ns), logger: consoleLogger });
    return { config, plugins, store, i18n, push, scheduler, services, events };
  }

  boot()
    .then((value) => {
      if (disposed) {
        value.push.close();
        return;
      }
      ready = value;
      cleanups.push(() => value.push.close());
      // The scheduler stops the loops; the stores also hold one-off timers (statistics retry, search debounce).
      cleanups.push(() => value.store.dispose());
      root.render(
        <AppRoot
          store={value.store}
          plugins={value.plugins}
          events={value.events}
          i18n={value.i18n}
          services={value.services}
          basename={embedded ? '/newSport' : '/spa/sport-pc'}
          merchantName={value.config.merchantName}
          embedded={embedded}
          onNavigateRequest={(navigateTo) => {
            const onPathChange = (event: Event) => {
              const { path } = (event as CustomEvent<PathChangeDetail>).detail ?? {};
              if (typeof path === 'string') navigateTo(path);
            };
            window.addEventListener(PATH_CHANGE_EVENT, onPathChange);
            return () => window.removeEventListener(PATH_CHANGE_EVENT, onPathChange);
          }}
        />,
      );
    })
    .catch((error: unknown) => {
      if (disposed) return;
      consoleLogger.error('sport-pc failed to start', error);
      root.render(<BootScreen failed detail={error instanceof ConfigError || error instanceof PluginStartError ? error.message : undefined} onRetry={() => window.location.reload()} />);
    });

  return {
    update(next) {
      latestProps = { ...latestProps, ...next };
      ready?.store.applyHostProps(parseLoginState(latestProps));
    },
    unmount() {
      disposed = true;
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
      root.unmount();
      element.remove();
      // mobx-react-lite keeps the reactions of renders that never committed (a render the unmount cut short) for a
      // timed sweep up to 20 s later, as a backstop to the browser's finalization: end them now, so nothing of the app
      // outlives its unmount (a component still mounted elsewhere makes its reaction again when it commits).
      clearTimers();
    },
  };
}
