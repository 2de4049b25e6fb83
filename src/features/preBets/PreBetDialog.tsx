import { observer } from 'mobx-react-lite';
import { Suspense, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLine } from '../match/domain/lines';
import { displayOddsFormat, formatOdds, OddsFormat, priceKindOf } from '../../../domain/odds';
import { marketLabel } from '../slip/domain/slipLabels';
import { SLIP_NS } from '../slip/slipState';
import { parsePreBetOdds, RESERVATIONS_NS, reservationsOf, type PreBetReason } from './reservations';
import { Button } from '../../core/ui/common/Button';
import { Dialog } from '../../core/ui/common/Dialog';
import { dateTimeText } from '../myBets/format';
import { useStore } from '../../core/ui/storeContext';
import { DecimalInput } from '../../core/ui/common/Form';
import form from '../../core/ui/common/Form.module.css';
import styles from './PreBetDialog.module.css';

const ODDS_REASONS: ReadonlySet<PreBetReason> = new Set<PreBetReason>(['enterOdds', 'invalidOdds', 'oddsBelowMin', 'oddsAboveMax']);
const STAKE_REASONS: ReadonlySet<PreBetReason> = new Set<PreBetReason>(['invalidStake', 'belowRange', 'exceedRange', 'insufficientBalance']);

/**
 * The pre-bet dialog (spec: book a pre-bet from the slip at a requested odd). One for the whole slip, driven by the
 * reservations store; its translations load when it is first opened.
 */
export const PreBetDialog = observer(function PreBetDialog({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const reservations = reservationsOf(useStore());
  // Mounted from the first opening on, so that closing goes through the dialog (and focus returns to the opener).
  const used = useRef(false);
  if (reservations.isOpen) used.current = true;
  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <PreBetDialogFrame {...(fallbackFocus ? { fallbackFocus } : {})} />
    </Suspense>
  );
});

