import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILDER_MIN_LEGS } from '../../../domain/builder';
import type { BetBuilderInstance } from './betBuilder';
import { Button } from '../../core/ui/common/Button';
import { DecimalInput, FormError } from '../../core/ui/common/Form';
import form from '../../core/ui/common/Form.module.css';
import { Panel } from '../../core/ui/common/Panel';
import { MATCH_DETAIL_NS } from '../match/Scoreboard';
import styles from './BuilderPanel.module.css';

interface BuilderPanelProps {
  builder: BetBuilderInstance;
  /** Places the builder (the caller asks for a login first and passes the member's odds-change setting). */
  onPlace(): void;
}

/**
 * The bet builder's own slip beside the match's markets: the selections with why any cannot combine, the one combined
 * price (it moves with the match: the builder asks again when a selection's price changes), the stake and the button.
 */
export const BuilderPanel = observer(function BuilderPanel({ builder, onPlace }: BuilderPanelProps) {
  const { t } = useTranslation(MATCH_DETAIL_NS, { keyPrefix: 'builder' });
  const stakeId = useId();
  const { quote, quoteRequest } = builder;
  const odds = builder.odds;
  const max = quote?.maxLegs ?? 6;
  const refusal = quote && quote.odds === null && quote.reason ? t(`reason.${quote.reason}`) : undefined;
  return (
    <Panel
      title={t('title')}
      labelledBy={`${stakeId}-title`}
      actions={
        builder.legs.length > 0 && (
          <Button variant="secondary" onClick={() => builder.clear()}>
            {t('clear')}
          </Button>
        )
      }
    >
      <p className={styles.hint}>{t('hint', { min: BUILDER_MIN_LEGS, max })}</p>
      {builder.legs.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.legs}>
          {builder.legs.map((leg) => {
            const reason = builder.legReason(leg.marketId, leg.type);
            return (
              <li key={`${leg.marketId}-${leg.type}`} className={styles.leg} data-reason={reason ?? undefined}>
                <span className={styles.legLabel}>{leg.label}</span>
                {reason && <span className={styles.reason}>{t('cannot', { reason: t(`reason.${reason}`) })}</span>}
                <button type="button" className={styles.remove} aria-label={t('remove', { label: leg.label })} onClick={() => builder.remove(leg.marketId, leg.type)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.price} role="status" aria-live="polite">
        {builder.legs.length >= BUILDER_MIN_LEGS && (
          <>
            <span>{t('odds')}</span>{' '}
            {odds !== null ? (
              <strong className={styles.odds} data-builder-odds={odds}>
                {odds}
              </strong>
            ) : quoteRequest.failed ? (
              <span className={styles.reason}>
                {t('failed')}{' '}
                <button type="button" className={styles.retry} onClick={() => void builder.requote()}>
                  {t('retry')}
                </button>
              </span>
            ) : refusal ? (
              <span className={styles.reason} data-builder-refusal={quote?.reason ?? undefined}>
                {t('cannot', { reason: refusal })}
              </span>
            ) : (
              <span>{t('pricing')}</span>
            )}
          </>
        )}
        {builder.placement === 'confirmed' && <span className={styles.done}>{t('placed')}</span>}
        {builder.placement === 'confirming' && <span className={styles.done}>{t('confirming')}</span>}
      </div>
      {builder.legs.length >= BUILDER_MIN_LEGS && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (builder.canPlace) onPlace();
          }}
        >
          <label className={form.field} htmlFor={stakeId}>
            {quote && odds !== null ? t('stakeRange', { min: quote.minBet, max: quote.maxBet }) : t('stake')}
            <DecimalInput id={stakeId} value={builder.stake} onChange={(event) => builder.setStake(event.target.value)} />
          </label>
          {builder.potentialReturn !== null && <p className={styles.return}>{t('return', { amount: builder.potentialReturn })}</p>}
          <FormError>{builder.refusal}</FormError>
          <Button type="submit" disabled={!builder.canPlace}>
            {builder.placement === 'placing' ? t('placing') : t('place')}
          </Button>
        </form>
      )}
    </Panel>
  );
});
