import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/Button';
import { Dialog } from '../common/Dialog';
import form from '../common/Form.module.css';
import { useStore } from '../storeContext';

/**
 * A `?token=` link would sign this browser into another member's account than the one signed in: the member
 * decides (SessionStore.acceptLinkToken). Closing the dialog any other way keeps the current account.
 */
export const AccountSwitchDialog = observer(function AccountSwitchDialog() {
  const { t } = useTranslation();
  const { session } = useStore();
  const pending = session.linkSwitch;
  return (
    <Dialog open={pending !== undefined} title={t('login.switchTitle')} onClose={() => session.declineLinkSwitch()}>
      <p>{t('login.switchQuestion', { current: session.displayName, next: pending?.username ?? '' })}</p>
      <div className={form.actions}>
        <Button variant="secondary" size="lg" onClick={() => session.declineLinkSwitch()} autoFocus>
          {t('login.switchStay', { name: session.displayName })}
        </Button>
        <Button size="lg" onClick={() => void session.confirmLinkSwitch()}>
          {t('login.switchConfirm', { name: pending?.username ?? '' })}
        </Button>
      </div>
    </Dialog>
  );
});
