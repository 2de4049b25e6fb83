import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useService } from '../../../kernel';
import { toastRef } from '../services';
import styles from './Toasts.module.css';

/** The toast stack (error, success, info, warn); a live region so screen readers announce each one. */
export const Toasts = observer(function Toasts() {
  const { t } = useTranslation();
  const toast = useService(toastRef);
  return (
    <div className={styles.stack} role="region" aria-label={t('toast.region')} aria-live="polite">
      {toast.toasts.map((item) => (
        <div key={item.id} className={`${styles.toast} ${styles[item.type]}`} role={item.type === 'error' ? 'alert' : 'status'} data-toast-type={item.type}>
          <span className={styles.mark} aria-hidden="true" />
          <div className={styles.text}>
            <p className={styles.message}>{item.message}</p>
            {item.detail && <p className={styles.detail}>{item.detail}</p>}
          </div>
          {item.action && (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                item.action!.run();
                toast.dismiss(item.id);
              }}
            >
              {item.action.label}
            </button>
          )}
          <button type="button" className={styles.close} aria-label={t('toast.dismiss')} onClick={() => toast.dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
});
