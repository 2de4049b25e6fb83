import { Component, createContext, Suspense, use, useContext, useState, type ErrorInfo, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { KernelEmitter } from './events';
import type { ExtensionPoint } from './extensionPoint';
import type { ActiveExtension, PluginSet } from './loadPlugins';
import type { ServiceMap, ServiceRef } from './services';
import styles from './Slot.module.css';

export interface KernelValue {
  plugins: PluginSet;
  events: KernelEmitter;
  /** Services plugins use (http, push, scheduler, storage, toast...) by typed ref: injected, never imported as singletons. */
  services: ServiceMap;
}

const KernelContext = createContext<KernelValue | null>(null);
const PluginContext = createContext<{ id: string; options: Record<string, unknown> } | null>(null);

export function KernelProvider({ value, children }: { value: KernelValue; children: ReactNode }) {
  return <KernelContext.Provider value={value}>{children}</KernelContext.Provider>;
}

export function useKernel(): KernelValue {
  const value = useContext(KernelContext);
  if (!value) throw new Error('useKernel outside <KernelProvider>');
  return value;
}

/** A service by its ref; start-up already checked that the app provides every ref an enabled plugin declared. */
export function useService<T>(ref: ServiceRef<T>): T {
  return useKernel().services.get(ref);
}

/** Inside a plugin's components: its own id and validated options. */
export function usePlugin<O extends Record<string, unknown> = Record<string, unknown>>(): { id: string; options: O } {
  const value = useContext(PluginContext);
  if (!value) throw new Error('usePlugin outside a plugin slot');
  return value as { id: string; options: O };
}

interface SlotProps<M, Match, Select> {
  point: ExtensionPoint<M, Match, Select>;
  select?: Select;
  render(module: M, extension: ActiveExtension<M, Match>): ReactNode;
  /** Shown while a plugin's code downloads; keep it the size of the real thing so nothing jumps. */
  fallback?: ReactNode;
}

/**
 * Renders every enabled extension at a point whose static match accepts the selection. Each one loads on first
 * render behind Suspense (so a disabled one is never requested), and one that fails to load or throws shows a small
 * failure panel instead of breaking the page.
 */
export function Slot<M, Match, Select>({ point, select, render, fallback = null }: SlotProps<M, Match, Select>) {
  const { plugins } = useKernel();
  return plugins.list(point, select).map((extension) => (
    <PluginBoundary key={extension.id} pluginId={extension.plugin.plugin.manifest.id} onRetry={() => plugins.forget(extension.id)}>
      <Suspense fallback={fallback}>
        <LoadedExtension extension={extension} render={render as SlotProps<unknown, unknown, unknown>['render']} />
      </Suspense>
    </PluginBoundary>
  ));
}

/** An observer, so state the slot's render callback reads re-renders the extension when it changes. */
const LoadedExtension = observer(function LoadedExtension({
  extension,
  render,
}: {
  extension: ActiveExtension;
  render: SlotProps<unknown, unknown, unknown>['render'];
}) {
  const { plugins } = useKernel();
  const module = use(plugins.load(extension));
  const { plugin, options } = extension.plugin;
  return <PluginContext.Provider value={{ id: plugin.manifest.id, options }}>{render(module, extension)}</PluginContext.Provider>;
});

interface BoundaryState {
  error: Error | null;
  attempt: number;
}

class PluginBoundary extends Component<{ pluginId: string; onRetry(): void; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`plugin ${this.props.pluginId} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <PluginFailure
          pluginId={this.props.pluginId}
          onRetry={() => {
            this.props.onRetry();
            this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
          }}
        />
      );
    }
    return <SlotAttempt key={this.state.attempt}>{this.props.children}</SlotAttempt>;
  }
}

function SlotAttempt({ children }: { children: ReactNode }) {
  return children;
}

function PluginFailure({ pluginId, onRetry }: { pluginId: string; onRetry(): void }) {
  const { t } = useTranslation('common');
  const [retrying, setRetrying] = useState(false);
  return (
    <div className={styles.failure} role="alert" data-plugin-failure={pluginId}>
      <span>{t('plugin.failed')}</span>
      <button
        type="button"
        className={styles.retry}
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          onRetry();
        }}
      >
        {t('action.retry')}
      </button>
    </div>
  );
}
