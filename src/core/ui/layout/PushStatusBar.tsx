import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushClient, PushStatus } from '../../../services/push';
import { envOf } from '../../store/env';
import { useStore } from '../storeContext';
import styles from './Layout.module.css';

function usePushStatus(push: PushClient): PushStatus {
  // status() answers a new object each time: the snapshot is the last one the client announced.
  const last = useRef<PushStatus>(push.status());
  return useSyncExternalStore(
    (changed) => {
      const stop = push.onStatus((status) => {
        last.current = status;
        changed();
      });
      // A change between the first render and this subscription is not missed.
      const now = push.status();
      if (now.state !== last.current.state || now.retryAt !== last.current.retryAt) {
        last.current = now;
        changed();
      }
      return stop;
    },
    () => last.current,
  );
}

/**
 * Live updates that stopped arriving, said on every screen (issue 31): after the spec's reconnects (5, 3 s apart) the
 * push client keeps trying with a growing wait, and this bar says so, counts down to the next attempt and offers to try
 * now. When the connection is back every channel has caught up (push.ts), and a toast says the updates are back.
 */
export const PushStatusBar = observer(function PushStatusBar() {
  const { t } = useTranslation();
  const store = useStore();
  const { push, toast } = envOf(store);
  const status = usePushStatus(push);
  const wasLost = useRef(false);
  useEffect(() => {
    if (status.state === 'reconnecting') wasLost.current = true;
    else if (status.state === 'open' && wasLost.current) {
      wasLost.current = false;
      toast.success(t('push.back'));
    }
  }, [status.state, toast, t]);
  if (status.state !== 'reconnecting') return null;
  // The app-wide ticker (once a second) counts down.
  const seconds = status.retryAt === undefined ? 0 : Math.max(0, Math.ceil((status.retryAt - store.ui.now) / 1000));
  return (
    <div className={styles.pushStatus} role="status" data-push-state={status.state}>
      <span>{seconds > 0 ? t('push.reconnecting', { seconds }) : t('push.connecting')}</span>
      <button type="button" className={styles.pushRetry} onClick={() => push.retry()}>
        {t('push.retry')}
      </button>
    </div>
  );
});
