import { myBetsOf } from '../myBets/myBets';
import Decimal from 'decimal.js';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { legPriceKind, type BetRecord } from '../../../domain/betRecord';
import { checkCashOutStake, partialRange, partPayout } from './domain/cashOut';
import { formatMoney, isCurrency, parseStake, type MoneyLocale } from '../../../domain/money';
import { cashOutOf } from './cashOut';
import { CASH_OUT_NS } from './cashOutOffers';
import type { AutoRuleResult, CashOutError, CashOutOutcome, CashOutResult } from './cashOutWire';
import { formatLine } from '../match/domain/lines';
import { displayOddsFormat } from '../../../domain/odds';
import { Button } from '../../core/ui/common/Button';
import { oddsText } from '../myBets/format';
import { Dialog } from '../../core/ui/common/Dialog';
import { useStore } from '../../core/ui/storeContext';
import { DecimalInput } from '../../core/ui/common/Form';
import form from '../../core/ui/common/Form.module.css';
import styles from './CashOutDialog.module.css';
import { AutoCashOutStatus } from '../../../contract/enums';

export interface CashOutDialogProps {
  /** The order to settle early. Its record is read from My bets (kept current there); `record` serves when it is not listed. */
  orderId: string;
  record?: BetRecord;
  /** Called once the dialog has closed (focus has gone back to what opened it). */
  onClose(): void;
  /** Where focus goes when what opened the dialog is gone by then (a fully settled bet's row). */
  fallbackFocus?: () => HTMLElement | null;
}

const MONEY_LOCALES: Readonly<Record<string, MoneyLocale>> = { CMN: 'CMN', ENG: 'ENG', VIE: 'VIE', THA: 'THA' };

/** An amount in the order's currency as the member's language writes it. */
function formatIn(currency: string, value: Decimal.Value, apiLanguage: string): string {
  try {
    if (isCurrency(currency)) return formatMoney(value, currency, MONEY_LOCALES[apiLanguage] ?? 'CMN');
    return `${new Decimal(value).toFixed(2)} ${currency}`;
  } catch {
    return String(value);
  }
}

function useMoney(currency: string) {
  const { settings } = useStore();
  return (value: Decimal.Value) => formatIn(currency, value, settings.apiLanguage);
}

type Message = { kind: 'error' | 'status'; text: string; detail?: string | undefined };

/** The dialog's words for a refusal: the spec's user messages, with the platform's own message beside them. */
function refusalMessage(t: (key: string) => string, error: CashOutError, message?: string): Message {
  return { kind: 'error', text: t(`error.${error}`), detail: message };
}

const ruleOf = (record: BetRecord) => record.reserveCashOutList.find((rule) => rule.status === AutoCashOutStatus.Active);

/**
 * The early-settlement (cash-out) dialog of one order: the live offer (refreshed every 5 s while open), settling all of
 * the running stake or a part (a slider and an amount within the minimums, with the payout of that part), and the
 * automatic rule. Confirming sends the payout shown as the least the member accepts. Mount it to open it; it calls
 * `onClose` once closed (Escape, Close, or after a cash out paid at once), with focus back on what opened it.
 */
export function CashOutDialog(props: CashOutDialogProps) {
  // Its words load on first use: only the dialog waits for them, not the screen that opened it.
  return (
    <Suspense fallback={null}>
      <CashOutDialogContent {...props} />
    </Suspense>
  );
}

