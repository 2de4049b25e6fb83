import { myBetsOf } from './myBets';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../core/ui/storeContext';
import { moneyText } from './format';
import styles from './StatisticsSummary.module.css';

/** The statistics row per currency of what the view selects, and the totals in the member's currency. */
export const StatisticsSummary = observer(function StatisticsSummary() {
  const { t } = useTranslation('myBets');
  const store = useStore();
  const myBets = myBetsOf(store);
  const { settings } = store;
  const id = useId();
  if (myBets.statistics.length === 0) return null;
  const settled = myBets.settlementType === 'settled';
  const money = (value: string | undefined, currency: string | undefined) => moneyText(value ?? '0', currency, settings.apiLanguage);
  return (
    <section className={styles.summary} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('stats.label')}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('stats.currency')}</th>
            <th scope="col">{t('stats.count')}</th>
            <th scope="col">{t('stats.stake')}</th>
            {settled && <th scope="col">{t('stats.payout')}</th>}
            {settled && <th scope="col">{t('stats.winLose')}</th>}
          </tr>
        </thead>
        <tbody>
          {myBets.statistics.map((row) => (
            <tr key={row.coinId}>
              <th scope="row">{row.coinName}</th>
              <td>{row.count}</td>
              <td>{money(row.stakeAmount, row.coinName)}</td>
              {settled && <td>{money(row.payoutAmount, row.coinName)}</td>}
              {settled && <td className={row.winLose?.startsWith('-') ? styles.loss : styles.gain}>{money(row.winLose, row.coinName)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {myBets.settlementType !== 'reserved' && (
        <p className={styles.totals}>
          <span>
            {t('stats.totalStake')} <strong>{money(myBets.tamt, myBets.currency)}</strong>
          </span>
          {settled && (
            <span>
              {t('stats.totalReturn')} <strong>{money(myBets.tsamt, myBets.currency)}</strong>
            </span>
          )}
        </p>
      )}
    </section>
  );
});
