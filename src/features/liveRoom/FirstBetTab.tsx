import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FirstBetCoverStatus } from '../../../contract/liveRoomEnums';
import type { FirstBetOffer } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import { envOf } from '../../core/store/env';
import { Button } from '../../core/ui/common/Button';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { useStore } from '../../core/ui/storeContext';
import { useMemberTranslation } from './i18n';
import styles from './LiveRoomScreen.module.css';
import { usePlatformCall } from '../../core/ui/usePlatformAnswer';

const COVER_STATES: Record<FirstBetCoverStatus, string> = {
  [FirstBetCoverStatus.Joined]: 'joined',
  [FirstBetCoverStatus.Covered]: 'covered',
  [FirstBetCoverStatus.NotCovered]: 'notCovered',
  [FirstBetCoverStatus.Lapsed]: 'lapsed',
};

/**
 * The room's first-bet coverage tab (docs/api.md "First-bet coverage"): the offer's terms and cap, whether the member
 * may join and why not, and their coverage once joined. A visitor is asked to sign in.
 */
export const FirstBetTab = observer(function FirstBetTab({ liveRoomId }: { liveRoomId: number }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  if (!store.session.isLogin) {
    return (
      <EmptyState>
        {t('firstBet.visitor')}{' '}
        <Button onClick={() => store.requireLogin(t('firstBet.visitor'))}>{t('signIn')}</Button>
      </EmptyState>
    );
  }
  return <FirstBetOfferView key={store.session.userData?.uid} liveRoomId={liveRoomId} />;
});

const FirstBetOfferView = observer(function FirstBetOfferView({ liveRoomId }: { liveRoomId: number }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  const { http, toast, logger } = envOf(store);
  const offer = usePlatformCall(String(liveRoomId), () => http.forehead.post(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId }) as Promise<FirstBetOffer>);
  const [joining, setJoining] = useState(false);
  if (offer.status === 'failed') return <LoadFailed onRetry={offer.reload} />;
  if (!offer.data) return <RowsSkeleton rows={3} />;
  const data = offer.data;
  if (!data.offered && !data.cover) return <EmptyState>{t('firstBet.none')}</EmptyState>;

  const join = async () => {
    setJoining(true);
    try {
      offer.replace((await http.forehead.post(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId })) as FirstBetOffer);
      toast.success(t('firstBet.joinedToast'));
    } catch (error) {
      logger.warn('[live] first-bet join failed', error);
      toast.error(t('firstBet.joinFailed'), { detail: error instanceof Error ? error.message : undefined });
    } finally {
      setJoining(false);
    }
  };
  const cover = data.cover;
  return (
    <div className={styles.firstBet}>
      <h2 className={styles.subhead}>{t('firstBet.heading', { amount: data.capAmount, currency: data.currency })}</h2>
      <p className={styles.terms}>{data.terms}</p>
      {cover ? (
        <dl className={styles.profile}>
          <dt>{t('firstBet.state')}</dt>
          <dd data-cover-status={cover.status}>{t(`firstBet.cover.${COVER_STATES[cover.status]}`)}</dd>
          <dt>{t('firstBet.order')}</dt>
          <dd>{cover.orderId ?? t('firstBet.noOrder')}</dd>
          <dt>{t('firstBet.refunded')}</dt>
          <dd>{t('firstBet.amount', { amount: cover.coverAmount, currency: data.currency })}</dd>
        </dl>
      ) : data.eligible ? (
        <Button size="lg" aria-busy={joining} disabled={joining} onClick={() => void join()}>
          {t('firstBet.join')}
        </Button>
      ) : (
        <p className={styles.muted}>{t(`firstBet.reason.${data.reason ?? 'roomEnded'}`)}</p>
      )}
    </div>
  );
});