const CashOutDialogContent = observer(function CashOutDialogContent({ orderId, record: given, onClose, fallbackFocus }: CashOutDialogProps) {
  const { t } = useTranslation(CASH_OUT_NS);
  const store = useStore();
  const { settings } = store;
  const cashOut = cashOutOf(store);
  const [open, setOpen] = useState(true);
  const listed = myBetsOf(store).records.find((r) => r.id === orderId);
  // A bet settled in full leaves My bets while the dialog closes: it keeps showing what it showed.
  const lastSeen = useRef(listed);
  if (listed) lastSeen.current = listed;
  const record = listed ?? lastSeen.current ?? given;
  // A cash out this dialog sent and the poll followed: how it ended is said here, where the member confirmed it.
  const [sent, setSent] = useState(false);
  const outcome = sent ? cashOut.outcomeOf(orderId) : undefined;
  // Settled in full, the order has no offer any more: asking for one would only bring back a refusal.
  const closed = outcome?.status === 'settled';

  useEffect(() => {
    if (closed) return undefined;
    cashOut.watchQuotes([orderId]);
    return () => cashOut.unwatchQuotes();
  }, [cashOut, orderId, closed]);

  return (
    <Dialog open={open} title={t('title')} onClose={onClose} {...(fallbackFocus ? { fallbackFocus } : {})}>
      {record && outcome?.status === 'settled' ? (
        <>
          <p className={styles.status} role="status" data-testid="cash-out-outcome">
            {t('result.settled', { amount: formatIn(record.currency, outcome.payout, settings.apiLanguage) })}
          </p>
          <div className={form.actions}>
            {/* The form that had the focus is gone: it goes to the one thing left to do. */}
            <Button variant="secondary" size="lg" autoFocus onClick={() => setOpen(false)}>
              {t('close')}
            </Button>
          </div>
        </>
      ) : record ? (
        <CashOutForm record={record} outcome={outcome} onSent={() => setSent(true)} onDone={() => setOpen(false)} />
      ) : (
        <>
          <p className={styles.note}>{t('order.notFound')}</p>
          <div className={form.actions}>
            <Button variant="secondary" size="lg" onClick={() => setOpen(false)}>
              {t('close')}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
});

/** What the member reads about a cash out the poll followed to its end (paid in part, refused, cancelled). */
function outcomeMessage(t: (key: string, options?: Record<string, unknown>) => string, outcome: CashOutOutcome, money: (value: Decimal.Value) => string): Message {
  if ('payout' in outcome) return { kind: 'status', text: t(`result.${outcome.status}`, { amount: money(outcome.payout) }) };
  return { kind: 'error', text: t(`notice.${outcome.status}`), detail: outcome.reason ? t(`reason.${outcome.reason}`) : undefined };
}

interface CashOutFormProps {
  record: BetRecord;
  /** How the cash out this dialog sent ended, once the poll knows. */
  outcome: CashOutOutcome | undefined;
  /** A cash out went to the book for confirming (in play): the poll follows it. */
  onSent(): void;
  onDone(): void;
}

const CashOutForm = observer(function CashOutForm({ record, outcome, onSent, onDone }: CashOutFormProps) {
  const { t } = useTranslation(CASH_OUT_NS);
  const store = useStore();
  const cashOut = cashOutOf(store);
  const { settings } = store;
  const id = useId();
  const money = useMoney(record.currency);
  const quote = cashOut.quoteOf(record.id);
  const minimum = cashOut.minimumOf(record);
  const range = partialRange(record.remainingPrincipal, minimum);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState(() => (range ? range.min.toFixed(2) : record.remainingPrincipal));
  const [message, setMessage] = useState<Message>();
  const polling = record.inPolling || cashOut.isPolling(record.id);
  const busy = cashOut.busyOrderId === record.id;

  const partial = mode === 'partial' && range !== undefined;
  const stakeText = partial ? amount.trim() : record.remainingPrincipal;
  const stakeProblem = checkCashOutStake(stakeText, record.remainingPrincipal, minimum);
  const available = quote?.available === true && new Decimal(quote.amount).gt(0);
  // The whole stake pays the quoted amount; a part pays the rate times the part, floored as the platform does.
  const payout = !available || stakeProblem ? undefined : partial ? partPayout(quote.rate, stakeText) : new Decimal(quote.amount);
  const canConfirm = payout !== undefined && payout.gt(0) && !polling && !busy && cashOut.canCashOut(record);

  // The end of a followed cash out replaces what the dialog said when it was sent ("in progress").
  const shown = !polling && outcome ? outcomeMessage(t, outcome, money) : message;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (polling) return setMessage({ kind: 'status', text: t('error.inProgress') });
    if (stakeProblem) return setMessage(refusalMessage(t, stakeProblem));
    if (!payout) return;
    setMessage(undefined);
    const result: CashOutResult = await cashOut.execute(record, new Decimal(stakeText).toFixed(2), payout.toFixed(2));
    if (!result.ok) return setMessage(refusalMessage(t, result.error, result.message));
    if (result.status === 'confirming') {
      onSent();
      return setMessage({ kind: 'status', text: t('inProgress') });
    }
    // Paid at once: the notice tells the member; the dialog has done its work.
    onDone();
  };

  const legs = record.options;
  const first = legs[0];
  const selection = first ? `${first.optionName}${first.linear ? ` ${formatLine(first.linear)}` : ''} @ ${oddsText(first.betOdds, displayOddsFormat(settings.oddsFormatId, legPriceKind(record, first)))}` : '';
  const match = first ? first.matchName || [first.home?.name, first.away?.name].filter(Boolean).join(' vs ') : '';
  const maxCount = cashOut.maxCount ?? record.maxCashOutCount;

  return (
    <div className={styles.content}>
      <div className={styles.summary}>
        {legs.length > 1 ? (
          <p className={styles.selection}>{t('order.legs', { count: legs.length })}</p>
        ) : (
          <>
            <p className={styles.selection}>{selection}</p>
            <p className={styles.match}>{match}</p>
          </>
        )}
        <dl className={styles.figures}>
          <div>
            <dt>{t('order.stake')}</dt>
            <dd>{money(record.betAmount)}</dd>
          </div>
          <div>
            <dt>{t('order.remaining')}</dt>
            <dd>{money(record.remainingPrincipal)}</dd>
          </div>
          {record.cashOutCount > 0 && (
            <div>
              <dt>{t('order.cashedOut')}</dt>
              <dd>{money(record.cashOutTotalAmount)}</dd>
            </div>
          )}
        </dl>
        {maxCount > 0 && <p className={styles.hint}>{t('order.count', { count: record.cashOutCount, max: maxCount })}</p>}
      </div>

      <section className={styles.price} aria-labelledby={`${id}-price`}>
        <h3 id={`${id}-price`} className={styles.priceLabel}>
          {t('price.label')}
        </h3>
        {/* The offer moves with the prices (pushed; every 5 s while push is down): announced politely, never stealing focus. */}
        {/* While the book confirms a cash out, the order has no offer of its own: its refusal would contradict "settling". */}
        <p className={styles.priceValue} aria-live="polite" data-testid="cash-out-price">
          {polling ? t('price.settling') : quote === undefined ? t('price.loading') : available ? money(quote.amount) : t('price.unavailable')}
        </p>
        {!polling && quote !== undefined && !available && quote.reason && <p className={styles.hint}>{t(`reason.${quote.reason}`)}</p>}
        <p className={styles.hint}>{cashOut.pushOpen ? t('price.live') : t('price.refresh')}</p>
      </section>

      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset className={styles.modes}>
          <legend className={styles.legend}>{t('mode.label')}</legend>
          <label className={styles.mode}>
            <input type="radio" name={`${id}-mode`} value="full" checked={mode === 'full'} onChange={() => setMode('full')} />
            {t('mode.full')}
          </label>
          <label className={styles.mode}>
            <input type="radio" name={`${id}-mode`} value="partial" checked={partial} disabled={!range} onChange={() => setMode('partial')} aria-describedby={range ? undefined : `${id}-full-only`} />
            {t('mode.partial')}
          </label>
        </fieldset>
        {!range && (
          <p id={`${id}-full-only`} className={styles.hint}>
            {t('partial.fullOnly')}
          </p>
        )}

        {partial && range && (
          <div className={styles.partial}>
            <label className={form.field}>
              <span>{t('partial.slider')}</span>
              <input
                className={styles.slider}
                type="range"
                min={range.min.toFixed(2)}
                max={range.max.toFixed(2)}
                step="0.01"
                value={parseStake(amount)?.toFixed(2) ?? range.min.toFixed(2)}
                onChange={(e) => setAmount(new Decimal(e.target.value).toFixed(2))}
                aria-valuetext={money(parseStake(amount) ?? range.min)}
              />
            </label>
            <label className={form.field}>
              <span>{t('partial.amount', { currency: record.currency })}</span>
              <DecimalInput
                name="cashOutStake"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-describedby={`${id}-range`}
                aria-invalid={stakeProblem !== undefined}
              />
            </label>
            <p id={`${id}-range`} className={styles.hint}>
              {t('partial.range', { min: money(range.min), max: money(range.max) })}
            </p>
            {!stakeProblem && (
              <p className={styles.hint}>{t('partial.keeps', { amount: money(new Decimal(record.remainingPrincipal).minus(stakeText)) })}</p>
            )}
          </div>
        )}

        <div className={styles.payout}>
          <span>{t('payout')}</span>
          <strong data-testid="cash-out-payout">{payout ? money(payout) : '–'}</strong>
        </div>

        {shown && (
          <p className={shown.kind === 'error' ? styles.error : styles.status} role={shown.kind === 'error' ? 'alert' : 'status'} data-testid="cash-out-outcome">
            {shown.text}
            {shown.detail && <span className={styles.detail}>{shown.detail}</span>}
          </p>
        )}
        {polling && !shown && (
          <p className={styles.status} role="status">
            {t('error.inProgress')}
          </p>
        )}

        <div className={form.actions}>
          <Button variant="secondary" size="lg" onClick={onDone}>
            {t('close')}
          </Button>
          <Button type="submit" size="lg" disabled={!canConfirm} aria-busy={busy}>
            {busy ? t('sending') : payout ? t('confirm', { amount: money(payout) }) : t('title')}
          </Button>
        </div>
      </form>

      <AutoRule record={record} defaultStake={record.remainingPrincipal} />
    </div>
  );
});

const AutoRule = observer(function AutoRule({ record, defaultStake }: { record: BetRecord; defaultStake: string }) {
  const { t } = useTranslation(CASH_OUT_NS);
  const cashOut = cashOutOf(useStore());
  const id = useId();
  const money = useMoney(record.currency);
  const active = ruleOf(record);
  const [stake, setStake] = useState(active?.stake ?? defaultStake);
  const [threshold, setThreshold] = useState(active?.threshold ?? '');
  const [message, setMessage] = useState<Message>();
  const busy = cashOut.busyOrderId === record.id;

  const show = (result: AutoRuleResult, done: string) =>
    setMessage(result.ok ? { kind: 'status', text: done } : refusalMessage(t, result.error, result.message));

  const onSet = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    show(await cashOut.setAutoRule(record, stake.trim(), threshold.trim()), t('auto.saved'));
  };

  return (
    <section className={styles.auto} aria-labelledby={`${id}-auto`}>
      <h3 id={`${id}-auto`} className={styles.autoTitle}>
        {t('auto.title')}
      </h3>
      <p className={styles.hint}>{t('auto.intro')}</p>
      <p className={styles.rule}>{active ? t('auto.active', { stake: money(active.stake), threshold: money(active.threshold) }) : t('auto.none')}</p>
      <form className={styles.autoForm} onSubmit={(e) => void onSet(e)} noValidate>
        <label className={form.field}>
          <span>{t('auto.stake', { currency: record.currency })}</span>
          <DecimalInput name="autoStake" value={stake} onChange={(e) => setStake(e.target.value)} />
        </label>
        <label className={form.field}>
          <span>{t('auto.threshold', { currency: record.currency })}</span>
          <DecimalInput name="autoThreshold" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        </label>
        {message && (
          <p className={message.kind === 'error' ? styles.error : styles.status} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
            {message.detail && <span className={styles.detail}>{message.detail}</span>}
          </p>
        )}
        <div className={form.actions}>
          {active && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setMessage(undefined);
                void cashOut.cancelAutoRule(record).then((result) => show(result, t('auto.cancelled')));
              }}
            >
              {t('auto.cancel')}
            </Button>
          )}
          <Button type="submit" variant="secondary" disabled={busy || threshold.trim() === ''}>
            {active ? t('auto.replace') : t('auto.set')}
          </Button>
        </div>
      </form>
    </section>
  );
});
