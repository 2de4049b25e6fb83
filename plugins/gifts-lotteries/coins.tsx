import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Button, Dialog, LoadFailed, RowsSkeleton, type LiveRoomHeaderModule, type LiveRoomProps } from '../../src/sdk';
import { CoinPanel, CouponsDialog, DailyLimits } from './coupons';
import { useIconUrl, useRoomEconomy } from './room';
import type { RoomEconomyInstance } from './store';
import { useStrings } from './strings';
import styles from './economy.module.css';

/** Gifts a member may send at once (the platform's bound on `count`). */
const MAX_COUNT = 999;

/**
 * The room header's part of the economy: the member's coin balance with its conversion dialog, and the gift list and
 * anchor gift (top10) toggles with their panels. Escape closes an open panel and focus goes back to its toggle, so a
 * keyboard user is never dropped to the page (issue 31).
 */
const Header = observer(function Header(props: LiveRoomProps) {
  const { t } = useStrings();
  const store = useRoomEconomy(props);
  const giftsToggle = useRef<HTMLButtonElement>(null);
  const top10Toggle = useRef<HTMLButtonElement>(null);
  if (!store) return null;
  const escapeCloses = (close: () => void, toggle: RefObject<HTMLButtonElement | null>) => (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
    toggle.current?.focus();
  };
  const closeGifts = escapeCloses(() => store.giftListShown && store.toggleGiftList(), giftsToggle);
  const closeTop10 = escapeCloses(() => store.anchorGiftsShown && store.toggleAnchorGifts(), top10Toggle);
  return (
    <div className={styles.header}>
      {store.isLogin && <CoinBalance store={store} />}
      <button
        ref={giftsToggle}
        type="button"
        className={styles.toggle}
        aria-pressed={store.giftListShown}
        aria-controls={store.giftListShown ? 'sp-gift-list' : undefined}
        onClick={() => store.toggleGiftList()}
        onKeyDown={closeGifts}
      >
        {t('gifts.toggle')}
      </button>
      <button
        ref={top10Toggle}
        type="button"
        className={styles.toggle}
        aria-pressed={store.anchorGiftsShown}
        aria-controls={store.anchorGiftsShown ? 'sp-gift-top10' : undefined}
        onClick={() => store.toggleAnchorGifts()}
        onKeyDown={closeTop10}
      >
        {t('top10.toggle')}
      </button>
      {store.giftListShown && (
        <div className={styles.popover} onKeyDown={closeGifts}>
          <GiftList store={store} signIn={props.signIn} />
        </div>
      )}
      {store.anchorGiftsShown && (
        <div className={styles.popover} onKeyDown={closeTop10}>
          <Top10 store={store} />
        </div>
      )}
    </div>
  );
});

/**
 * The member's coins: the balance is a toggle for its panel (today's limits, the way to My coupons), beside the
 * conversion dialog's button.
 */
const CoinBalance = observer(function CoinBalance({ store }: { store: RoomEconomyInstance }) {
  const { t } = useStrings();
  const [converting, setConverting] = useState(false);
  const [panel, setPanel] = useState(false);
  const [coupons, setCoupons] = useState(false);
  return (
    <span className={styles.coins}>
      <button type="button" className={styles.toggle} aria-expanded={panel} aria-controls={panel ? 'sp-coin-panel' : undefined} onClick={() => setPanel(!panel)}>
        <span data-testid="coin-balance" aria-live="polite">
          {store.coinStatus === 'failed' ? t('coins.failed') : store.coinBalance === undefined ? t('coins.loading') : t('coins.balance', { coins: store.coinBalance })}
        </span>
      </button>
      <button type="button" className={styles.toggle} onClick={() => setConverting(true)}>
        {t('convert.open')}
      </button>
      {panel && <CoinPanel store={store} id="sp-coin-panel" onCoupons={() => setCoupons(true)} />}
      <ConvertDialog store={store} open={converting} onClose={() => setConverting(false)} />
      <CouponsDialog store={store} open={coupons} onClose={() => setCoupons(false)} />
    </span>
  );
});

/**
 * Main balance to coins (activity/goldmall/transfer), with the transfer's status: pending, failed or succeeded. Before
 * confirming, the member sees the rate and both balances before and after (read again as the dialog opens; issue 31).
 */
