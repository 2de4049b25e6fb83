import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import * as z from 'zod/mini';
import { deferred } from '../testing/deferred';
import { createTestI18n } from '../testing/i18n';
import { fakeSportModule } from '../testing/fakeSport';
import { testPlugin } from '../testing/testPlugin';
import { sportPoint, type SportModule } from '../features/lists/points';
import { createKernelEvents } from './events';
import { loadPlugins } from './loadPlugins';
import { provideServices } from './services';
import { KernelProvider, Slot, usePlugin } from './Slot';

function Entry({ sportId, name }: { sportId: number; name: string }) {
  const { options } = usePlugin<{ label: string }>();
  return (
    <span>
      {options.label}:{name}:{sportId}
    </span>
  );
}
const moduleOf = (): { default: SportModule } => ({ default: fakeSportModule({ MenuEntry: (p) => <Entry sportId={p.sportId} name={p.name} /> }) });

async function setup(loaders: Record<string, () => Promise<{ default: SportModule }>>, enabled: string[]) {
  const manifests = Object.entries(loaders).map(([id, loader], i) =>
    testPlugin({ id, point: sportPoint, match: { sportIds: [i + 1] }, options: z.strictObject({ label: z._default(z.string(), id) }), loader }),
  );
  const registry = new Map(manifests.map((m) => [m.manifest.id, m]));
  const plugins = loadPlugins({ plugins: manifests.map((m) => ({ id: m.manifest.id, enabled: enabled.includes(m.manifest.id), options: {} })) }, registry);
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces('common');
  const ui = (
    <I18nextProvider i18n={i18n}>
      <KernelProvider value={{ plugins, services: provideServices(), events: createKernelEvents() }}>
        <Slot
          point={sportPoint}
          fallback={<span>loading</span>}
          render={(module, extension) => (
            <module.MenuEntry sportId={extension.match.sportIds[0]!} name="n" active={false} onSelect={() => undefined} />
          )}
        />
        <p>rest of the page</p>
      </KernelProvider>
    </I18nextProvider>
  );
  // React 19 suspends inside act; rendering in an awaited act lets it settle what is already resolvable.
  await act(async () => {
    render(ui);
  });
}

describe('<Slot>', () => {
  it('loads an enabled plugin on first render behind Suspense and passes it its options', async () => {
    const gate = deferred<{ default: SportModule }>();
    const loader = jest.fn(() => gate.promise);
    await setup({ 'sport-one': loader }, ['sport-one']);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
    await act(async () => gate.resolve(moduleOf()));
    expect(await screen.findByText('sport-one:n:1')).toBeInTheDocument();
  });

  it('never calls the loader of a disabled plugin', async () => {
    const disabled = jest.fn(async () => moduleOf());
    await setup({ 'sport-one': async () => moduleOf(), 'sport-two': disabled }, ['sport-one']);
    await screen.findByText('sport-one:n:1');
    expect(disabled).not.toHaveBeenCalled();
    expect(screen.queryByText(/sport-two/)).toBeNull();
  });

  it('shows a small failure panel when a plugin fails to load, keeps the page, and retries on request', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = jest
      .fn<() => Promise<{ default: SportModule }>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError: Loading chunk plugin-sport-one failed'))
      .mockResolvedValue(moduleOf());
    await setup({ 'sport-one': loader, 'sport-two': async () => moduleOf() }, ['sport-one', 'sport-two']);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('This part could not be loaded');
    expect(panel).toHaveAttribute('data-plugin-failure', 'sport-one');
    expect(screen.getByText('rest of the page')).toBeInTheDocument();
    expect(await screen.findByText('sport-two:n:2')).toBeInTheDocument();

    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('sport-one:n:1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('contains a plugin that throws while rendering', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = async (): Promise<{ default: SportModule }> => ({
      default: fakeSportModule({
        MenuEntry: () => {
          throw new Error('render bug');
        },
      }),
    });
    await setup({ 'sport-one': broken }, ['sport-one']);
    expect(await screen.findByRole('alert')).toHaveAttribute('data-plugin-failure', 'sport-one');
    expect(screen.getByText('rest of the page')).toBeInTheDocument();
  });
});
