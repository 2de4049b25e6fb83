import { describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingStatus, EnterEffect, FirstBetCoverStatus } from '../../../contract/enums';
import { bookingSchema, enterAnimationSchema, firstBetOfferSchema, followSchema, subscribeInfoSchema, watchSchema, type FirstBetOffer, type LiveBooking } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import { LiveStatus } from '../../../domain/anchors';
import type { PushHandler } from '../../services/push';
import { liveMemberOf } from './liveMember';
import { anchorRoom } from '../../testing/anchorFixtures';
import { memberState } from '../../testing/bettingFixtures';
import { fakeAnswer } from '../../testing/contractFakes';
import { renderWithRoutes, type ForeheadAnswer } from '../../testing/renderWithRoutes';
import { AnchorMember } from './AnchorMember';
import { FirstBetTab } from './FirstBetTab';
import { ENTRANCE_MS, RoomEntry } from './RoomEntry';
import { LIVE_ROOM_NS } from './i18n';

const ROOM = anchorRoom(8001, 7, { hostName: '小雅', hostId: 9001, liveStatus: LiveStatus.Waiting });

const booking = (liveRoomId: number, status: LiveBooking['status'] = BookingStatus.Booked): LiveBooking =>
  fakeAnswer(bookingSchema, {
    liveRoomId,
    hostId: 9001,
    hostName: '小雅',
    matchId: 7,
    status,
    liveStatus: LiveStatus.Waiting,
    bookedAt: 1_000,
    modifiedAt: 1_000,
    match: null,
  });

const memberRoutes = (followed: number[] = [], bookings: LiveBooking[] = []): Record<string, ForeheadAnswer> => ({
  [LIVE_ROOM_PATHS.subscribeInfo]: () => fakeAnswer(subscribeInfoSchema, { subscribeHostId: followed, subscribeMatchId: [] }),
  [LIVE_ROOM_PATHS.bookingList]: () => bookings,
  [LIVE_ROOM_PATHS.subscribe]: (body) => fakeAnswer(followSchema, { hostId: body.hostId as number, followed: true }),
  [LIVE_ROOM_PATHS.unsubscribe]: (body) => fakeAnswer(followSchema, { hostId: body.hostId as number, followed: false }),
  [LIVE_ROOM_PATHS.bookingAdd]: (body) => booking(body.liveRoomId as number),
  [LIVE_ROOM_PATHS.bookingCancel]: (body) => booking(body.liveRoomId as number, BookingStatus.Cancelled),
});

const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });

describe('follow and booking in the anchor tab', () => {
  it('follows and unfollows the anchor, with the spec\'s toasts', async () => {
    const { http } = await renderWithRoutes(<AnchorMember room={ROOM} />, { namespaces: [LIVE_ROOM_NS], routes: memberRoutes() });
    const follow = await screen.findByRole('button', { name: 'Follow' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.subscribe, { hostId: 9001 });
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toastRegion()).getByText('Followed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.unsubscribe, { hostId: 9001 });
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(toastRegion()).getByText('Unfollowed anchor')).toBeInTheDocument();
  });

  it('shows the follow the platform has (subscribeHostId) and keeps the button as it was when a change fails', async () => {
    const routes = { ...memberRoutes([9001]), [LIVE_ROOM_PATHS.unsubscribe]: () => Promise.reject(new Error('hostId: not found')) };
    await renderWithRoutes(<AnchorMember room={ROOM} />, { namespaces: [LIVE_ROOM_NS], routes });
    const following = await screen.findByRole('button', { name: 'Following' });
    await waitFor(() => expect(following).toBeEnabled());
    await userEvent.click(following);
    expect(await within(toastRegion()).findByText('That did not work')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('hostId: not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeEnabled();
  });

  it('asks a visitor to sign in instead of following or booking, and calls nothing', async () => {
    const { store, http } = await renderWithRoutes(<AnchorMember room={ROOM} />, { namespaces: [LIVE_ROOM_NS], member: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(store.ui.loginReason).toBe('Sign in to follow anchors');
    act(() => store.ui.closeLogin());
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(store.ui.loginReason).toBe('Sign in to book a broadcast');
    expect(http.forehead.post).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'My bookings' })).not.toBeInTheDocument();
  });

  it('books and cancels the room, and lists the bookings (each opens its room)', async () => {
    const { http, store } = await renderWithRoutes(<AnchorMember room={ROOM} />, { namespaces: [LIVE_ROOM_NS], routes: memberRoutes([], [booking(8020, BookingStatus.Notified)]) });
    expect(await screen.findByRole('button', { name: '小雅 · room 8020 (live now)' })).toBeInTheDocument();
    const book = screen.getByRole('button', { name: 'Book' });
    await waitFor(() => expect(book).toBeEnabled());
    await userEvent.click(book);
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: 8001 });
    expect(within(toastRegion()).getByText('Booked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '小雅 · room 8001 (booked)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.bookingCancel, { liveRoomId: 8001 });
    expect(within(toastRegion()).getByText('Booking cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '小雅 · room 8001 (cancelled)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '小雅 · room 8020 (live now)' }));
    expect(store.ui.roomId).toBe(8020);
  });

  it('says when the bookings failed to load and loads them again on retry', async () => {
    let fail = true;
    const routes = { ...memberRoutes(), [LIVE_ROOM_PATHS.bookingList]: () => (fail ? Promise.reject(new Error('down')) : [booking(8001)]) };
    await renderWithRoutes(<AnchorMember room={ROOM} />, { namespaces: [LIVE_ROOM_NS], routes });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: '小雅 · room 8001 (booked)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
  });
});

