import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { BookingStatus } from '../../../contract/liveRoomEnums';
import type { LiveBooking } from '../../../contract/liveRoom';
import { LiveStatus, type AnchorRoom } from '../../../domain/anchors';
import { liveMemberOf } from './liveMember';
import { Button } from '../../core/ui/common/Button';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { useStore } from '../../core/ui/storeContext';
import styles from './LiveRoomScreen.module.css';
import { useMemberTranslation } from './i18n';


/**
 * The anchor tab's member part (spec 001 sections 2 and 7): follow or unfollow the anchor, book or cancel the room's
 * next broadcast, and the member's bookings. A visitor's press opens the sign-in instead.
 */
export const AnchorMember = observer(function AnchorMember({ room }: { room: AnchorRoom }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  const live = liveMemberOf(store);
  const member = store.session.isLogin;
  useEffect(() => {
    if (!member) return;
    if (live.infoStatus === 'idle') void live.loadInfo();
    if (live.bookingsStatus === 'idle') void live.loadBookings();
  }, [member, live, live.infoStatus, live.bookingsStatus]);

  const followed = member && live.follows(room.hostId);
  const booked = member ? live.openBooking(room.liveRoomId) : undefined;
  const followBusy = live.isBusy('follow', room.hostId) || (member && live.infoStatus !== 'ready');
  const bookBusy = live.isBusy('book', room.liveRoomId) || (member && live.bookingsStatus !== 'ready');
  const onFollow = () => store.requireLogin(t('signInToFollow')) && void live.setFollow(room.hostId, !followed);
  const onBook = () => store.requireLogin(t('signInToBook')) && void live.setBooked(room.liveRoomId, !booked);

  return (
    <section className={styles.member} aria-labelledby="sp-room-member">
      <h2 id="sp-room-member" className={styles.subhead}>
        {t('heading')}
      </h2>
      <div className={styles.actions}>
        <Button variant={followed ? 'secondary' : 'primary'} aria-pressed={followed} aria-busy={followBusy} disabled={followBusy} onClick={onFollow}>
          {t(followed ? 'following' : 'follow')}
        </Button>
        <Button variant={booked ? 'secondary' : 'primary'} aria-pressed={Boolean(booked)} aria-busy={bookBusy} disabled={bookBusy} onClick={onBook}>
          {t(booked ? 'cancelBooking' : 'book')}
        </Button>
      </div>
      <p className={styles.muted}>{t(room.liveStatus === LiveStatus.Waiting ? 'bookWaiting' : 'bookNext')}</p>
      {member && <Bookings />}
    </section>
  );
});

/** The member's bookings (live/booking/list), newest first: each opens its room. */
const Bookings = observer(function Bookings() {
  const { t } = useMemberTranslation();
  const store = useStore();
  const live = liveMemberOf(store);
  const status = live.bookingsStatus;
  return (
    <>
      <h3 className={styles.subhead}>{t('bookings')}</h3>
      {status === 'failed' ? (
        <LoadFailed onRetry={() => void live.loadBookings()} />
      ) : status !== 'ready' && live.bookings.length === 0 ? (
        <RowsSkeleton rows={2} />
      ) : live.bookings.length === 0 ? (
        <p className={styles.muted}>{t('noBookings')}</p>
      ) : (
        <ul className={styles.rooms} aria-label={t('bookings')}>
          {live.bookings.map((booking) => (
            <li key={booking.liveRoomId}>
              <button type="button" className={styles.roomButton} onClick={() => store.ui.showOne('room', booking.liveRoomId)}>
                {t('bookingEntry', { name: booking.hostName, room: booking.liveRoomId, state: t(`bookingState.${stateOf(booking)}`) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

const stateOf = (booking: LiveBooking) =>
  booking.status === BookingStatus.Cancelled ? 'cancelled' : booking.status === BookingStatus.Notified ? 'live' : 'booked';
