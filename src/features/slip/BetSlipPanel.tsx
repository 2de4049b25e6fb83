import Decimal from 'decimal.js';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ODDS_FORMATS } from '../../../domain/odds';
import { reasonKey } from './domain/slipReasons';
import { REASON_VALUES, SLIP_NS, type SlipMode } from './slipState';
import { ordersOf } from './orders';
import { Button } from '../../core/ui/common/Button';
import { EmptyState, Panel } from '../../core/ui/common/Panel';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { PreBetDialog } from '../preBets/PreBetDialog';
import { useStore } from '../../core/ui/storeContext';
import { SeriesList } from './SeriesList';
import { SlipEntryCard } from './SlipEntryCard';
import styles from './BetSlipPanel.module.css';

const MODES: readonly SlipMode[] = ['single', 'parlay'];
const ODDS_CHANGE_KEYS = ['oddsChange.none', 'oddsChange.better', 'oddsChange.any'] as const;

/** The bet slip in the right column: its heading always shows; the body waits for its own translations. */
export const BetSlipPanel = observer(function BetSlipPanel() {
  const { t } = useTranslation();
  const { betSlip } = useStore();
  return (
    <Panel
      title={t('betSlip.title')}
      labelledBy="sp-betslip-title"
      actions={
        betSlip.count > 0 ? (
          // The list says how many selections there are; the badge is for the eye.
          <span className={styles.badge} aria-hidden="true">
            {betSlip.count}
          </span>
        ) : undefined
      }
    >
      <Suspense fallback={<p className={styles.loading}>{t('app.loading')}</p>}>
        <BetSlipBody />
      </Suspense>
    </Panel>
  );
});

const BetSlipBody = observer(function BetSlipBody() {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const store = useStore();
  const { betSlip } = store;
  const orders = ordersOf(store);
  const id = useId();
  // Placing disables the button that had the focus and may empty the slip: the focus would fall to the page's top.
  // It stays in the slip instead (on its mode tab), where the member was; the result is announced by the toast.
  const placing = orders.placing;
  const wasPlacing = useRef(false);
  useEffect(() => {
    const placed = wasPlacing.current && !placing;
    wasPlacing.current = placing;
    if (placed && (document.activeElement === document.body || document.activeElement === null)) {
      document.getElementById(tabId(id, betSlip.mode))?.focus();
    }
  }, [placing, id, betSlip]);

  return (
    <div className={styles.slip}>
      <Tabs
        tabs={MODES.map((mode) => ({ id: mode, label: t(`common:betSlip.${mode}`) }))}
        selected={betSlip.mode}
        onSelect={(mode) => betSlip.setMode(mode)}
        label={t('tabs.label')}
        idPrefix={id}
        classNames={{ list: styles.tabs, tab: styles.tab }}
      />
      <div id={tabPanelId(id)} role="tabpanel" aria-labelledby={tabId(id, betSlip.mode)} className={styles.panel}>
        {/* The status belongs to selections in the slip: once the last one is placed, the toast has said it. */}
        {betSlip.placement && !betSlip.isEmpty && (
          <p className={styles.placement} role="status" data-placement={betSlip.placement}>
            {t(`status.${betSlip.placement}`)}
          </p>
        )}
        {betSlip.isEmpty ? <EmptyState icon={<SlipIcon />}>{t('common:betSlip.empty')}</EmptyState> : <SlipSelections />}
        <OddsFormatSetting />
        <OddsChangeSetting />
        {!betSlip.isEmpty && <SlipFooter />}
      </div>
      {/* Outside the entries: a booked pre-bet takes its entry out of the slip while the dialog closes. */}
      <PreBetDialog fallbackFocus={() => document.getElementById(tabId(id, betSlip.mode))} />
    </div>
  );
});

/** The selections, and in parlay mode the series with their unit stakes. */
const SlipSelections = observer(function SlipSelections() {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const { betSlip } = useStore();
  return (
    <>
      {betSlip.hint && <p className={styles.hint}>{t(reasonKey(betSlip.hint))}</p>}
      <ul className={styles.entries}>
        {betSlip.entries.map((entry) => (
          <li key={entry.key}>
            <SlipEntryCard entry={entry} />
          </li>
        ))}
      </ul>
      {betSlip.hasChangesToAccept && (
        <Button variant="secondary" className={styles.accept} onClick={() => betSlip.acceptChanges()}>
          {t('acceptChanges')}
        </Button>
      )}
      {/* While the book decides, there is nothing to stake: the stakes come back with the selections if it refuses. */}
      {!betSlip.awaitingConfirmation && !betSlip.isSingle && <SeriesList />}
    </>
  );
});

/**
 * Quick stakes, the totals and Place bet: the slip's last part, which sticks to the bottom of the right column while
 * the slip is taller than the window, so that they stay in sight and under the mouse however many selections and
 * series the slip holds (issue 28).
 */
