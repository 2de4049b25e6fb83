import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/Button';
import { Dialog } from '../common/Dialog';
import { FormError } from '../common/Form';
import form from '../common/Form.module.css';
import { useStore } from '../storeContext';
import styles from './LoginDialog.module.css';

/** The app's own login (standalone, or when the host offers none). */
export const LoginDialog = observer(function LoginDialog() {
  const { t } = useTranslation();
  const { ui, session } = useStore();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const onClose = () => {
    ui.closeLogin();
    setPassword('');
    setMissing(false);
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

  const error = missing
    ? t('login.fieldsRequired')
    : session.signInRetryAfterSeconds !== undefined
      ? t('login.tooManyAttempts', { seconds: session.signInRetryAfterSeconds })
      : session.signInError
        ? t('login.failed')
        : undefined;

  return (
    <Dialog open={ui.loginDialogOpen} title={t('login.title')} onClose={onClose}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {ui.loginReason && <p className={styles.reason}>{ui.loginReason}</p>}
        <label className={form.field}>
          <span>{t('login.username')}</span>
          <input className={form.input} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </label>
        <label className={form.field}>
          <span>{t('login.password')}</span>
          <input
            className={form.input}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormError>{error}</FormError>
        <div className={form.actions}>
          <Button variant="secondary" size="lg" onClick={() => ui.closeLogin()}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={session.signingIn} aria-busy={session.signingIn}>
            {session.signingIn ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});