const PreBetDialogFrame = observer(function PreBetDialogFrame({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const { t } = useTranslation(RESERVATIONS_NS);
  const reservations = reservationsOf(useStore());
  return (
    <Dialog open={reservations.isOpen} title={t('title')} onClose={() => reservations.close()} {...(fallbackFocus ? { fallbackFocus } : {})}>
      {reservations.target && <PreBetForm key={`${reservations.target.matchId}:${reservations.target.optionType}`} />}
    </Dialog>
  );
});

const PreBetForm = observer(function PreBetForm() {
  const { t } = useTranslation([RESERVATIONS_NS, SLIP_NS, 'common']);
  const store = useStore();
  const { betSlip, staticList, ui } = store;
  const reservations = reservationsOf(store);
  const id = useId();
  const target = reservations.target!;
  // A pre-bet is a single on the selection's market, whatever mode the slip is in.
  const format = displayOddsFormat(betSlip.oddsFormat, priceKindOf(target.outcomeCount));
  const limits = reservations.limits;
  const reason = reservations.reason;
  const refusal = reservations.refusal;
  const texts = { min: limits?.minOdds ?? '', max: limits?.maxOdds ?? '' };

  const match = target.awayName ? `${target.homeName} – ${target.awayName}` : target.homeName;
  const market = marketLabel(staticList.name('marketType', target.marketType), target.period, (key, options) => t(`${SLIP_NS}:${key}`, options)) ?? t(`${SLIP_NS}:market`);
  const selection = `${target.optionName || target.optionType}${target.line !== undefined ? ` ${formatLine(target.line)}` : ''}`;
  const current = reservations.currentOdd;
  const currentText = current === undefined ? '–' : format === OddsFormat.Europe ? formatOdds(current, format) : t('currentOddsDecimal', { odds: formatOdds(current, format), decimal: formatOdds(current, OddsFormat.Europe) });

  const asked = parsePreBetOdds(reservations.odds);
  const atMin = !limits?.minOdds || (asked !== null && asked.lte(limits.minOdds));
  const atMax = !limits?.maxOdds || (asked !== null && asked.gte(limits.maxOdds));
  const ret = reservations.potentialReturn;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void reservations.book();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={`${id}-intro`}>
      <div className={styles.summary}>
        <p className={styles.selection}>
          <strong>{selection}</strong>
          {reservations.isInPlay && <span className={styles.live}>{t('inPlay')}</span>}
        </p>
        <p className={styles.line}>{market}</p>
        <p className={styles.line}>{match}</p>
        {target.leagueName && <p className={styles.league}>{target.leagueName}</p>}
      </div>
      <p id={`${id}-intro`} className={styles.hint}>
        {t('intro')}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('currentOdds')}</dt>
          <dd data-testid="prebet-current-odds">{currentText}</dd>
        </div>
      </dl>

      {reservations.status === 'failed' && reservations.loadFailure && (
        <div className={styles.error} role="alert">
          <p>{t(`reason.${reservations.loadFailure.reason}`, texts)}</p>
          {reservations.loadFailure.message && <p className={styles.detail}>{t('platformSays', { message: reservations.loadFailure.message })}</p>}
          <Button variant="secondary" onClick={() => void reservations.loadParameters()}>
            {t('common:action.retry')}
          </Button>
        </div>
      )}

      <div className={form.field}>
        <label htmlFor={`${id}-odds`}>{t('requestedOdds')}</label>
        <div className={styles.stepper}>
          <button type="button" className={styles.step} aria-label={t('oddsDown')} disabled={atMin} onClick={() => reservations.stepOdds(-1)}>
            <span aria-hidden="true">−</span>
          </button>
          <DecimalInput
            id={`${id}-odds`}
            name="odds"
            value={reservations.odds}
            disabled={!limits?.minOdds}
            aria-invalid={reason !== undefined && ODDS_REASONS.has(reason) && reservations.odds !== ''}
            aria-describedby={`${id}-odds-hint`}
            onChange={(event) => reservations.setOdds(event.target.value)}
          />
          <button type="button" className={styles.step} aria-label={t('oddsUp')} disabled={atMax} onClick={() => reservations.stepOdds(1)}>
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <p id={`${id}-odds-hint`} className={styles.hint}>
          {t('decimalNote')}
          {limits?.minOdds && limits.maxOdds && <span className={styles.range}>{t('oddsRange', { min: limits.minOdds, max: limits.maxOdds })}</span>}
        </p>
      </div>

      <div className={form.field}>
        <label htmlFor={`${id}-stake`}>{t('stake', { currency: betSlip.currency })}</label>
        <DecimalInput
          id={`${id}-stake`}
          name="stake"
          value={reservations.stake}
          aria-invalid={reason !== undefined && STAKE_REASONS.has(reason)}
          aria-describedby={`${id}-stake-hint`}
          onChange={(event) => reservations.setStake(event.target.value)}
        />
        <p id={`${id}-stake-hint`} className={styles.hint}>
          {limits && <span>{t('stakeRange', { min: betSlip.formatAmount(limits.minBet), max: betSlip.formatAmount(limits.maxBet) })}</span>}
          {ret && <span className={styles.return}>{t('toReturn', { amount: betSlip.formatAmount(ret) })}</span>}
        </p>
      </div>

      {reservations.status === 'ready' && (
        <p className={styles.expiry} data-testid="prebet-expiry">
          {reservations.expiresAt !== null ? t('expiry.kickOff', { time: dateTimeText(reservations.expiresAt, ui.timezone) }) : t('expiry.inPlay')}
        </p>
      )}

      {refusal && (
        <div className={styles.error} role="alert">
          <p>{t(`reason.${refusal.reason}`, texts)}</p>
          {refusal.message && <p className={styles.detail}>{t('platformSays', { message: refusal.message })}</p>}
        </div>
      )}

      <div className={form.actions}>
        <Button variant="secondary" size="lg" onClick={() => reservations.close()}>
          {t('common:action.cancel')}
        </Button>
        <Button type="submit" size="lg" disabled={!reservations.canBook} aria-busy={reservations.booking} aria-describedby={reason ? `${id}-reason` : undefined}>
          {reservations.booking ? t('booking') : t('book')}
        </Button>
      </div>
      {reason && (
        <p id={`${id}-reason`} className={styles.reason} data-reason={reason}>
          {t(`reason.${reason}`, texts)}
        </p>
      )}
    </form>
  );
});
