import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { displayResultOf, displayStatusOf, legPriceKind, OrderStatus, recordPotentialReturn, resultOf, type BetOption, type BetRecord, type DisplayResult } from '../../../domain/betRecord';
import type { CashOutEntry } from '../../../contract/betting';
import { failureReasonKey } from '../cashOut/domain/cashOut';
import { formatLine } from '../match/domain/lines';
import { displayOddsFormat, type OddsFormat } from '../../../domain/odds';
import { BetType } from '../../../contract/enums';
import { Button } from '../../core/ui/common/Button';
import { CASH_OUT_NS } from '../cashOut/cashOutOffers';
import { dateTimeText, moneyText, oddsText } from './format';
import { fullCoverOfSeries } from '../../../domain/series';
import { seriesShapeKey } from '../slip/domain/slipLabels';
import styles from './BetCard.module.css';

export interface BetCardProps {
  record: BetRecord;
  /** The member's chosen format; each leg shows in the one displayOddsFormat gives for it. */
  oddsFormat: OddsFormat;
  timeZone: string;
  apiLanguage: string;
  /** Opens the early-settlement dialog for this order; without it no early-settlement button shows. */
  onEarlySettlement?: ((record: BetRecord) => void) | undefined;
  /** Opens the edit-bet dialog for this order; without it no Edit bet button shows. */
  onEdit?: ((record: BetRecord) => void) | undefined;
  /** The cash-out offer now (pushed as prices move), shown beside the early-settlement button. */
  cashOutOffer?: string | undefined;
}

/** The order history's matchType of a bet on an outright (1 is a match). */
const OUTRIGHT_MATCH_TYPE = 2;

const CASH_OUT_STATES: Readonly<Record<number, string>> = { 1: 'confirming', 2: 'rejected', 3: 'cancelled', 5: 'settled' };
const REJECT_TYPES = new Set([15001, 15002, 15003, 15004, 15005, 15006, 15007, 15008, 15014]);

export function ResultBadge({ result }: { result: DisplayResult }) {
  const { t } = useTranslation('myBets');
  return <span className={`${styles.badge} ${styles[result]}`}>{t(`result.${result}`)}</span>;
}

function Leg({ leg, showResult, format, timeZone }: { leg: BetOption; showResult: boolean; format: OddsFormat; timeZone: string }) {
  const { t } = useTranslation('myBets');
  const result = showResult ? resultOf(leg.settledResult) : undefined;
  const match = leg.matchName || [leg.home?.name, leg.away?.name].filter(Boolean).join(' vs ');
  const outright = leg.matchType === OUTRIGHT_MATCH_TYPE;
  return (
    <li className={styles.leg}>
      <div className={styles.legTop}>
        <span className={styles.option}>
          {leg.optionName}
          {leg.linear && <span className={styles.line}> {formatLine(leg.linear)}</span>}
        </span>
        <span className={styles.odds}>
          <span className="sp-visually-hidden">{t('order.odds')} </span>@ {oddsText(leg.betOdds, format)}
        </span>
        {result && <ResultBadge result={result} />}
      </div>
      <div className={styles.legMarket}>
        {leg.marketTypeName}
        {leg.isInPlay && <span className={styles.live}>{t('order.inPlay')}</span>}
      </div>
      <div className={styles.legMatch}>
        {match}
        {/* An outright's name is its competition's already ("Premier Winner"), and it has no kick-off: it settles. */}
        {leg.leagueName && !outright && <> · {leg.leagueName}</>}
        {leg.beginTime !== null && <> · {t(outright ? 'order.settles' : 'order.kickOff', { time: dateTimeText(leg.beginTime, timeZone) })}</>}
      </div>
      {showResult && leg.resultScore && <div className={styles.legScore}>{t('order.score', { score: leg.resultScore })}</div>}
    </li>
  );
}

