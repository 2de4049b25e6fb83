import { useTranslation } from 'react-i18next';
import { Button } from '../../../core/ui/common/Button';
import { Dialog } from '../../../core/ui/common/Dialog';
import styles from './MediaStage.module.css';

const STEPS = ['chrome', 'airplay', 'miracast'] as const;

/** How to put the match on a TV: browsers cast a whole tab, so the guide points at the browser's and the OS's own casting. */
export function CastTutorial({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('media');
  return (
    <Dialog open={open} title={t('cast.title')} onClose={onClose}>
      <p className={styles.castIntro}>{t('cast.intro')}</p>
      <ol className={styles.castSteps}>
        {STEPS.map((step) => (
          <li key={step}>{t(`cast.steps.${step}`)}</li>
        ))}
      </ol>
      <p className={styles.castTip}>{t('cast.tip')}</p>
      <div className={styles.castActions}>
        <Button onClick={onClose}>{t('cast.close')}</Button>
      </div>
    </Dialog>
  );
}