const SlipFooter = observer(function SlipFooter() {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const store = useStore();
  const { betSlip } = store;
  const orders = ordersOf(store);
  const reasonId = useId();
  const reason = betSlip.shownReason;
  const refusal = !reason ? betSlip.refusal : undefined;
  const visitor = !betSlip.isLogin;

  return (
    <div className={styles.footer} data-slip-footer>
      {/* While the book decides, there is nothing to stake: the stakes come back with the selections if it refuses. */}
      {!betSlip.awaitingConfirmation && (
        <>
          <QuickStakes />
          <dl className={styles.summary}>
            <div>
              <dt>{t('totalStake')}</dt>
              <dd data-testid="slip-total-stake">{betSlip.formatAmount(betSlip.totalStake)}</dd>
            </div>
            <div>
              <dt>{t('potentialReturn')}</dt>
              <dd data-testid="slip-potential-return">{betSlip.formatAmount(betSlip.potentialReturn)}</dd>
            </div>
          </dl>
        </>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => betSlip.clear()}>
          {t('clearAll')}
        </Button>
        {visitor ? (
          <Button size="lg" className={styles.place} aria-describedby={reasonId} onClick={() => store.requireLogin(t('common:login.required'))}>
            {t('logInToBet')}
          </Button>
        ) : (
          <Button
            size="lg"
            className={styles.place}
            disabled={!betSlip.canPlace || orders.placing}
            aria-busy={orders.placing}
            aria-describedby={reason || refusal ? reasonId : undefined}
            onClick={() => void orders.place()}
          >
            {orders.placing ? t('placing') : t('place')}
          </Button>
        )}
      </div>
      {(reason || refusal) && (
        <p id={reasonId} className={styles.reason} data-reason={reason ?? refusal}>
          {t(reasonKey((reason ?? refusal)!), REASON_VALUES)}
        </p>
      )}
    </div>
  );
});

/**
 * Quick stakes in the member's currency (round multiples of the minimum stake, betSlip.quickStakes) and Max: the
 * smaller of the bet's maximum and what the balance leaves. Amounts from 10,000 are written short ("500万", "5M") so
 * every currency's presets fit one row; each button's name says the full amount.
 */
const QuickStakes = observer(function QuickStakes() {
  const { t } = useTranslation(SLIP_NS);
  const { betSlip, settings } = useStore();
  const max = betSlip.maxStake;
  const amounts = betSlip.quickStakes;
  if (amounts.length === 0 && !max) return null;
  return (
    <div className={styles.quick} role="group" aria-label={t('quickStake')}>
      {amounts.map((amount) => {
        const shown = shortAmount(amount, settings.locale);
        return (
          // The name holds what the button shows, then the amount in full.
          <button key={amount} type="button" className={styles.quickButton} aria-label={t('quickStakeAmount', { amount: shown, full: betSlip.formatAmount(amount) })} onClick={() => betSlip.applyQuickStake(amount)}>
            {shown}
          </button>
        );
      })}
      <button
        type="button"
        className={styles.quickButton}
        disabled={!max}
        aria-label={max ? t('quickStakeMaxAmount', { amount: betSlip.formatAmount(max) }) : t('quickStakeMax')}
        onClick={() => betSlip.applyMaxStake()}
      >
        {t('quickStakeMax')}
      </button>
    </div>
  );
});

/** A preset as its button writes it: in full up to 9,999, in the language's short form above ("1万", "10K"). */
function shortAmount(amount: string, locale: string): string {
  // Intl takes the decimal text itself: no JavaScript number carries the amount.
  const large = new Decimal(amount).gte(10_000);
  return new Intl.NumberFormat(locale, large ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 2 }).format(amount as `${number}`);
}

/** Odds-change acceptance (spec: none 0, better only 1 default, any 2), persisted with the settings. */
/**
 * The odds format of the slip's prices, shown and switchable where the prices are: the same member setting as the
 * header's select (docs/architecture.md "Odds formats"), so the list and the slip never show one price two ways.
 */
const OddsFormatSetting = observer(function OddsFormatSetting() {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const { settings } = useStore();
  const id = useId();
  return (
    <div className={styles.setting}>
      <label htmlFor={id}>{t('oddsFormat.label')}</label>
      <select id={id} className={styles.select} value={settings.oddsFormat} onChange={(event) => settings.setOddsFormat(Number(event.target.value))}>
        {ODDS_FORMATS.map((format) => (
          <option key={format.id} value={format.id}>
            {t(`common:${format.i18nKey}`)}
          </option>
        ))}
      </select>
    </div>
  );
});

const OddsChangeSetting = observer(function OddsChangeSetting() {
  const { t } = useTranslation(SLIP_NS);
  const { settings } = useStore();
  const id = useId();
  return (
    <div className={styles.setting}>
      <label htmlFor={id}>{t('oddsChange.label')}</label>
      <select id={id} className={styles.select} value={settings.oddsChange} onChange={(event) => settings.setOddsChange(Number(event.target.value))}>
        {ODDS_CHANGE_KEYS.map((key, value) => (
          <option key={key} value={value}>
            {t(key)}
          </option>
        ))}
      </select>
    </div>
  );
});

function SlipIcon() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="8" y="5" width="24" height="30" rx="3" />
      <path d="M13 13h14M13 19h14M13 25h8" />
    </svg>
  );
}
