import { Component, createContext, Suspense, use, useContext, useState, type ErrorInfo, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { KernelEmitter } from './events';
import type { ActivePlugin, PluginSet } from './loadPlugins';
import type { PointId, PointModule, PointSelect } from './points';
import styles from './Slot.module.css';

export interface KernelValue<S = unknown> {
  plugins: PluginSet;
  events: KernelEmitter;
  /** Services plugins use (http, push, scheduler, storage, toast...): injected, never imported as singletons. */
  services: S;
}

const KernelContext = createContext<KernelValue | null>(null);
const PluginContext = createContext<{ id: string; options: Record<string, unknown> } | null>(null);

export function KernelProvider({ value, children }: { value: KernelValue; children: ReactNode }) {
  return <KernelContext.Provider value={value}>{children}</KernelContext.Provider>;
}

export function useKernel<S = unknown>(): KernelValue<S> {
  const value = useContext(KernelContext);
  if (!value) throw new Error('useKernel outside <KernelProvider>');
  return value as KernelValue<S>;
}

/** Inside a plugin's components: its own id and validated options. */
export function usePlugin<O extends Record<string, unknown> = Record<string, unknown>>(): { id: string; options: O } {
  const value = useContext(PluginContext);
  if (!value) throw new Error('usePlugin outside a plugin slot');
  return value as { id: string; options: O };
}

interface SlotProps<P extends PointId> {
  point: P;
  select?: PointSelect<P>;
  render(module: PointModule<P>, plugin: ActivePlugin<P>): ReactNode;
  /** Shown while a plugin's code downloads; keep it the size of the real thing so nothing jumps. */
  fallback?: ReactNode;
}

/**
 * Renders every enabled plugin of a point that matches the selection. Each one loads on first render behind
 * Suspense, and a plugin that fails to load or throws shows a small failure panel instead of breaking the page.
 */
export function Slot<P extends PointId>({ point, select, render, fallback = null }: SlotProps<P>) {
  const { plugins } = useKernel();
  return plugins.list(point, select).map((plugin) => (
    <PluginBoundary key={plugin.manifest.id} pluginId={plugin.manifest.id} onRetry={() => plugins.forget(plugin.manifest.id)}>
      <Suspense fallback={fallback}>
        <LoadedPlugin plugin={plugin} render={render} />
      </Suspense>
    </PluginBoundary>
  ));
}

/** An observer, so state the slot's render callback reads re-renders the plugin when it changes. */
const LoadedPlugin = observer(function LoadedPlugin<P extends PointId>({ plugin, render }: { plugin: ActivePlugin<P>; render: SlotProps<P>['render'] }) {
  const { plugins } = useKernel();
  const module = use(plugins.load(plugin));
  return (
    <PluginContext.Provider value={{ id: plugin.manifest.id, options: plugin.options }}>
      {render(module, plugin)}
    </PluginContext.Provider>
  );
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
