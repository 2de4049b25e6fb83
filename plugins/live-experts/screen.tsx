import type { PluginScreenModule } from '../../src/sdk';
import { ExpertsScreen } from './ExpertsScreen';
import { useExpertsTranslation } from './i18n';
import { useExpertsStore } from './useExpertsStore';

function Screen() {
  return <ExpertsScreen store={useExpertsStore()} />;
}

function Title() {
  const { t } = useExpertsTranslation();
  return <>{t('title')}</>;
}

const screen: PluginScreenModule = { Screen, Title };

export default screen;
