import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { goalPushOf } from './goalPush';
import { useStore } from '../../core/ui/storeContext';
import styles from './GoalPushPopup.module.css';

/**
 * The spec's batter (goal-push) popup: a polite status in a corner, never a dialog, so it takes no focus from what
 * the member is doing; it hides itself after 5 s (stores/goalPush.ts). Above it, the first time, the goal-push alert:
 * a non-modal alert that stays until the member confirms it.
 */
export const GoalPushPopup = observer(function GoalPushPopup() {
  const store = useStore();
  const goalPush = goalPushOf(store);
  const { t } = useTranslation();
  const alertId = useId();
  const popup = goalPush.popup;
  return (
    <div className={styles.corner}>
      {goalPush.alertOpen && (
        <section className={styles.alert} role="alertdialog" aria-modal="false" aria-labelledby={`${alertId}-title`} aria-describedby={`${alertId}-text`}>
          <h2 id={`${alertId}-title`} className={styles.kind}>
            {t('goalPush.tipTitle')}
          </h2>
          <p id={`${alertId}-text`} className={styles.text}>
            {t('goalPush.tipText')}
          </p>
          <button type="button" className={styles.open} onClick={() => goalPush.confirmAlert()}>
            {t('goalPush.gotIt')}
          </button>
        </section>
      )}
      {popup && (
        <section className={styles.popup} role="status" aria-label={t('goalPush.title')}>
          <p className={styles.kind}>{t(`goalPush.${popup.kind}`)}</p>
          {popup.home && (
            <p className={styles.score} data-testid="goal-push-score">
              <span>{popup.home}</span> <strong>{`${popup.homeScore} - ${popup.awayScore}`}</strong> <span>{popup.away}</span>
            </p>
          )}
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
      )}
    </div>
  );
});
