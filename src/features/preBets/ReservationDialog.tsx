import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseStake } from '../../../domain/money';
import { myBetsOf, type Reservation } from '../myBets/myBets';
import { parsePreBetOdds } from './reservations';
import { Button } from '../../core/ui/common/Button';
import { Dialog } from '../../core/ui/common/Dialog';
import { useStore } from '../../core/ui/storeContext';
import { moneyText } from '../myBets/format';
import { DecimalInput, FormError } from '../../core/ui/common/Form';
import form from '../../core/ui/common/Form.module.css';
import styles from './ReservationDialog.module.css';

export interface ReservationAction {
  kind: 'modify' | 'cancel';
  reservation: Reservation;
}

const matchOf = (r: Reservation) => (r.awayName ? `${r.homeName} vs ${r.awayName}` : r.homeName);

const ModifyForm = observer(function ModifyForm({ reservation, onDone }: { reservation: Reservation; onDone(): void }) {
  const { t } = useTranslation('myBets');
  const myBets = myBetsOf(useStore());
  const [odds, setOdds] = useState(reservation.optionOdd);
  const [stake, setStake] = useState(reservation.unitStake);
  const [error, setError] = useState<string>();
  const id = useId();
  const busy = myBets.changingReserveId === reservation.reserveId;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const oddsText = odds.trim();
    const asked = parsePreBetOdds(oddsText);
    if (!asked) return setError(t('reservation.invalidOdds'));
    const stakeValue = parseStake(stake);
    if (!stakeValue || !stakeValue.gt(0)) return setError(t('reservation.invalidStake'));
    const changes = {
      ...(!asked.eq(reservation.optionOdd) ? { odds: oddsText } : {}),
      ...(!stakeValue.eq(reservation.unitStake) ? { unitStake: stakeValue.toFixed(2) } : {}),
    };
    if (Object.keys(changes).length === 0) return setError(t('reservation.nothingChanged'));
    setError(undefined);
    const result = await myBets.modifyReservation(reservation.reserveId, changes);
    if (result.ok) onDone();
    else setError(t(`reservation.error.${result.reason}`));
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.summary}>
        <strong>{reservation.optionBetName}</strong> · {reservation.betName}
        <br />
        {matchOf(reservation)}
      </p>
      <label className={form.field}>
        <span>{t('reservation.oddsLabel')}</span>
        <DecimalInput name="odds" value={odds} onChange={(e) => setOdds(e.target.value)} aria-describedby={`${id}-current`} />
      </label>
      <p id={`${id}-current`} className={styles.hint}>
        {t('reservation.currentOdds')}: {reservation.currentOdd ?? '–'}
      </p>
      <label className={form.field}>
        <span>
          {t('reservation.stakeLabel')} ({reservation.currency})
        </span>
        <DecimalInput name="stake" value={stake} onChange={(e) => setStake(e.target.value)} />
      </label>
      <FormError>{error}</FormError>
      <div className={form.actions}>
        <Button variant="secondary" size="lg" onClick={onDone}>
          {t('action.cancel', { ns: 'common' })}
        </Button>
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
          {t('reservation.save')}
        </Button>
      </div>
    </form>
  );
});

const CancelForm = observer(function CancelForm({ reservation, onDone }: { reservation: Reservation; onDone(): void }) {
  const { t } = useTranslation('myBets');
  const store = useStore();
  const myBets = myBetsOf(store);
  const { settings } = store;
  const [error, setError] = useState<string>();
  const busy = myBets.changingReserveId === reservation.reserveId;

  const onConfirm = async () => {
    setError(undefined);
    const result = await myBets.cancelReservation(reservation.reserveId);
    if (result.ok) onDone();
    else setError(t(`reservation.error.${result.reason}`));
  };

  return (
    <div className={styles.form}>
      <p className={styles.question}>{t('reservation.cancelQuestion', { option: reservation.optionBetName, odds: reservation.optionOdd })}</p>
      <p className={styles.summary}>
        {matchOf(reservation)} · {reservation.betName} · {moneyText(reservation.unitStake, reservation.currency, settings.apiLanguage)}
      </p>
      <FormError>{error}</FormError>
      <div className={form.actions}>
        <Button variant="secondary" size="lg" onClick={onDone}>
          {t('reservation.keep')}
        </Button>
        <Button size="lg" disabled={busy} aria-busy={busy} onClick={() => void onConfirm()}>
          {t('reservation.confirmCancel')}
        </Button>
      </div>
    </div>
  );
});

/** The pre-bet modify and cancel dialogs (one at a time). */
export function ReservationDialog({ action, onClose, fallbackFocus }: { action: ReservationAction | null; onClose(): void; fallbackFocus?: () => HTMLElement | null }) {
  const { t } = useTranslation('myBets');
  return (
    <Dialog
      open={action !== null}
      title={action?.kind === 'cancel' ? t('reservation.cancelTitle') : t('reservation.modifyTitle')}
      onClose={onClose}
      {...(fallbackFocus ? { fallbackFocus } : {})}
    >
      {action?.kind === 'modify' && <ModifyForm key={action.reservation.reserveId} reservation={action.reservation} onDone={onClose} />}
      {action?.kind === 'cancel' && <CancelForm key={action.reservation.reserveId} reservation={action.reservation} onDone={onClose} />}
    </Dialog>
  );
}
