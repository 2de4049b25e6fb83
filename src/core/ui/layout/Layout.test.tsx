import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createKernelEvents, loadPlugins } from '../../../kernel';
import { registry } from '../../../kernel/registry';
import { createRootStore } from '../../store/RootStore';
import { fakeEnv } from '../../../testing/fakeEnv';
import { createTestI18n } from '../../../testing/i18n';
import { fakeServices } from '../../../testing/services';
import { wireMatch } from '../../../testing/matchFixtures';
import { AppRoot } from '../AppRoot';

async function renderApp(enabled: string[] = ['sport-football', 'sport-basketball', 'sport-generic'], lng: 'en' | 'zh-CN' = 'en') {
  const i18n = await createTestI18n(lng);
  const { env, http } = fakeEnv({ i18n });
  const store = createRootStore({}, env);
  store.settings.restore(lng);
  const services = fakeServices(env);
  const plugins = loadPlugins({ plugins: [...registry.keys()].map((id) => ({ id, enabled: enabled.includes(id), options: {} })) }, registry, {
    services,
    loadNamespace: (ns) => i18n.loadNamespaces(ns),
  });
  await act(async () => {
    render(
      <AppRoot
        store={store}
        plugins={plugins}
        events={createKernelEvents()}
        i18n={i18n}
        services={services}
        basename=""
        merchantName="Test Book"
        embedded={false}
        onNavigateRequest={() => () => undefined}
      />,
    );
  });
  return { store, env, http };
}

describe('the desktop layout', () => {
  // The frame's lazy parts (the login dialog, the slip) load on first need. In jsdom, when such a part's promise settled
  // after the act() of the event that asked for it, React (19) sometimes never retried its Suspense boundary (its
  // warning: "a suspended resource finished loading inside a test, but the event was not wrapped in act"), and in a
  // third of the runs the dialog never showed. Rendered once here, re-rendering until they show, every lazy part is
  // resolved before the tests, which then see what a browser shows once a chunk has arrived: the part at once. (The
  // first load of the chunks is what the Playwright runs see.)
  beforeAll(async () => {
    const { store } = await renderApp();
    for (let tries = 0; !document.querySelector('dialog[open]') || screen.queryByText('Loading…'); tries++) {
      if (tries === 600) throw new Error('the login dialog and the bet slip did not render within a minute');
      await act(async () => store.ui.closeLogin());
      await act(async () => {
        store.ui.openLogin();
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
    }
    cleanup();
  }, 180_000);

  it('lists every sport of the enabled plugins in the spec order', async () => {
    await renderApp();
    const menu = await screen.findByRole('navigation', { name: 'Sports' });
    await within(menu).findByRole('button', { name: 'Beach volleyball' });
    const names = within(menu).getAllByRole('button').map((b) => b.textContent);
    expect(names.slice(0, 5)).toEqual(['Football', 'Basketball', 'E-football', 'E-basketball', 'Tennis']);
    expect(names).toHaveLength(17);
  });

  it('leaves out the sports of a disabled plugin', async () => {
    await renderApp(['sport-football']);
    const menu = await screen.findByRole('navigation', { name: 'Sports' });
    await within(menu).findByRole('button', { name: 'Football' });
    expect(within(menu).getAllByRole('button')).toHaveLength(1);
  });

  it('opens the chosen sport\'s in-play list in the main column', async () => {
    const { store, http } = await renderApp();
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 1, records: [wireMatch({ sportId: 5, matchInfo: { ...wireMatch().matchInfo, homeName: 'Nadal', awayName: 'Alcaraz' }, betGroup: [] })] });
    const tennis = await screen.findByRole('button', { name: 'Tennis' });
    await userEvent.click(tennis);
    expect(tennis).toHaveAttribute('aria-current', 'page');
    expect(store.ui.activeSportId).toBe(5);
    expect(await screen.findByRole('heading', { level: 1, name: /^Tennis/ })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Nadal – Alcaraz' })).toBeInTheDocument();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', expect.objectContaining({ type: 1, sportIds: '5' }), { noAuth: true });
    act(() => store.matchList.close());
  });

  it('opens the login dialog, validates, and signs in', async () => {
    const { http, store } = await renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your username and password');
    // Home's banner area asks for the customer-service news meanwhile; nothing tried to sign in.
    const signIns = () => http.forehead.post.mock.calls.filter(([path]) => path === '/api/forehead/user/login');
    expect(signIns()).toEqual([]);

    const others = http.forehead.post.getMockImplementation();
    http.forehead.post.mockImplementation((path, body, config) =>
      path === '/api/forehead/user/login'
        ? Promise.resolve({
            isLogin: true,
            token: 't',
            userData: { uid: '1', username: 'demo' },
            balance: { balanceList: [{ coinCode: 'CNY', balance: '10000.00', isDefault: true }] },
          })
        : (others?.(path, body, config) ?? Promise.resolve(undefined)),
    );
    await userEvent.type(within(dialog).getByLabelText('Username'), 'demo');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'demo1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(store.session.isLogin).toBe(true);
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.getByTestId('app-balance')).toHaveTextContent('¥10,000.00');
  });

  it('shows the maintenance notice instead of the sportsbook', async () => {
    const { store } = await renderApp();
    act(() => store.applyHostProps({ isLogin: false, AllInMaintain: true }));
    expect(screen.getByRole('heading', { name: 'Under maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sports' })).toBeNull();
  });

  it('shows the notice when an operator sets the platform flag, and the sportsbook again when it is cleared', async () => {
    const { store, env } = await renderApp();
    store.watchMaintenance();
    const subscribe = env.push.subscribe as jest.Mock<(channel: string, handler: (data: unknown) => void) => () => void>;
    const handler = subscribe.mock.calls.find(([channel]) => channel === 'system:maintenance')![1];
    act(() => handler({ underMaintenance: true }));
    expect(screen.getByRole('heading', { name: 'Under maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sports' })).toBeNull();
    act(() => handler({ underMaintenance: false }));
    expect(screen.queryByRole('heading', { name: 'Under maintenance' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Sports' })).toBeInTheDocument();
  });

  it('renders toasts and lets the member dismiss them', async () => {
    const { env } = await renderApp();
    act(() => void env.toast.error('Network error, please try again'));
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Network error, please try again');
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Network error, please try again')).toBeNull();
  });
});
