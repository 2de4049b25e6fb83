import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BetType, type OddsChange } from '../../../contract/enums';
import { legPriceKind, type BetRecord } from '../../../domain/betRecord';
import { formatLine } from '../match/domain/lines';
import { displayOddsFormat, OddsFormat } from '../../../domain/odds';
import { EditBet } from './editBet';
import { envOf } from '../../core/store/env';
import { myBetsOf } from './myBets';
import { priceOption } from '../slip/orders';
import { Button } from '../../core/ui/common/Button';
import { Dialog } from '../../core/ui/common/Dialog';
import { useStore } from '../../core/ui/storeContext';
import { moneyText, oddsText } from './format';
import form from '../../core/ui/common/Form.module.css';
import styles from './EditBetDialog.module.css';

export interface EditBetDialogProps {
  record: BetRecord;
  /** Called once the dialog has closed (focus has gone back to what opened it). */
  onClose(): void;
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * Whether My bets offers an edit of a bet it offers a cash out of: the platform refuses one with a leg already settled
 * or in play (docs/api.md "Edit bet"), so the button does not show for those.
 */
export function editable(record: BetRecord): boolean {
  // Singles and parlays: a bet builder's legs are priced together, so it is cashed out and built again instead.
  return record.betType !== BetType.Builder && record.options.every((leg) => leg.settledResult === 0 && !leg.isInPlay);
}

/**
 * Edit bet (issue 33): keep or remove the bet's legs, add selections from the slip, change the stake; Preview shows
 * the platform's figures (the cash-out value applied, the new stake, odds and potential return) and Confirm sends them
 * back. The old bet is cashed out and the new one placed in one step on the platform; a refusal changes nothing and
 * says why. Mount it to open it.
 */
export const EditBetDialog = observer(function EditBetDialog({ record, onClose, fallbackFocus }: EditBetDialogProps) {
  const { t } = useTranslation('myBets');
  const store = useStore();
  const { settings, betSlip } = store;
  const [edit] = useState(() => EditBet.create({ orderId: record.id }, envOf(store)));
  const [open, setOpen] = useState(true);
  const id = useId();
  const money = (value: string) => moneyText(value, record.currency, settings.apiLanguage);
  const ownMarkets = new Set(record.options.map((leg) => leg.marketId));
  const addable = betSlip.openEntries.filter((entry) => !ownMarkets.has(entry.marketId));
  const preview = edit.preview;

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const added = addable.filter((entry) => edit.isAdded(entry.key)).map((entry) => priceOption(entry, betSlip.priceFormat(entry)));
    void edit.previewEdit(added);
  };
  const onConfirm = async () => {
    const added = addable.filter((entry) => edit.isAdded(entry.key)).map((entry) => entry.matchId);
    if (!(await edit.confirmEdit(betSlip.oddsChange as OddsChange))) return;
    // The selections added are bet now, as a placed slip's are: they leave the slip.
    for (const matchId of added) betSlip.remove(matchId);
    // The money moved by the stake change and the list has a new bet in place of the old one.
    void store.session.refreshBalance();
    void myBetsOf(store).load({ quiet: true });
  };

  return (
    <Dialog open={open} title={t('edit.title')} onClose={onClose} {...(fallbackFocus ? { fallbackFocus } : {})}>
      {edit.phase === 'done' && edit.result ? (
        <div className={styles.content}>
          <p className={styles.status} role="status" data-testid="edit-bet-done">
            {t('edit.done', { id: edit.result.newOrderId, stake: money(edit.result.newStake) })}
          </p>
          <div className={form.actions}>
            <Button variant="secondary" size="lg" autoFocus onClick={() => setOpen(false)}>
              {t('edit.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.content} onSubmit={onPreview} noValidate aria-busy={edit.busy}>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('edit.legs')}</legend>
            {record.options.map((leg, index) => {
              const legNo = index + 1;
              const match = leg.matchName || [leg.home?.name, leg.away?.name].filter(Boolean).join(' vs ');
              const odds = oddsText(leg.betOdds, displayOddsFormat(settings.oddsFormatId, legPriceKind(record, leg)));
              return (
                <label key={`${leg.marketId}-${legNo}`} className={styles.choice}>
                  <input type="checkbox" checked={!edit.isRemoved(legNo)} onChange={() => edit.toggleLeg(legNo)} disabled={edit.busy} />
                  <span>
                    {t('edit.keep', { option: `${leg.optionName}${leg.linear ? ` ${formatLine(leg.linear)}` : ''}`, odds })}
                    <span className={styles.match}> · {match}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('edit.add')}</legend>
            {addable.length === 0 ? (
              <p className={styles.hint}>{t('edit.slipEmpty')}</p>
            ) : (
              addable.map((entry) => (
                <label key={entry.key} className={styles.choice}>
                  <input type="checkbox" checked={edit.isAdded(entry.key)} onChange={() => edit.toggleAdded(entry.key)} disabled={edit.busy} />
                  <span>
                    {entry.optionName}
                    {entry.line ? ` ${formatLine(entry.line)}` : ''} @ {oddsText(entry.odd, betSlip.priceFormat(entry))}
                    <span className={styles.match}> · {[entry.homeName, entry.awayName].filter(Boolean).join(' vs ')}</span>
                  </span>
                </label>
              ))
            )}
          </fieldset>
          <label className={form.field}>
            {t('edit.stakeChange', { currency: record.currency })}
            <input
              className={form.input}
              inputMode="decimal"
              value={edit.stakeChange}
              placeholder="0.00"
              onChange={(e) => edit.setStakeChange(e.target.value)}
              aria-invalid={edit.error?.kind === 'invalidStake'}
              aria-describedby={`${id}-change`}
              disabled={edit.busy}
            />
          </label>
          <p id={`${id}-change`} className={styles.hint}>
            {t('edit.stakeChangeHint', { stake: money(record.betAmount) })}
          </p>
          {preview && (
            <dl className={styles.figures} aria-live="polite" data-testid="edit-bet-preview">
              <dt>{t('edit.cashOutValue')}</dt>
              <dd>{money(preview.cashOutValue)}</dd>
              <dt>{t('edit.newStake')}</dt>
              <dd>{money(preview.newStake)}</dd>
              <dt>{t('edit.odds')}</dt>
              <dd>{oddsText(preview.odds, OddsFormat.Europe)}</dd>
              <dt>{t('edit.potentialReturn')}</dt>
              <dd>{money(preview.potentialReturn)}</dd>
            </dl>
          )}
          {edit.error && (
            <p className={styles.error} role="alert">
              {t(`edit.error.${edit.error.kind}`)}
              {edit.error.message && <span className={styles.detail}>{edit.error.message}</span>}
            </p>
          )}
          <div className={form.actions}>
            <Button type="submit" variant={preview ? 'secondary' : 'primary'} disabled={edit.busy}>
              {edit.phase === 'previewing' ? t('edit.previewing') : t('edit.preview')}
            </Button>
            <Button onClick={() => void onConfirm()} disabled={!preview || edit.busy}>
              {edit.phase === 'confirming' ? t('edit.confirming') : t('edit.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('edit.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
});
