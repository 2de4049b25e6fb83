import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/Button';
import { useStore } from '../storeContext';
import styles from './LoginDialog.module.css';

/**
 * The app's own login (standalone, or when the host offers none). A native modal <dialog>: the browser traps focus
 * and closes it on Escape; focus goes back to what opened it.
 */
export const LoginDialog = observer(function LoginDialog() {
  const { t } = useTranslation();
  const { ui, session } = useStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (ui.loginDialogOpen && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!ui.loginDialogOpen && element.open) {
      element.close();
    }
  }, [ui.loginDialogOpen]);

  const onClose = () => {
    ui.closeLogin();
    setPassword('');
    setMissing(false);
    if (opener.current instanceof HTMLElement) opener.current.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (await session.signIn(username.trim(), password)) ui.closeLogin();
  };

  const error = missing ? t('login.fieldsRequired') : session.signInError ? t('login.failed') : undefined;

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('login.title')}
        </h2>
        {ui.loginReason && <p className={styles.reason}>{ui.loginReason}</p>}
        <label className={styles.field}>
          <span>{t('login.username')}</span>
          <input className={styles.input} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </label>
        <label className={styles.field}>
          <span>{t('login.password')}</span>
          <input
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" size="lg" onClick={() => dialog.current?.close()}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={session.signingIn} aria-busy={session.signingIn}>
            {session.signingIn ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
});
