import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { KernelProvider, loadPlugins, type Plugin } from '../kernel';
import { registry } from '../kernel/registry';
import { offeredSportsOf } from '../kernel/sports';
import { createRootStore, type RootStoreInstance } from '../core/store/RootStore';
import { StoreProvider } from '../core/ui/storeContext';
import { fakeChatSockets } from './chatFixtures';
import { fakeEnv, type fakeHttp } from './fakeEnv';

type FakeHttp = ReturnType<typeof fakeHttp>;
import { createTestI18n } from './i18n';
import { fakeServices } from './services';

/**
 * Renders a piece of the app in English with a root store on a fake environment, every sport plugin enabled and the
 * kernel's services and events wired as in the app (the store and the UI share one emitter).
 */
export async function renderWithStore(
  ui: ReactNode,
  options: {
    now?: () => number;
    before?: (context: { store: RootStoreInstance; http: FakeHttp; env: ReturnType<typeof fakeEnv>['env'] }) => void | Promise<void>;
    /**
     * Other plugins than the app's (e.g. with a fixture folder's), test plugins beside them (e.g. an extension at a
     * point no shipped plugin fills yet), and which are on; default: the app's, all on.
     */
    plugins?: { registry?: ReadonlyMap<string, Plugin>; extra?: readonly Plugin[]; enabled?: (id: string) => boolean };
    /** Another i18next instance than the English one of the app's locale files (e.g. one reading a fixture plugin's folder). */
    i18n?: I18n;
    /** The piece's own namespaces, loaded before it renders (in the app, its screen's Suspense waits for them). */
    namespaces?: readonly string[];
  } = {},
) {
  const i18n = options.i18n ?? (await createTestI18n('en'));
  await i18n.loadNamespaces(['common', 'sport-football', 'sport-basketball', 'sport-generic', ...(options.namespaces ?? [])]);
  const all = new Map([...(options.plugins?.registry ?? registry), ...(options.plugins?.extra ?? []).map((plugin) => [plugin.manifest.id, plugin] as const)]);
  const enabled = options.plugins?.enabled ?? (() => true);
  const config = { plugins: [...all.keys()].map((id) => ({ id, enabled: enabled(id), options: {} })) };
  // The merchant offers the sports of the plugins that are on, as in the app.
  const { env, http } = fakeEnv({ i18n, sports: offeredSportsOf(config, all), ...(options.now ? { now: options.now } : {}) });
  // A live room opens the chat: its /chat connections are fakes the test drives (chatSockets), never a real socket.
  const chatSockets = fakeChatSockets();
  Object.assign(env, { chatUrl: async () => 'ws://chat.test/chat', openChatSocket: chatSockets.open });
  const store = createRootStore({}, env);
  store.settings.restore('en');
  await options.before?.({ store, http, env });
  const services = fakeServices(env);
  const plugins = loadPlugins(config, all, {
    services,
    loadNamespace: (ns) => i18n.loadNamespaces(ns),
  });
  let result!: RenderResult;
  // Inside act, so the sport plugins' lazy modules resolve and their slots render before the test looks.
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <StoreProvider store={store}>
          <KernelProvider value={{ plugins, events: env.events, services }}>
            {ui}
          </KernelProvider>
        </StoreProvider>
      </I18nextProvider>,
    );
  });
  return { store, env, http, i18n, chatSockets, ...result };
}
