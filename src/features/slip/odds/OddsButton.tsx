import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatLine } from '../../match/domain/lines';
import { formatPrice, priceKindOf } from '../../../../domain/odds';
import { envOf } from '../../../core/store/env';
import type { LiveMarket } from '../../../core/store/liveBook';
import { useStore } from '../../../core/ui/storeContext';
import styles from './OddsButton.module.css';
import { MarketStatus } from '../../../../contract/enums';

/** How long a changed price stays highlighted, in ms (the CSS animation runs this long). */
export const FLASH_MS = 2500;

interface OddsButtonProps {
  market: LiveMarket;
  optionType: string;
  /** What the option is, for screen readers and the tooltip ("Home", "Over"...). */
  label: string;
  /** Show the line beside the price (handicaps and totals). */
  showLine: boolean;
  /** The click: which option, on which market (a row hands every price one handler). */
  onSelect(optionType: string, market: LiveMarket): void;
  /** Pressed state from elsewhere than the slip (the match screen's bet builder). */
  picked?: boolean;
}

/**
 * One price. Observes only its own option and market, so a change re-renders this button and nothing around it.
 * Each move restarts the flash on the same span: a CSS animation starts again only when its name changes, so every
 * move switches the span to the other of two names of the flash (`data-again` on odd moves, OddsButton.module.css).
 * Remounting the span for it, as before, was the largest part of React's time under the list-updates bench (a new
 * element and the removal of the old one per move; issue 30). Locked options and suspended markets show a lock and
 * cannot be clicked.
 */
export const OddsButton = observer(function OddsButton({ market, optionType, label, showLine, onSelect, picked: pickedHere }: OddsButtonProps) {
  const store = useStore();
  const { settings } = store;
  const option = market.options.get(optionType);
  if (!option || market.status === MarketStatus.Off) return <span className={styles.empty} aria-hidden="true" />;

  const locked = option.isLock || market.status !== MarketStatus.On;
  // In the slip: pressed, wherever the price shows; a click takes it out again.
  const picked = pickedHere ?? store.betSlip.isPicked(market.marketId, optionType);
  const price = formatPrice(option.odd, settings.oddsFormatId, priceKindOf(market.outcomeCount));
  const line = showLine && option.line !== undefined ? formatLine(option.line) : undefined;
  // Read once at render, not observed: a button re-renders when its price changes, not every second.
  const flashing = option.changedAt > 0 && envOf(store).clock.now() - option.changedAt < FLASH_MS;
  return (
    <button
      type="button"
      className={styles.button}
      disabled={locked}
      aria-pressed={picked}
      data-market-id={market.marketId}
      data-option={optionType}
      data-odd={option.odd}
      onClick={() => onSelect(optionType, market)}
    >
      {/* The option's name is read before what is shown, so the accessible name contains the visible text. */}
      <span className="sp-visually-hidden">{label} </span>
      {line !== undefined && <span className={styles.line}>{line} </span>}
      {locked ? (
        <LockMark />
      ) : (
        <span className={styles.price} data-dir={flashing ? option.dir : 0} data-again={flashing && option.moves % 2 === 1 ? '' : undefined}>
          {price}
        </span>
      )}
    </button>
  );
});

/**
 * A locked price's mark. Its words are asked for here, not by the button: a list shows a few hundred prices and
 * re-renders them as they move, and asking the translation hook on each of those renders was a tenth of the button's
 * time (issue 30's list-updates bench) for a word only a locked price shows.
 */
function LockMark() {
  const { t } = useTranslation();
  return (
    <>
      <svg className={styles.lock} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <path d="M4 7V5a4 4 0 018 0v2h1v8H3V7zm2 0h4V5a2 2 0 00-4 0z" fill="currentColor" />
      </svg>
      <span className="sp-visually-hidden">{t('odds.locked')}</span>
    </>
  );
}
