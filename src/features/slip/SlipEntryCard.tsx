import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLine } from '../match/domain/lines';
import { formatOdds, toFormat } from '../../../domain/odds';
import { reasonKey, SlipReason } from './domain/slipReasons';
import { marketLabel } from './domain/slipLabels';
import type { SlipEntryInstance } from './slipEntry';
import { REASON_VALUES, SLIP_NS } from './slipState';
import { ordersOf } from './orders';
import { PreBetButton } from '../preBets/PreBetButton';
import { useStore } from '../../core/ui/storeContext';
import { placeFromKeyboard, StakeInput } from './StakeInput';
import styles from './SlipEntryCard.module.css';

/** Reasons that are about the stake, shown on the field rather than as the selection's state. */
const STAKE_REASONS: ReadonlySet<SlipReason> = new Set([SlipReason.BelowRange, SlipReason.ExceedRange]);

/**
 * One selection: market, selection and line, the price in its format (betSlip.priceFormat) with its change since they picked
 * it, the match; greyed with the reason when it cannot be bet; the stake in single bets.
 */
export const SlipEntryCard = observer(function SlipEntryCard({ entry }: { entry: SlipEntryInstance }) {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const store = useStore();
  const { betSlip, staticList } = store;
  const orders = ordersOf(store);
  const stakeInput = useRef<HTMLInputElement>(null);
  const target = `entry:${entry.matchId}`;
  const focusWanted = betSlip.focusRequest === target;
  useEffect(() => {
    // No scroll: the slip sits in the right column beside the prices; the page stays where the member was.
    if (focusWanted && stakeInput.current && betSlip.takeFocusRequest(target)) stakeInput.current.focus({ preventScroll: true });
  }, [focusWanted, betSlip, target]);
  const format = betSlip.priceFormat(entry);
  const match = entry.awayName ? `${entry.homeName} – ${entry.awayName}` : entry.homeName;
  const market = marketLabel(staticList.name('marketType', entry.marketType), entry.period, (key, options) => t(key, options));
  const line = entry.current.line ?? entry.line;
  const selection = `${entry.optionName || entry.optionType}${line !== undefined ? ` ${formatLine(line)}` : ''}`;
  const state = betSlip.entryReason(entry);
  const unavailable = entry.closed || entry.suspended;
  const amounts = betSlip.isSingle ? entry.riskAndWin(format) : null;
  const stakeReason = betSlip.isSingle ? entry.stakeReason(format) : undefined;
  // A negative Malay/Indonesian price takes the amount typed as the win: say what it risks.
  const negative = toFormat(entry.currentOdd, format).isNeg();
  const { minBet, maxBet } = entry.current;

  return (
    <article className={[styles.entry, unavailable ? styles.unavailable : '', entry.locked ? styles.locked : ''].join(' ')} aria-label={match || selection} data-match-id={entry.matchId}>
      <div className={styles.top}>
        <p className={styles.selection}>
          <span className={styles.option}>{selection}</span>
          <Price entry={entry} />
        </p>
        <button type="button" className={styles.remove} aria-label={t('remove', { match: match || selection })} onClick={() => betSlip.remove(entry.matchId)}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className={styles.market}>
        {entry.isInPlay && <span className={styles.live}>{t('inPlay')}</span>}
        {market ?? t('market')}
      </p>
      <p className={styles.match}>{match || '…'}</p>
      {entry.leagueName && <p className={styles.league}>{entry.leagueName}</p>}
      {state && (
        <p className={styles.reason} data-reason={state}>
          {t(reasonKey(state), REASON_VALUES)}
        </p>
      )}
      {entry.locked && (
        <p className={styles.waiting} role="status">
          {t('entry.confirming')}
        </p>
      )}
      {betSlip.isSingle && !entry.locked && (
        <div className={styles.stake}>
          <StakeInput
            label={t('stake')}
            context={`${match} ${selection}`}
            value={entry.stake}
            invalid={stakeReason !== undefined && STAKE_REASONS.has(stakeReason)}
            inputRef={stakeInput}
            onChange={(value) => betSlip.setStake(entry.matchId, value)}
            onFocus={() => betSlip.setStakeTarget(target)}
            onBlur={() => betSlip.touchStake()}
            onEnter={() => placeFromKeyboard(betSlip, orders)}
            hint={
              <>
                {minBet !== undefined && maxBet !== undefined && <span>{t('range', { min: betSlip.formatAmount(minBet), max: betSlip.formatAmount(maxBet) })}</span>}
                {amounts && negative && <span>{t('risk', { amount: betSlip.formatAmount(amounts.risk) })}</span>}
                {amounts && <span className={styles.win}>{t('toWin', { amount: betSlip.formatAmount(amounts.win) })}</span>}
                {stakeReason && STAKE_REASONS.has(stakeReason) && <span className={styles.stakeReason}>{t(reasonKey(stakeReason))}</span>}
              </>
            }
          />
        </div>
      )}
      <PreBetButton entry={entry} />
    </article>
  );
});

/** The price now; when it moved since the member picked it, the old one struck through and the direction. */
const Price = observer(function Price({ entry }: { entry: SlipEntryInstance }) {
  const { t } = useTranslation([SLIP_NS, 'common']);
  const { betSlip } = useStore();
  const format = betSlip.priceFormat(entry);
  if (entry.closed || entry.suspended) {
    return (
      <span className={styles.lockedPrice}>
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <path d="M4 7V5a4 4 0 018 0v2h1v8H3V7zm2 0h4V5a2 2 0 00-4 0z" fill="currentColor" />
        </svg>
        <span className="sp-visually-hidden">{t('common:odds.locked')}</span>
      </span>
    );
  }
  const dir = entry.oddsDirection;
  const now = formatOdds(entry.currentOdd, format);
  const was = formatOdds(entry.odd, format);
  return (
    <span className={styles.price}>
      {dir !== 0 && was !== now && (
        <s className={styles.was} aria-label={t('odds.was', { odds: was })}>
          {was}
        </s>
      )}
      <span className={styles.now} data-dir={dir} data-testid="slip-odds">
        {now}
      </span>
      {dir !== 0 && (
        <span className={styles.arrow} data-dir={dir}>
          <span aria-hidden="true">{dir > 0 ? '▲' : '▼'}</span>
          <span className="sp-visually-hidden">{t(dir > 0 ? 'odds.up' : 'odds.down')}</span>
        </span>
      )}
    </span>
  );
});
