import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { goalPushOf } from '../../stores/goalPush';
import { useStore } from '../storeContext';
import styles from './GoalPushPopup.module.css';

/**
 * The spec's batter (goal-push) popup: a polite status in a corner, never a dialog, so it takes no focus from what
 * the member is doing; it hides itself after 5 s (stores/goalPush.ts).
 */
export const GoalPushPopup = observer(function GoalPushPopup() {
  const store = useStore();
  const goalPush = goalPushOf(store);
  const { t } = useTranslation();
  const popup = goalPush.popup;
  if (!popup) return null;
  return (
    <section className={styles.popup} role="status" aria-label={t('goalPush.title')}>
      <p className={styles.kind}>{t(`goalPush.${popup.kind}`)}</p>
      <p className={styles.text}>{popup.text}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.open}
          onClick={() => {
            goalPush.hide();
            store.ui.showMatch(popup.matchId);
          }}
        >
          {t('goalPush.open')}
        </button>
        <button type="button" className={styles.close} aria-label={t('goalPush.close')} onClick={() => goalPush.hide()}>
          ×
        </button>
      </div>
    </section>
  );
});
