import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../domain/odds';
import { reasonKey, SlipReason } from './domain/slipReasons';
import { seriesNameKey, seriesShapeKey } from './domain/slipLabels';
import { SLIP_NS } from './slipState';
import { ordersOf } from './orders';
import { useStore } from '../../core/ui/storeContext';
import { placeFromKeyboard, StakeInput } from './StakeInput';
import styles from './SeriesList.module.css';

/** The parlay's series: name and a k-fold's shape ("3串1", "3-fold"), the number of bets (and the accumulator's combined odds), a unit stake each, its total stake and return. */
export const SeriesList = observer(function SeriesList() {
  const { t } = useTranslation(SLIP_NS);
  const store = useStore();
  const { betSlip } = store;
  const orders = ordersOf(store);
  const titleId = useId();
  const series = betSlip.series;
  if (series.length === 0) return null;
  return (
    <section className={styles.series} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('series.title')}
      </h3>
      <ul className={styles.list}>
        {series.map((s) => {
          const [key, options] = seriesNameKey(s);
          const name = t(key, options);
          const shapeKey = seriesShapeKey(s.seriesNumber);
          const shape = shapeKey ? t(...shapeKey) : '';
          const invalid = s.reason === SlipReason.BelowRange || s.reason === SlipReason.ExceedRange;
          return (
            <li key={s.seriesNumber} className={styles.item} data-series={s.seriesNumber}>
              <div className={styles.head}>
                <span className={styles.name}>{name}</span>
                <span className={styles.count}>
                  {shape && `${shape} · `}
                  {t('series.bets', { count: s.betCount })}
                  {/* The accumulator of every leg is one bet at their product: its combined odds, always decimal. */}
                  {s.betCount === 1 && <> · {t('odds.combined', { odds: formatPrice(s.seriesOdd, betSlip.oddsFormat, 'parlay') })}</>}
                </span>
              </div>
              <StakeInput
                label={t('unitStake')}
                context={name}
                value={s.stake}
                invalid={invalid}
                onChange={(value) => betSlip.setSeriesStake(s.seriesNumber, value)}
                onFocus={() => betSlip.setStakeTarget(`series:${s.seriesNumber}`)}
                onBlur={() => betSlip.touchStake()}
                onEnter={() => placeFromKeyboard(betSlip, orders)}
                hint={
                  <>
                    {s.minBet !== undefined && s.maxBet !== undefined && <span>{t('range', { min: betSlip.formatAmount(s.minBet), max: betSlip.formatAmount(s.maxBet) })}</span>}
                    {s.totalStake && <span>{t('seriesTotal', { amount: betSlip.formatAmount(s.totalStake) })}</span>}
                    {s.potentialReturn && <span className={styles.return}>{t('toReturn', { amount: betSlip.formatAmount(s.potentialReturn) })}</span>}
                    {invalid && s.reason && <span className={styles.reason}>{t(reasonKey(s.reason))}</span>}
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
});