const ConvertDialog = observer(function ConvertDialog({ store, open, onClose }: { store: RoomEconomyInstance; open: boolean; onClose(): void }) {
  const { t } = useStrings();
  const id = useId();
  const [amount, setAmount] = useState('');
  useEffect(() => {
    if (open) void store.loadCoins();
  }, [open, store]);
  const valid = /^\d{1,9}(\.\d{1,2})?$/.test(amount) && Number(amount) > 0;
  const conversion = store.conversionOf(valid ? amount : '0');
  const short = valid && conversion?.short === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !short) void store.convert(amount);
  };
  const transfer = store.transfer;
  return (
    <Dialog open={open} title={t('convert.title')} onClose={onClose}>
      <form onSubmit={submit} className={styles.form}>
        <label htmlFor={`${id}-amount`}>{t('convert.amount')}</label>
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.trim())} aria-invalid={(amount !== '' && !valid) || short} aria-describedby={`${id}-preview ${id}-status`} />
        <div id={`${id}-preview`}>
          {store.main?.rate === null ? (
            <p className={styles.error}>{t('convert.noRate', { currency: store.main.currency })}</p>
          ) : conversion ? (
            <dl className={styles.preview} aria-label={t('convert.preview')}>
              <dt>{t('convert.rate')}</dt>
              <dd>{t('convert.rateValue', { currency: conversion.currency, rate: conversion.rate, count: Number(conversion.rate) })}</dd>
              <dt>{t('convert.mainBalance', { currency: conversion.currency })}</dt>
              <dd>{t('convert.change', { before: conversion.balanceBefore, after: conversion.balanceAfter })}</dd>
              <dt>{t('convert.coins')}</dt>
              <dd>{t('convert.change', { before: conversion.coinsBefore, after: conversion.coinsAfter })}</dd>
            </dl>
          ) : null}
        </div>
        <p id={`${id}-status`} role="status" className={short || store.transferError ? styles.error : styles.status}>
          {store.transferError
            ? t(`convert.error.${store.transferError}`)
            : transfer
              ? t(`convert.status.${transfer.status}`, { coins: transfer.coins, amount: transfer.amount, currency: transfer.currency })
              : amount !== '' && !valid
                ? t('convert.invalid')
                : short
                  ? t('convert.error.insufficient')
                  : ''}
        </p>
        <div className={styles.actions}>
          <Button type="submit" disabled={!valid || short || store.transferring}>
            {t('convert.submit')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});

/** The gift shop (live/load/gift): pick a gift and a count, send it to the room's anchor. */
export const GiftList = observer(function GiftList({ store, signIn }: { store: RoomEconomyInstance; signIn(): void }) {
  const { t } = useStrings();
  const iconUrl = useIconUrl();
  const id = useId();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (store.giftsStatus === 'idle') void store.loadGifts();
  }, [store]);
  const gift = store.gifts.find((g) => g.giftId === picked);
  const send = () => {
    if (!store.isLogin) return signIn();
    if (gift) void store.send(gift.giftId, count);
  };
  return (
    <section id="sp-gift-list" className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('gifts.title')}
      </h2>
      {store.giftsStatus === 'failed' ? (
        <LoadFailed onRetry={() => void store.loadGifts()} />
      ) : store.giftsStatus !== 'ready' ? (
        <RowsSkeleton rows={2} />
      ) : store.gifts.length === 0 ? (
        <p className={styles.muted}>{t('gifts.empty')}</p>
      ) : (
        <>
          <ul className={styles.gifts}>
            {store.gifts.map((g) => (
              <li key={g.giftId}>
                <button type="button" className={styles.gift} aria-pressed={g.giftId === picked} onClick={() => setPicked(g.giftId)}>
                  <img src={iconUrl(g.icon)} alt="" width={40} height={40} />
                  <span>{g.name}</span>
                  <span className={styles.muted}>{t('gifts.price', { coins: g.price })}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.sendRow}>
            <label htmlFor={`${id}-count`}>{t('gifts.count')}</label>
            <input
              id={`${id}-count`}
              type="number"
              min={1}
              max={MAX_COUNT}
              value={count}
              onChange={(e) => setCount(Math.min(MAX_COUNT, Math.max(1, Math.trunc(Number(e.target.value)) || 1)))}
            />
            <Button onClick={send} disabled={store.isLogin && (!gift || store.sending)}>
              {store.isLogin ? t('gifts.send') : t('signIn')}
            </Button>
          </div>
          {store.isLogin && <DailyLimits store={store} only="spend" />}
          <p role="status" className={store.sendRefusal ? styles.error : styles.status}>
            {store.sendRefusal
              ? t(`gifts.refused.${store.sendRefusal}`)
              : store.lastSent
                ? t('gifts.sent', { count: store.lastSent.count, gift: store.giftName(store.lastSent.giftId) ?? '', coins: store.lastSent.total })
                : ''}
          </p>
        </>
      )}
    </section>
  );
});

/** The anchor's gift board (live/room/gift/top10): the room's senders ranked by coins given. */
export const Top10 = observer(function Top10({ store }: { store: RoomEconomyInstance }) {
  const { t } = useStrings();
  const id = useId();
  return (
    <section id="sp-gift-top10" className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('top10.title')}
      </h2>
      {store.top10Status === 'failed' ? (
        <LoadFailed onRetry={() => void store.loadTop10()} />
      ) : store.top10Status !== 'ready' ? (
        <RowsSkeleton rows={3} />
      ) : store.top10.length === 0 ? (
        <p className={styles.muted}>{t('top10.empty')}</p>
      ) : (
        <ol className={styles.ranks}>
          {store.top10.map((row) => (
            <li key={row.uid}>
              <span>{row.nickname}</span> <span className={styles.muted}>{t('top10.total', { coins: row.total, gifts: row.gifts })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});

const coins: LiveRoomHeaderModule = { Header };
export default coins;
