import { observer } from 'mobx-react-lite';
import { Suspense, use, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel, useService } from '../../kernel/Slot';
import type { ActiveExtension, PluginSet } from '../../kernel/loadPlugins';
import { envOf } from '../../core/store/env';
import screen from '../../core/ui/common/Screen.module.css';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import type { Logger } from '../../services/logger';
import { httpRef } from '../../core/ui/services';
import { useStore } from '../../core/ui/storeContext';
import type { ResultsProviderModule } from './model';
import { resultsProviderPoint } from './points';
import styles from './Results.module.css';
import { RESULTS_NS, ResultsView } from './ResultsView';

type Provider = ActiveExtension<ResultsProviderModule, { order: number }>;

type Loaded = { provider: Provider; module: ResultsProviderModule };

/**
 * Every enabled provider's code, loaded together (each is a small chunk): the switch names each provider by its
 * module's `names`. A provider whose code fails to load is left out (and logged); with none left the screen offers a
 * retry. Kept per plugin set, because `use` needs the same promise on every render.
 */
const loadedBySet = new WeakMap<PluginSet, Promise<Loaded[]>>();
function loadAll(plugins: PluginSet, providers: readonly Provider[], logger: Pick<Logger, 'warn'>): Promise<Loaded[]> {
  let all = loadedBySet.get(plugins);
  if (!all) {
    const loads = providers.map((provider) =>
      plugins.load(provider).then(
        (module): Loaded[] => [{ provider, module }],
        (error: unknown): Loaded[] => {
          logger.warn(`[results] provider ${provider.id} not loaded`, error);
          return [];
        },
      ),
    );
    all = Promise.all(loads).then((lists) => lists.flat());
    loadedBySet.set(plugins, all);
  }
  return all;
}

export const ResultsScreen = observer(function ResultsScreen() {
  const { plugins } = useKernel();
  const store = useStore();
  const { t } = useTranslation(RESULTS_NS);
  const [attempt, setAttempt] = useState(0);
  const providers = plugins.list(resultsProviderPoint).sort((a, b) => a.match.order - b.match.order);
  return (
    <section className={screen.screen} aria-labelledby="sp-results-title">
      {providers.length === 0 ? (
        <>
          <header className={screen.head}>
            <h1 id="sp-results-title" className={screen.title}>
              {t('title')}
            </h1>
          </header>
          <EmptyState>{t('noProvider')}</EmptyState>
        </>
      ) : (
        <Suspense fallback={<RowsSkeleton />}>
          <Providers
            key={attempt}
            loading={loadAll(plugins, providers, envOf(store).logger)}
            onRetry={() => {
              loadedBySet.delete(plugins);
              for (const p of providers) plugins.forget(p.id);
              setAttempt((a) => a + 1);
            }}
          />
        </Suspense>
      )}
    </section>
  );
});

function Providers({ loading, onRetry }: { loading: Promise<Loaded[]>; onRetry(): void }) {
  const { t, i18n } = useTranslation(RESULTS_NS);
  const loaded = use(loading);
  const [chosenId, setChosenId] = useState(loaded[0]?.provider.id);
  const chosen = loaded.find((p) => p.provider.id === chosenId) ?? loaded[0];
  if (!chosen) return <LoadFailed onRetry={onRetry} />;
  const nameOf = ({ provider, module }: Loaded) => module.names[i18n.language] ?? module.names.en ?? provider.plugin.plugin.manifest.id;

  return (
    <>
      <header className={screen.head}>
        <h1 id="sp-results-title" className={screen.title}>
          {t('title')}
        </h1>
        {loaded.length > 1 && (
          <div className={styles.switch} role="group" aria-label={t('provider')}>
            {loaded.map((p) => (
              <button key={p.provider.id} type="button" className={styles.switchButton} aria-pressed={p === chosen} onClick={() => setChosenId(p.provider.id)}>
                {nameOf(p)}
              </button>
            ))}
          </div>
        )}
      </header>
      <div className={screen.content}>
        <p className={styles.source}>{t('source', { name: nameOf(chosen) })}</p>
        <ProviderResults key={chosen.provider.id} module={chosen.module} />
      </div>
    </>
  );
}

const ProviderResults = observer(function ProviderResults({ module }: { module: ResultsProviderModule }) {
  const http = useService(httpRef);
  const store = useStore();
  const results = useMemo(() => module.createProvider(http.results), [module, http]);
  const { logger, sports } = envOf(store);
  return <ResultsView provider={results} timezone={store.ui.timezone} language={store.settings.apiLanguage} logger={logger} sportIds={sports.idsA} />;
});