function CashOutHistory({ entries, currency, timeZone, apiLanguage }: { entries: CashOutEntry[]; currency: string; timeZone: string; apiLanguage: string }) {
  // The early-settlement namespace owns the failure reasons' wording; the history says them the same way.
  const { t } = useTranslation(['myBets', CASH_OUT_NS]);
  const id = useId();
  return (
    <section className={styles.cashOuts} aria-labelledby={id}>
      <h3 id={id} className={styles.cashOutsTitle}>
        {t('cashOut.title')}
      </h3>
      <table className={styles.cashOutTable}>
        <thead>
          <tr>
            <th scope="col">{t('cashOut.time')}</th>
            <th scope="col">{t('cashOut.amount')}</th>
            <th scope="col">{t('cashOut.payout')}</th>
            <th scope="col">{t('cashOut.status')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const state = CASH_OUT_STATES[entry.orderStatus];
            return (
              <tr key={entry.id}>
                <td>{dateTimeText(entry.createdTime, timeZone)}</td>
                <td>{moneyText(entry.amount, currency, apiLanguage)}</td>
                <td>{moneyText(entry.payout, currency, apiLanguage)}</td>
                <td>
                  {state ? t(`cashOut.state.${state}`) : String(entry.orderStatus)}
                  {entry.cancelReason !== null && <span className={styles.cashOutReason}> · {t(failureReasonKey(entry.cancelReason), { ns: CASH_OUT_NS })}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** One order of My bets: its legs, stake and return, the spec's display status and result, and its cash outs. */
export function BetCard({ record, oddsFormat, timeZone, apiLanguage, onEarlySettlement, onEdit, cashOutOffer }: BetCardProps) {
  // The slip's namespace holds the full covers' names (Trixie, Yankee...), named the same way here.
  const { t } = useTranslation(['myBets', 'betSlip']);
  const titleId = useId();
  const metaId = useId();
  const status = displayStatusOf(record.orderStatus);
  const result = displayResultOf(record);
  const closedWithPayout = record.orderStatus === OrderStatus.Settled || record.orderStatus === OrderStatus.CashOut;
  const running = status === 'waiting' || status === 'confirm';
  const money = (value: string) => moneyText(value, record.currency, apiLanguage);
  const kind =
    record.betType === BetType.Builder
      ? t('order.builder', { count: record.options.length })
      : record.betType === BetType.Single || record.options.length <= 1
        ? t('order.single')
        : t('order.parlay', { name: seriesName(record, t) });
  const rejectReason = record.rejectType !== null && REJECT_TYPES.has(record.rejectType) ? t(`reject.${record.rejectType}`) : record.rejectReason;

  return (
    <article className={styles.card} aria-labelledby={titleId} data-status={status}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {kind}
          {record.betCount > 1 && <span className={styles.bets}> · {t('order.bets', { count: record.betCount })}</span>}
        </h2>
        {record.autoBet && <span className={styles.tag}>{t('order.fromPreBet')}</span>}
        <span className={`${styles.status} ${styles[status]}`}>{t(`status.${status}`)}</span>
        {result && <ResultBadge result={result} />}
      </header>
      <p id={metaId} className={styles.meta}>
        <span>{t('order.number', { id: record.id })}</span>
        <span>{t('order.placedAt', { time: dateTimeText(record.createdTime, timeZone) })}</span>
      </p>
      <ul className={styles.legs} aria-label={t('order.legs')}>
        {record.options.map((leg, index) => (
          <Leg key={`${leg.marketId}-${index}`} leg={leg} showResult={closedWithPayout || leg.settledResult !== 0} format={displayOddsFormat(oddsFormat, legPriceKind(record, leg))} timeZone={timeZone} />
        ))}
      </ul>
      <dl className={styles.amounts}>
        <div className={styles.amount}>
          <dt>{t('order.stake')}</dt>
          <dd>{money(record.betAmount)}</dd>
        </div>
        {closedWithPayout && (
          <div className={styles.amount}>
            <dt>{t('order.actualReturn')}</dt>
            <dd className={styles.strong}>{money(record.returnAmount)}</dd>
          </div>
        )}
        {running && (
          <div className={styles.amount}>
            <dt>{t('order.potentialReturn')}</dt>
            <dd className={styles.strong}>{money(recordPotentialReturn(record))}</dd>
          </div>
        )}
        {running && record.cashOutCount > 0 && (
          <>
            <div className={styles.amount}>
              <dt>{t('order.remainingStake')}</dt>
              <dd>{money(record.remainingPrincipal)}</dd>
            </div>
            <div className={styles.amount}>
              <dt>{t('order.cashedOut')}</dt>
              <dd>{money(record.cashOutTotalAmount)}</dd>
            </div>
          </>
        )}
      </dl>
      {status === 'failure' && rejectReason && <p className={styles.reject}>{t('order.rejectReason', { reason: rejectReason })}</p>}
      {record.inPolling && (
        <p className={styles.note} role="status">
          {t('order.cashingOut')}
        </p>
      )}
      {running && record.reserveCashOutList.some((rule) => rule.status === 0) && <p className={styles.note}>{t('order.autoCashOut')}</p>}
      {record.cashOutList.length > 0 && <CashOutHistory entries={record.cashOutList} currency={record.currency} timeZone={timeZone} apiLanguage={apiLanguage} />}
      {running && (onEarlySettlement || onEdit) && (
        <div className={styles.actions}>
          {onEarlySettlement && cashOutOffer !== undefined && (
            <span className={styles.offer} data-testid="bet-cash-out-offer">
              {t('order.cashOutOffer', { amount: money(cashOutOffer) })}
            </span>
          )}
          {onEdit && (
            <Button variant="secondary" onClick={() => onEdit(record)} aria-describedby={metaId}>
              {t('edit.open')}
            </Button>
          )}
          {onEarlySettlement && (
            <Button onClick={() => onEarlySettlement(record)} aria-describedby={metaId}>
              {t('order.earlySettlement')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

/** As the slip names it: a k-fold by its shape ("3-fold", "3串1"), a full cover by its name ("Trixie", "三串四"). */
function seriesName(record: BetRecord, t: TFunction<['myBets', 'betSlip']>): string {
  const { seriesType, matchCount } = record;
  // A number that is not N x 1000 + M is read as one accumulator of every leg.
  const seriesNumber = seriesType >= 1001 && seriesType % 1000 >= 1 ? seriesType : matchCount * 1000 + 1;
  const cover = fullCoverOfSeries(seriesNumber);
  if (cover) return t(cover.i18nKey, { ns: 'betSlip', defaultValue: cover.name });
  // Not a full cover: read as the accumulator of its size (the only other series the slip offers).
  const [key, options] = seriesShapeKey(Math.floor(seriesNumber / 1000) * 1000 + 1)!;
  return t(key, { ...options, ns: 'betSlip' });
}
