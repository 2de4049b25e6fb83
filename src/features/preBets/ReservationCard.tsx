import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLine } from '../match/domain/lines';
import { OddsFormat } from '../../../domain/odds';
import { ReservationStatus, type Reservation } from '../myBets/myBets';
import { Button } from '../../core/ui/common/Button';
import { dateTimeText, moneyText, oddsText } from '../myBets/format';
import styles from './ReservationCard.module.css';

const STATES: Readonly<Record<number, string>> = {
  [ReservationStatus.Booked]: 'booked',
  [ReservationStatus.InProgress]: 'inProgress',
  [ReservationStatus.Settled]: 'settled',
  [ReservationStatus.Cancelled]: 'cancelled',
  [ReservationStatus.Invalid]: 'invalid',
};

interface ReservationCardProps {
  reservation: Reservation;
  timeZone: string;
  apiLanguage: string;
  busy: boolean;
  onModify(reservation: Reservation): void;
  onCancel(reservation: Reservation): void;
}

/**
 * One pre-bet of the reserved view. Its odds are decimal whatever the member's odds format: pre-bets are booked,
 * triggered and modified in decimal odds only (docs/api.md, pre-bets), shown at the 2 decimals every price is quoted at.
 */
export function ReservationCard({ reservation: r, timeZone, apiLanguage, busy, onModify, onCancel }: ReservationCardProps) {
  const { t } = useTranslation('myBets');
  const titleId = useId();
  const state = STATES[r.status];
  const match = r.awayName ? `${r.homeName} vs ${r.awayName}` : r.homeName;
  // The feed reports 0:0 before kick-off; a score means something only once the match is played.
  const score = r.isInPlay && r.homeScore !== null && r.awayScore !== null ? `${r.homeScore}:${r.awayScore}` : undefined;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-status={state}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {r.optionBetName}
          {r.line && <span className={styles.line}> {formatLine(r.line)}</span>}
          <span className={styles.market}> · {r.betName}</span>
        </h2>
        <span className={`${styles.state} ${state ? styles[state] : ''}`}>{state ? t(`reservation.state.${state}`) : String(r.status)}</span>
      </header>
      <p className={styles.match}>
        {match}
        {score && <span className={styles.score}> {score}</span>}
        {r.isInPlay && <span className={styles.live}>{t('order.inPlay')}</span>}
        <span className={styles.league}> · {r.leagueName}</span>
      </p>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('reservation.askedOdds')}</dt>
          <dd className={styles.odds}>{oddsText(r.optionOdd, OddsFormat.Europe)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('reservation.currentOdds')}</dt>
          <dd>{r.currentOdd ? oddsText(r.currentOdd, OddsFormat.Europe) : '–'}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('reservation.bookedOdds')}</dt>
          <dd>{oddsText(r.bookedOdds, OddsFormat.Europe)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('reservation.stake')}</dt>
          <dd>{moneyText(r.unitStake, r.currency, apiLanguage)}</dd>
        </div>
      </dl>
      <p className={styles.meta}>
        <span>{t('reservation.bookedAt', { time: dateTimeText(r.createdTime, timeZone) })}</span>
        {r.orderId && <span>{t('reservation.orderPlaced', { id: r.orderId })}</span>}
      </p>
      {r.failReason && <p className={styles.reason}>{t('reservation.failReason', { reason: r.failReason })}</p>}
      {r.status === ReservationStatus.Booked && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={busy} aria-describedby={titleId} onClick={() => onModify(r)}>
            {t('reservation.modify')}
          </Button>
          <Button variant="secondary" disabled={busy} aria-describedby={titleId} onClick={() => onCancel(r)}>
            {t('reservation.cancel')}
          </Button>
        </div>
      )}
    </article>
  );
}
