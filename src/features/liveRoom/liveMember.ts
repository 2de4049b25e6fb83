import { reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { PushChannel } from '../../../contract/channels';
import { EconomyChannel } from '../../../contract/economyCodes';
import { BookingStatus } from '../../../contract/liveRoomEnums';
import { LiveStatus } from '../../../domain/anchors';
import type { Follow, LiveBooking, SubscribeInfo } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import type { MemberLivePush } from '../../../contract/push';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';

/** What of the app root the member's live side reads and drives. */
export interface LiveMemberRoot extends OnDemandRoot {
  session: { isLogin: boolean; userData?: { uid: string }; refreshBalance(): unknown };
  ui: { showOne(view: 'room', id: number): void };
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** A call that changes something, while it runs (its button is busy, a second press does nothing). */
const busyKey = (what: 'follow' | 'book', id: number) => `${what}:${id}`;

/**
 * A member's own live side (docs/architecture.md "Follow and booking"): the anchors they follow and the rooms they
 * booked (live/user/subscribe/info, live/booking/list), follow/unfollow and book/cancel, and the "booked room is live"
 * notice on their private push channel `member:<uid>:live`. Made at the first sign-in (with the member's settings) and
 * following the session from then on: a sign-out or another member's sign-in forgets everything the last one had, so
 * nobody sees another's follows or bookings.
 */
export const LiveMemberStore = types
  .model('LiveMemberStore', {})
  .volatile(() => ({
    root: undefined as LiveMemberRoot | undefined,
    /** The member the state below belongs to. */
    uid: undefined as string | undefined,
    infoStatus: 'idle' as LoadStatus,
    followedHostIds: [] as number[],
    bookingsStatus: 'idle' as LoadStatus,
    bookings: [] as LiveBooking[],
    busy: [] as string[],
    stop: undefined as (() => void) | undefined,
  }))
  .views((self) => ({
    follows(hostId: number) {
      return self.followedHostIds.includes(hostId);
    },
    /** The member's open booking of a room (booked, not yet live), if any. */
    openBooking(liveRoomId: number) {
      return self.bookings.find((booking) => booking.liveRoomId === liveRoomId && booking.status === BookingStatus.Booked);
    },
    isBusy(what: 'follow' | 'book', id: number) {
      return self.busy.includes(busyKey(what, id));
    },
  }))
  .actions((self) => ({
    /** Another member (or nobody) now: nothing of the last member's stays. */
    reset(uid: string | undefined) {
      self.uid = uid;
      self.infoStatus = 'idle';
      self.followedHostIds = [];
      self.bookingsStatus = 'idle';
      self.bookings = [];
      self.busy = [];
    },
    setInfo(uid: string | undefined, status: LoadStatus, info?: SubscribeInfo) {
      if (uid !== self.uid) return;
      self.infoStatus = status;
      if (info) self.followedHostIds = [...info.subscribeHostId];
    },
    setBookings(uid: string | undefined, status: LoadStatus, bookings?: LiveBooking[]) {
      if (uid !== self.uid) return;
      self.bookingsStatus = status;
      if (bookings) self.bookings = bookings;
    },
    setFollowed(uid: string | undefined, hostId: number, followed: boolean) {
      if (uid !== self.uid) return;
      const others = self.followedHostIds.filter((id) => id !== hostId);
      self.followedHostIds = followed ? [...others, hostId] : others;
    },
    /** A booking as the platform answered it now, in place of the room's earlier one (newest first). */
    putBooking(uid: string | undefined, booking: LiveBooking) {
      if (uid !== self.uid) return;
      self.bookings = [booking, ...self.bookings.filter((other) => other.liveRoomId !== booking.liveRoomId)];
    },
    setBusy(key: string, busy: boolean) {
      self.busy = busy ? [...self.busy, key] : self.busy.filter((other) => other !== key);
    },
  }))
  .actions((self) => {
    /** Runs a change for the member signed in now, with its button busy; a failure is toasted with the platform's words. */
    function* change<T>(key: string, call: () => Promise<T>, done: (uid: string | undefined, answer: T) => void) {
      const { toast, logger, i18n } = envOf(self);
      if (self.busy.includes(key)) return;
      const uid = self.uid;
      self.setBusy(key, true);
      try {
        const answer: T = yield Promise.resolve(call());
        done(uid, answer);
      } catch (error) {
        logger.warn(`[live] ${key} failed`, error);
        toast.error(i18n.t('liveMember.failed'), { detail: error instanceof Error ? error.message : undefined });
      } finally {
        self.setBusy(key, false);
      }
    }
    return {
      loadInfo: flow(function* loadInfo() {
        const uid = self.uid;
        if (uid === undefined) return;
        self.setInfo(uid, 'loading');
        try {
          const info: SubscribeInfo = yield Promise.resolve(envOf(self).http.forehead.post(LIVE_ROOM_PATHS.subscribeInfo, {}));
          self.setInfo(uid, 'ready', info);
        } catch (error) {
          envOf(self).logger.warn('[live] subscribe info failed', error);
          self.setInfo(uid, 'failed');
        }
      }),
      loadBookings: flow(function* loadBookings() {
        const uid = self.uid;
        if (uid === undefined) return;
        self.setBookings(uid, 'loading');
        try {
          const bookings: LiveBooking[] = yield Promise.resolve(envOf(self).http.forehead.post(LIVE_ROOM_PATHS.bookingList, {}));
          self.setBookings(uid, 'ready', bookings);
        } catch (error) {
          envOf(self).logger.warn('[live] bookings failed', error);
          self.setBookings(uid, 'failed');
        }
      }),
      /** live/subscribe or live/unsubscribe; the spec's toasts "followed" and "unfollowed anchor". */
      setFollow: flow(function* setFollow(hostId: number, followed: boolean) {
        const { http, toast, i18n } = envOf(self);
        yield* change(
          busyKey('follow', hostId),
          () => http.forehead.post(followed ? LIVE_ROOM_PATHS.subscribe : LIVE_ROOM_PATHS.unsubscribe, { hostId }) as Promise<Follow>,
          (uid, answer) => {
            self.setFollowed(uid, answer.hostId, answer.followed);
            toast.success(i18n.t(answer.followed ? 'liveMember.followed' : 'liveMember.unfollowed'));
          },
        );
      }),
      /** live/booking/add or live/booking/cancel: the room's next broadcast. */
      setBooked: flow(function* setBooked(liveRoomId: number, booked: boolean) {
        const { http, toast, i18n } = envOf(self);
        yield* change(
          busyKey('book', liveRoomId),
          () => http.forehead.post(booked ? LIVE_ROOM_PATHS.bookingAdd : LIVE_ROOM_PATHS.bookingCancel, { liveRoomId }) as Promise<LiveBooking>,
          (uid, answer) => {
            self.putBooking(uid, answer);
            toast.success(i18n.t(booked ? 'liveMember.booked' : 'liveMember.bookingCancelled'));
          },
        );
      }),
    };
  })
  .actions((self) => ({
    /**
     * A booked room went live: a notice that stays until dismissed, with a button into the room. The member's list
     * shows it noticed from now on.
     */
    notice(push: MemberLivePush) {
      const { toast, i18n } = envOf(self);
      toast.info(i18n.t('liveMember.bookingLive', { name: push.hostName }), {
        durationMs: 0,
        action: { label: i18n.t('liveMember.openRoom'), run: () => self.root!.ui.showOne('room', push.liveRoomId) },
      });
      const booked = self.bookings.find((booking) => booking.liveRoomId === push.liveRoomId);
      if (booked) self.putBooking(self.uid, { ...booked, status: BookingStatus.Notified, liveStatus: LiveStatus.Living, matchId: push.matchId });
    },
  }))
  .actions((self) => ({
    start(root: LiveMemberRoot) {
      self.root = root;
      const { push, storage, events } = envOf(self);
      let unsubscribe: (() => void) | undefined;
      const stopMember = reaction(
        () => (root.session.isLogin ? root.session.userData?.uid : undefined),
        (uid) => {
          unsubscribe?.();
          unsubscribe = undefined;
          self.reset(uid);
          // The socket signs in as the member; their private channel goes with it (and again after a reconnect).
          push.auth(uid === undefined ? undefined : storage.get('auth') || undefined);
          if (uid === undefined) return;
          const stopLive = push.subscribe(PushChannel.memberLive(Number(uid)), (data) => self.notice(data as MemberLivePush));
          // Coins moved anywhere (a prize, an envelope, a refund, another tab's gift or conversion): the session reads
          // the balances again and hands them, coinBalance included, to the host's onBalanceChange.
          const stopCoins = push.subscribe(EconomyChannel.memberCoins(Number(uid)), () => void root.session.refreshBalance());
          unsubscribe = () => {
            stopLive();
            stopCoins();
          };
        },
        { fireImmediately: true },
      );
      // A notice missed while away (gap, platform restart) is in the member's bookings: read them again if shown.
      const onGap = ({ chId }: { chId: string }) => {
        if (self.uid === undefined) return;
        if (chId === PushChannel.memberLive(Number(self.uid)) && self.bookingsStatus !== 'idle') void self.loadBookings();
        if (chId === EconomyChannel.memberCoins(Number(self.uid))) void root.session.refreshBalance();
      };
      events.on('push.gap', onGap);
      self.stop = () => {
        stopMember();
        unsubscribe?.();
        events.off('push.gap', onGap);
      };
    },
  }));

export type LiveMemberStoreInstance = Instance<typeof LiveMemberStore>;

/** The member's live side of an app root, made at the first sign-in (memberSettings.ts starts it). */
export const { of: liveMemberOf, existing: existingLiveMember } = onDemand('liveMember', LiveMemberStore, (store, root: LiveMemberRoot) => {
  store.start(root);
  addDisposer(store, () => store.stop?.());
});