describe('the booked-room-is-live notice', () => {
  it("signs the push socket in, listens on the member's private channel, and opens the room from the notice", async () => {
    const { store, env } = await renderWithRoutes(null, { namespaces: [LIVE_ROOM_NS], routes: memberRoutes() });
    const handlers = new Map<string, PushHandler>();
    (env.push.subscribe as jest.Mock<(channel: string, handler: PushHandler) => () => void>).mockImplementation((channel, handler) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    });
    act(() => void liveMemberOf(store));
    expect(env.push.auth).toHaveBeenLastCalledWith('token-1');
    const handler = handlers.get('member:1:live')!;
    act(() => handler({ kind: 'bookingLive', liveRoomId: 8004, hostId: 9004, hostName: '篮球小王', matchId: 8 }, { chId: 'member:1:live', data: null }));
    expect(within(toastRegion()).getByText('篮球小王, whom you booked, is live now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8004);
    expect(within(toastRegion()).queryByText('篮球小王, whom you booked, is live now')).not.toBeInTheDocument();

    // Signing out leaves the channel and signs the socket out; nothing of the member stays.
    act(() => store.session.clear());
    expect(handlers.has('member:1:live')).toBe(false);
    expect(env.push.auth).toHaveBeenLastCalledWith(undefined);
    expect(liveMemberOf(store).followedHostIds).toEqual([]);
  });
});

describe("the member's private coins channel", () => {
  it('reads the balances again on a coins push (another tab, a prize) and hands coinBalance to the host', async () => {
    const loginState = { ...memberState('990.00'), coinBalance: '42.50' };
    const { store, env } = await renderWithRoutes(null, { namespaces: [LIVE_ROOM_NS], routes: { ...memberRoutes(), '/api/forehead/user/loginState': () => loginState } });
    const onBalanceChange = jest.fn();
    (env.host as { onBalanceChange?: unknown }).onBalanceChange = onBalanceChange;
    const handlers = new Map<string, PushHandler>();
    (env.push.subscribe as jest.Mock<(channel: string, handler: PushHandler) => () => void>).mockImplementation((channel, handler) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    });
    act(() => void liveMemberOf(store));
    const handler = handlers.get('member:1:coins')!;
    act(() => handler({ kind: 'coins', coinBalance: '42.50', reason: 'gift', change: '-7.50' }, { chId: 'member:1:coins', data: null }));
    await waitFor(() => expect(onBalanceChange).toHaveBeenCalledWith(expect.objectContaining({ coinBalance: '42.50' })));
    expect(store.session.coinBalance).toBe('42.50');

    act(() => store.session.clear());
    expect(handlers.has('member:1:coins')).toBe(false);
  });
});

const offer = (over: Partial<FirstBetOffer> = {}): FirstBetOffer =>
  fakeAnswer(firstBetOfferSchema, {
    liveRoomId: 8001,
    matchId: 7,
    offered: true,
    currency: 'CNY',
    capAmount: '100.00',
    terms: 'Your first single on this match, if it loses, is refunded up to 100.00 CNY.',
    eligible: true,
    reason: null,
    cover: null,
    ...over,
  });

