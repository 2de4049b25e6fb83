import { compareStructural, reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetRecord } from '../../../domain/betRecord';
import { myBetsOf, SETTLEMENT_TYPES } from './myBets';
import { cashOutOf } from '../cashOut/cashOut';
import { CashOutDialog } from '../cashOut/CashOutDialog';
import { Button } from '../../core/ui/common/Button';
import { EmptyState } from '../../core/ui/common/Panel';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { Screen } from '../../core/ui/common/Screen';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { useStore } from '../../core/ui/storeContext';
import { BetCard } from './BetCard';
import { EditBetDialog, editable } from './EditBetDialog';
import { DateRangeFilter } from './DateRangeFilter';
import { ReservationCard } from '../preBets/ReservationCard';
import { ReservationDialog, type ReservationAction } from '../preBets/ReservationDialog';
import { StatisticsSummary } from './StatisticsSummary';
import screen from '../../core/ui/common/Screen.module.css';
import styles from './MyBetsView.module.css';

const TABS_ID = 'sp-mybets';

/** Unsettled, settled and reserved as tabs (arrow keys move between them and select). */
const SettlementTabs = observer(function SettlementTabs() {
  const { t } = useTranslation('myBets');
  const myBets = myBetsOf(useStore());
  return (
    <Tabs
      tabs={SETTLEMENT_TYPES.map((type) => ({ id: type, label: t(`tabs.${type}`) }))}
      selected={myBets.settlementType}
      onSelect={(type) => type !== myBets.settlementType && void myBets.setSettlementType(type)}
      label={t('tabs.label')}
      idPrefix={TABS_ID}
      classNames={{ list: styles.tabs, tab: styles.tab }}
    />
  );
});

const Pager = observer(function Pager() {
  const { t } = useTranslation('myBets');
  const myBets = myBetsOf(useStore());
  if (myBets.settlementType === 'reserved' || myBets.pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('paging.label')}>
      <Button variant="secondary" disabled={myBets.current <= 1 || myBets.status === 'loading'} onClick={() => void myBets.setPage(myBets.current - 1)}>
        {t('paging.previous')}
      </Button>
      <span className={styles.page} aria-live="polite">
        {t('paging.page', { current: myBets.current, count: myBets.pageCount })}
      </span>
      <Button variant="secondary" disabled={myBets.current >= myBets.pageCount || myBets.status === 'loading'} onClick={() => void myBets.setPage(myBets.current + 1)}>
        {t('paging.next')}
      </Button>
    </nav>
  );
});

/**
 * "My bets": the member's orders, unsettled, settled (by period) or reserved (pre-bets), with statistics per
 * currency and paging. Loads when shown; the store skips every call for a visitor.
 */
export const MyBetsView = observer(function MyBetsView() {
  const { t } = useTranslation('myBets');
  const store = useStore();
  const myBets = myBetsOf(store);
  const { settings, ui } = store;
  const [action, setAction] = useState<ReservationAction | null>(null);
  const [cashingOut, setCashingOut] = useState<BetRecord | null>(null);
  const [editing, setEditing] = useState<BetRecord | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  // The tab and dates live in the page's address too: the address's are applied before the first load, and follow it
  // (Back, Forward); the member's choices are written back to it.
  useEffect(() => {
    myBets.applyAddress(ui.screenParams.myBets ?? {});
    myBets.open();
    // The offers of the bets shown move with the prices: the member's offer channel is held while My bets is open.
    const releaseOffers = cashOutOf(store).viewOffers();
    const stops = [
      reaction(
        () => ui.screenParams.myBets ?? {},
        (params) => myBets.applyAddress(params),
      ),
      reaction(
        () => myBets.address,
        (address) => ui.setScreenParams('myBets', address),
        { fireImmediately: true, equals: compareStructural },
      ),
    ];
    return () => {
      for (const stop of stops) stop();
      releaseOffers();
      myBets.close();
    };
  }, [myBets, ui, store]);

  const type = myBets.settlementType;
  let body;
  if (myBets.status !== 'ready') body = <RowsSkeleton rows={3} />;
  else if (myBets.apiError)
    body = (
      <div className={screen.content}>
        <LoadFailed onRetry={() => void myBets.load()} />
      </div>
    );
  else if (myBets.rangeError && myBets.isEmpty) body = null;
  else if (myBets.isEmpty)
    body = (
      <div className={screen.content}>
        <EmptyState>{t(type === 'reserved' && myBets.showFailed ? 'empty.failed' : `empty.${type}`)}</EmptyState>
      </div>
    );
  else if (type === 'reserved')
    body = (
      <div className={styles.list}>
        {myBets.reservations.map((reservation) => (
          <ReservationCard
            key={reservation.reserveId}
            reservation={reservation}
            timeZone={ui.timezone}
            apiLanguage={settings.apiLanguage}
            busy={myBets.changingReserveId === reservation.reserveId}
            onModify={(r) => setAction({ kind: 'modify', reservation: r })}
            onCancel={(r) => setAction({ kind: 'cancel', reservation: r })}
          />
        ))}
      </div>
    );
  else
    body = (
      <div className={styles.list}>
        {myBets.records.map((record) => {
          const cashOut = cashOutOf(store);
          // The offer pushed or last asked for (the record's own before either): no offer, no cash out, no edit.
          const offer = cashOut.offerOf(record);
          const cashable = offer !== undefined && cashOut.canCashOut(record);
          return (
            <BetCard
              key={record.id}
              record={record}
              oddsFormat={settings.oddsFormatId}
              timeZone={ui.timezone}
              apiLanguage={settings.apiLanguage}
              onEarlySettlement={cashable ? setCashingOut : undefined}
              onEdit={cashable && editable(record) ? setEditing : undefined}
              cashOutOffer={offer}
            />
          );
        })}
      </div>
    );

  return (
    <Screen titleId="sp-mybets-title" title={t('title')} head={myBets.isLogin && <SettlementTabs />}>
      {!myBets.isLogin ? (
        <div className={screen.content}>
          <EmptyState>
            {t('loginRequired')}{' '}
            <Button onClick={() => store.requireLogin()}>{t('login')}</Button>
          </EmptyState>
        </div>
      ) : (
        <div ref={panel} id={tabPanelId(TABS_ID)} className={styles.panel} role="tabpanel" aria-labelledby={tabId(TABS_ID, type)} tabIndex={-1} aria-busy={myBets.status === 'loading'}>
          {type === 'settled' && (
            <div className={styles.toolbar}>
              <DateRangeFilter key={myBets.dateRangeType === 'custom' ? `${myBets.customStart}/${myBets.customEnd}` : myBets.dateRangeType} />
            </div>
          )}
          {type === 'reserved' && (
            <div className={styles.toolbar}>
              <label className={styles.toggle}>
                <input type="checkbox" checked={myBets.showFailed} onChange={(e) => void myBets.setShowFailed(e.target.checked)} />
                {t('reservation.showFailed')}
              </label>
            </div>
          )}
          {myBets.status === 'ready' && !myBets.apiError && <StatisticsSummary />}
          {body}
          <Pager />
        </div>
      )}
      <ReservationDialog action={action} onClose={() => setAction(null)} fallbackFocus={() => panel.current} />
      {editing && <EditBetDialog record={editing} onClose={() => setEditing(null)} fallbackFocus={() => panel.current} />}
      {cashingOut && <CashOutDialog orderId={cashingOut.id} record={cashingOut} onClose={() => setCashingOut(null)} fallbackFocus={() => panel.current} />}
    </Screen>
  );
});
