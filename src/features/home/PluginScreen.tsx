import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Slot, useKernel } from '../../kernel';
import { Button } from '../../core/ui/common/Button';
import { EmptyState, Panel } from '../../core/ui/common/Panel';
import screenStyles from '../../core/ui/common/Screen.module.css';
import { RowsSkeleton } from '../../core/ui/common/States';
import { useStore } from '../../core/ui/storeContext';
import { pluginScreenPoint } from './points';
import styles from './HomePage.module.css';

/** The main column's plugin screen (view 'plugin'): the enabled extension that declared the screen the address names. */
export const PluginScreen = observer(function PluginScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const { plugins } = useKernel();
  const screen = store.ui.pluginScreen ?? '';
  // A link to a screen whose plugin is switched off (or never existed) says so instead of an empty column.
  if (plugins.list(pluginScreenPoint, { screen }).length === 0) {
    return (
      <section className={screenStyles.screen} aria-label={t('home.screens')}>
        <EmptyState>{t('home.screenMissing')}</EmptyState>
        <Button variant="secondary" onClick={() => store.showScreen('home')}>
          {t('nav.home')}
        </Button>
      </section>
    );
  }
  return <Slot point={pluginScreenPoint} select={{ screen }} fallback={<RowsSkeleton rows={6} />} render={(module) => <module.Screen />} />;
});

/** Home's entries to the plugin screens that ask to be listed (the experts' lists...), each named by its plugin. */
export const PluginScreenList = observer(function PluginScreenList() {
  const { t } = useTranslation();
  const store = useStore();
  const { plugins } = useKernel();
  const listed = plugins.list(pluginScreenPoint, { listed: true });
  if (listed.length === 0) return null;
  return (
    <Panel title={t('home.screens')} labelledBy="sp-home-screens">
      <ul className={styles.screens}>
        {listed.map((extension) => (
          <li key={extension.id}>
            <Slot
              point={pluginScreenPoint}
              select={{ screen: extension.match.screen }}
              render={(module, ext) => (
                <Button variant="secondary" onClick={() => store.showPluginScreen(ext.match.screen)}>
                  <module.Title />
                </Button>
              )}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
});