describe('<FirstBetTab>', () => {
  it('shows the terms and joins the offer; then the coverage state', async () => {
    const joined = offer({ eligible: false, reason: 'joined', cover: { matchId: 7, liveRoomId: 8001, status: FirstBetCoverStatus.Joined, orderId: null, coverAmount: '0.00', joinedAt: 1 } });
    const { http } = await renderWithRoutes(<FirstBetTab liveRoomId={8001} />, {
      namespaces: [LIVE_ROOM_NS],
      routes: { [LIVE_ROOM_PATHS.firstBetInfo]: () => offer(), [LIVE_ROOM_PATHS.firstBetJoin]: () => joined },
    });
    expect(await screen.findByText('Your first single on this match, if it loses, is refunded up to 100.00 CNY.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First bet lost? Refunded up to 100.00 CNY' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join the first-bet cover' }));
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: 8001 });
    expect(await screen.findByText('Joined: waiting for your first bet and its settlement')).toBeInTheDocument();
    expect(screen.getByText('Not placed yet')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('You joined the first-bet cover')).toBeInTheDocument();
  });

  it('says why a member may not join', async () => {
    await renderWithRoutes(<FirstBetTab liveRoomId={8001} />, { namespaces: [LIVE_ROOM_NS], routes: { [LIVE_ROOM_PATHS.firstBetInfo]: () => offer({ eligible: false, reason: 'alreadyBet' }) } });
    expect(await screen.findByText('You already bet on this match, so you cannot join.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the first-bet cover' })).not.toBeInTheDocument();
  });

  it('shows a covered refund', async () => {
    const covered = offer({ offered: false, eligible: false, reason: 'roomEnded', cover: { matchId: 7, liveRoomId: 8001, status: FirstBetCoverStatus.Covered, orderId: 'O-1', coverAmount: '50.00', joinedAt: 1 } });
    await renderWithRoutes(<FirstBetTab liveRoomId={8001} />, { namespaces: [LIVE_ROOM_NS], routes: { [LIVE_ROOM_PATHS.firstBetInfo]: () => covered } });
    expect(await screen.findByText('Covered: your loss was refunded')).toBeInTheDocument();
    expect(screen.getByText('50.00 CNY')).toBeInTheDocument();
    expect(screen.getByText('O-1')).toBeInTheDocument();
  });

  it('is empty when the room has no offer, and failed with a retry', async () => {
    let answer: () => unknown = () => Promise.reject(new Error('down'));
    await renderWithRoutes(<FirstBetTab liveRoomId={8001} />, { namespaces: [LIVE_ROOM_NS], routes: { [LIVE_ROOM_PATHS.firstBetInfo]: () => answer() } });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    answer = () => offer({ offered: false, eligible: false, reason: 'roomEnded' });
    await userEvent.click(retry);
    expect(await screen.findByText('This room has no first-bet cover offer now.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    const { store, http } = await renderWithRoutes(<FirstBetTab liveRoomId={8001} />, { namespaces: [LIVE_ROOM_NS], member: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(http.forehead.post).not.toHaveBeenCalled();
  });
});

describe('<RoomEntry>', () => {
  it("counts a member's view and shows their VIP entrance once, for a while", async () => {
    let enter!: (answer: unknown) => void;
    const { http } = await renderWithRoutes(<RoomEntry liveRoomId={8001} />, {
      namespaces: [LIVE_ROOM_NS],
      routes: {
        [LIVE_ROOM_PATHS.watch]: () => fakeAnswer(watchSchema, { liveRoomId: 8001, matchId: 7, counted: true, popularity: 10 }),
        [LIVE_ROOM_PATHS.enterAnimation]: () => new Promise((resolve) => (enter = resolve)),
      },
    });
    await waitFor(() => expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId: 8001 }));
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.watch, { liveRoomId: 8001 });
    jest.useFakeTimers();
    try {
      await act(async () => enter(fakeAnswer(enterAnimationSchema, { liveRoomId: 8001, uid: 1, nickname: 'demo', vipLevel: 8, wornTitleId: null, effect: EnterEffect.Full })));
      expect(screen.getByText('V8 demo has entered the room')).toHaveAttribute('data-effect', 'full');
      act(() => jest.advanceTimersByTime(ENTRANCE_MS - 1));
      expect(screen.getByText('V8 demo has entered the room')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('V8 demo has entered the room')).not.toBeInTheDocument();
      expect(http.forehead.post).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows nothing for V0-V2 and sends nothing for a visitor', async () => {
    const { http } = await renderWithRoutes(<RoomEntry liveRoomId={8001} />, { namespaces: [LIVE_ROOM_NS], member: false });
    expect(http.forehead.post).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
