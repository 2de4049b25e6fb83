import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { Button, Dialog, LoadFailed, RowsSkeleton, toastRef, useService } from '../../src/sdk';
import type { Coupon } from '../../contract/economy';
import type { RoomEconomyInstance } from './store';
import { useStrings } from './strings';
import styles from './economy.module.css';

/** Coupon status codes (CouponStatus): 0 unused, 1 used, 2 expired. */
const USED = 1;
const EXPIRED = 2;

/**
 * Today's daily coin limits (activity/goldmall/dailyLimit): what the member has spent on gifts and received from red
 * envelopes of what they may, where coins are spent (the coin balance's panel, the gift list).
 */
export const DailyLimits = observer(function DailyLimits({ store, only }: { store: RoomEconomyInstance; only?: 'spend' | 'receive' }) {
  const { t } = useStrings();
  if (store.limitsStatus === 'failed') return <p className={styles.muted}>{t('limits.failed')}</p>;
  if (store.limitsStatus !== 'ready') return <p className={styles.muted}>{t('limits.loading')}</p>;
  const shown = store.limits.filter((l) => only === undefined || l.type === only);
  return (
    <ul className={styles.limits} aria-label={t('limits.title')}>
      {shown.map((l) => (
        <li key={l.type} data-testid={`limit-${l.type}`}>
          {t(`limits.${l.type}`, { used: l.used, limit: l.limit, remaining: l.remaining })}
        </li>
      ))}
    </ul>
  );
});

/**
 * The coin balance's panel: today's limits and the way to the member's coupons. A disclosure under the header, like
 * the gift list.
 */
export const CoinPanel = observer(function CoinPanel({ store, id, onCoupons }: { store: RoomEconomyInstance; id: string; onCoupons(): void }) {
  const { t } = useStrings();
  const titleId = useId();
  useEffect(() => {
    if (store.limitsStatus === 'idle' || store.limitsStatus === 'failed') void store.loadLimits();
  }, [store]);
  return (
    <section id={id} className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('limits.title')}
      </h2>
      <DailyLimits store={store} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCoupons}>
          {t('coupons.open')}
        </Button>
      </div>
    </section>
  );
});

/** My coupons (activity/coupon/list): each coupon's type, value, expiry and state, with Redeem where it is usable. */
export const CouponsDialog = observer(function CouponsDialog({ store, open, onClose }: { store: RoomEconomyInstance; open: boolean; onClose(): void }) {
  const { t } = useStrings();
  useEffect(() => {
    if (open) void store.loadCoupons();
  }, [open, store]);
  return (
    <Dialog open={open} title={t('coupons.title')} onClose={onClose}>
      {store.couponsStatus === 'failed' ? (
        <LoadFailed onRetry={() => void store.loadCoupons()} />
      ) : store.couponsStatus !== 'ready' ? (
        <RowsSkeleton rows={3} />
      ) : store.coupons.length === 0 ? (
        <p className={styles.muted}>{t('coupons.empty')}</p>
      ) : (
        <ul className={styles.coupons}>
          {store.coupons.map((c) => (
            <CouponRow key={c.couponId} store={store} coupon={c} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
});

const CouponRow = observer(function CouponRow({ store, coupon: c }: { store: RoomEconomyInstance; coupon: Coupon }) {
  const { t, i18n } = useStrings();
  const toast = useService(toastRef);
  const id = useId();
  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const state = c.status === USED ? 'used' : c.status === EXPIRED ? 'expired' : c.usable ? 'usable' : 'locked';
  const redeem = async () => {
    const outcome = await store.redeem(c.couponId);
    if (outcome.ok) toast.success(t(`coupons.redeemed.${outcome.redeemed.asset === 'COIN' ? 'coins' : 'balance'}`, { amount: outcome.redeemed.credited, currency: outcome.redeemed.asset }));
    else toast.error(t(`coupons.refused.${outcome.reason}`));
  };
  return (
    <li className={styles.coupon} aria-labelledby={`${id}-name`} data-testid="coupon">
      <span id={`${id}-name`} className={styles.couponName}>
        {t(`coupons.type.${c.type}`)}: {c.amount} {c.currency}
      </span>
      <span className={styles.muted}>{t(`coupons.into.${c.redeemsInto}`)}</span>
      <span className={styles.muted}>
        {c.status === USED && c.usedAt !== null ? t('coupons.usedAt', { date: date(c.usedAt) }) : t('coupons.expires', { date: date(c.expiresAt) })}
      </span>
      <span data-testid="coupon-state" className={state === 'usable' ? styles.status : styles.muted}>
        {state === 'locked' ? t(`coupons.locked.${c.condition}`, { progress: c.progress, required: c.required, currency: c.currency }) : t(`coupons.state.${state}`)}
      </span>
      {state === 'usable' && (
        <Button onClick={() => void redeem()} disabled={store.redeeming !== undefined} aria-describedby={`${id}-name`}>
          {store.redeeming === c.couponId ? t('coupons.redeeming') : t('coupons.redeem')}
        </Button>
      )}
    </li>
  );
});
