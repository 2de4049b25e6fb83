import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { createHash, webcrypto } from 'node:crypto';
import { I18nextProvider } from 'react-i18next';
import { httpRef, i18nRef, liveRoomHeaderPoint, liveRoomOverlayPoint, pushRef, schedulerRef, sessionRef, toastRef, type LiveRoomProps, type PushHandler } from '../../src/sdk';
import { createKernelEvents, createScheduler, createTestI18n, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../src/sdk/testing';
import type { Coupon, FairProof, MemberCoinsPush, RoomEventPush } from '../../contract/economy';
import { EconomyError } from './codes';
import plugin from './index';
import { apiError, coupon, dailyLimit, fakePost, giftEvent, GIFTS, HOST, lottery, rain, ROOM, T0, wallet, type Routes } from './testData';

function fakePush() {
  const handlers = new Map<string, Set<PushHandler>>();
  return {
    subscribe: jest.fn((channel: string, handler?: PushHandler) => {
      const set = handlers.get(channel) ?? new Set<PushHandler>();
      handlers.set(channel, set);
      if (handler) set.add(handler);
      return () => void (handler && set.delete(handler));
    }),
    send(channel: string, data: RoomEventPush | MemberCoinsPush) {
      act(() => {
        for (const h of handlers.get(channel) ?? []) h(data);
      });
    },
  };
}

/** Mounts the plugin's header and stage for one room, as the live room does, over a fake forehead client. */
async function mount(routes: Routes = {}, { isLogin = true, fakeTimers = false } = {}) {
  const post = fakePost(routes);
  const push = fakePush();
  const session = observable({ isLogin, uid: isLogin ? '5' : (undefined as string | undefined), language: 'ENG' });
  const i18n = await createTestI18n('en');
  const toast = { success: jest.fn(), error: jest.fn() };
  const services = provideServices(
    [httpRef, { forehead: { post, defaults: { baseURL: 'http://platform.test/' } } } as never],
    [pushRef, push as never],
    [sessionRef, session],
    [i18nRef, i18n],
    [toastRef, toast as never],
    [schedulerRef, createScheduler()],
  );
  const plugins = loadPlugins({ plugins: [{ id: plugin.manifest.id, enabled: true, options: {} }] }, registryOf(plugin), { services });
  if (fakeTimers) {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    jest.setSystemTime(T0);
  }
  const moneyMoved = jest.fn();
  const signIn = jest.fn();
  const props: LiveRoomProps = { liveRoomId: ROOM, matchId: 7, sportId: 1, hostId: HOST, moneyMoved, signIn };
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <KernelProvider value={{ plugins, services, events: createKernelEvents() }}>
          <header>
            <Slot point={liveRoomHeaderPoint} render={(m) => <m.Header {...props} />} />
          </header>
          <div data-testid="stage">
            <Slot point={liveRoomOverlayPoint} render={(m) => <m.Overlay {...props} />} />
          </div>
        </KernelProvider>
      </I18nextProvider>,
    );
  });
  await settle();
  return { post, push, session, moneyMoved, signIn, toast, room: `live:room:${ROOM}`, coins: 'member:5:coins' };
}

/** Lets chunks, strings and answers resolve: microtasks only, so it works on fake timers too. */
async function settle() {
  for (let i = 0; i < 30; i++) {
    await act(async () => {
      for (let j = 0; j < 10; j++) await Promise.resolve();
    });
  }
}

afterEach(() => {
  jest.useRealTimers();
});

// jsdom has crypto.getRandomValues but not crypto.subtle, which browsers and Node have: lend it Node's.
beforeAll(() => {
  if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
});

const balance = () => screen.getByTestId('coin-balance').textContent;

describe('gifts-lotteries: coins and the gift list', () => {
  it('shows the coin balance, sends a gift and shows the lower balance and what was sent', async () => {
    const { post, moneyMoved } = await mount({
      coinBalance: () => wallet('100.00'),
      gifts: () => GIFTS,
      giftPresent: (body) => ({ presentId: 1, giftId: 1, count: body.count, hostId: HOST, roomId: ROOM, total: '2.00', coinBalance: '98.00', spentToday: '2.00', createdAt: T0 }),
    });
    expect(balance()).toBe('Coins: 100.00');
    fireEvent.click(screen.getByRole('button', { name: 'Gifts', pressed: false }));
    await settle();
    const list = screen.getByRole('region', { name: 'Gift list' });
    fireEvent.click(within(list).getByRole('button', { name: /Rose/ }));
    fireEvent.change(within(list).getByLabelText('How many'), { target: { value: '2' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await settle();
    expect(post).toHaveBeenCalledWith('/api/forehead/live/submit/gift/present', { giftId: 1, count: 2, hostId: HOST, roomId: ROOM });
    expect(balance()).toBe('Coins: 98.00');
    expect(within(list).getByRole('status')).toHaveTextContent('Sent 2 × Rose (2.00 coins)');
    expect(moneyMoved).toHaveBeenCalledTimes(1);
  });

  it('names the gifts in a new language after a switch, with none left in the old one (issue 28)', async () => {
    const CHINESE: Record<number, string> = { 1: '玫瑰', 2: '火箭' };
    let language = 'ENG';
    const { session } = await mount({
      coinBalance: () => wallet('100.00'),
      // In the request language, as the platform answers.
      gifts: () => GIFTS.map((gift) => (language === 'CMN' ? { ...gift, name: CHINESE[gift.giftId]! } : gift)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gifts', pressed: false }));
    await settle();
    const list = screen.getByRole('region', { name: 'Gift list' });
    expect(within(list).getByRole('button', { name: /Rose/ })).toBeInTheDocument();
    language = 'CMN';
    runInAction(() => {
      session.language = 'CMN';
    });
    await settle();
    expect(within(list).getByRole('button', { name: /玫瑰/ })).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/Rose|Rocket/);
  });

  it.each([
    [EconomyError.InsufficientBalance, 'Not enough coins'],
    [EconomyError.DailyLimit, "This would pass today's gift limit"],
  ])('a refusal (%s) is said and the balance stays', async (code, message) => {
    await mount({
      coinBalance: () => wallet('1.00'),
      gifts: () => GIFTS,
      giftPresent: () => {
        throw apiError(code);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gifts' }));
    await settle();
    const list = screen.getByRole('region', { name: 'Gift list' });
    fireEvent.click(within(list).getByRole('button', { name: /Rocket/ }));
    fireEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await settle();
    expect(within(list).getByRole('status')).toHaveTextContent(message);
    expect(balance()).toBe('Coins: 1.00');
  });

  it('a visitor sees no balance and is asked to sign in instead of sending', async () => {
    const { post, signIn } = await mount({ gifts: () => GIFTS }, { isLogin: false });
    expect(screen.queryByTestId('coin-balance')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Gifts' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to send' }));
    expect(signIn).toHaveBeenCalled();
    expect(post).not.toHaveBeenCalledWith('/api/forehead/live/submit/gift/present', expect.anything());
  });

  it('the gift list says when it failed and retries', async () => {
    let fail = true;
    await mount({
      gifts: () => {
        if (fail) throw apiError(500);
        return GIFTS;
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gifts' }));
    await settle();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('button', { name: /Rose/ })).toBeInTheDocument();
  });

  it('the anchor gift toggle shows the top10 senders', async () => {
    await mount({ giftTop10: () => [{ rank: 1, uid: 5, nickname: 'Big<b>Fan</b>', vipLevel: 3, total: '500.00', gifts: 10 }] });
    fireEvent.click(screen.getByRole('button', { name: 'Anchor gifts' }));
    await settle();
    const board = screen.getByRole('region', { name: 'Top 10 senders' });
    // A nickname is text, never markup.
    expect(within(board).getByText('Big<b>Fan</b>')).toBeInTheDocument();
    expect(board).toHaveTextContent('500.00 coins, 10 gifts');
  });

  it('Escape closes the gift list and the anchor gift board, and focus goes back to the toggle that opened it (issue 31)', async () => {
    await mount({ gifts: () => GIFTS });
    const toggle = screen.getByRole('button', { name: 'Gifts' });
    fireEvent.click(toggle);
    await settle();
    const gift = within(screen.getByRole('region', { name: 'Gift list' })).getAllByRole('button')[0];
    gift.focus();
    fireEvent.keyDown(gift, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Gift list' })).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // Escape on the toggle itself closes its panel too; another key does nothing.
    fireEvent.click(toggle);
    await settle();
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(screen.getByRole('region', { name: 'Gift list' })).toBeInTheDocument();
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Gift list' })).toBeNull();

    const board = screen.getByRole('button', { name: 'Anchor gifts' });
    fireEvent.click(board);
    await settle();
    fireEvent.keyDown(screen.getByRole('region', { name: 'Top 10 senders' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Top 10 senders' })).toBeNull();
    expect(board).toHaveFocus();
  });

  it('the conversion dialog shows the transfer succeeded and the new balance', async () => {
    await mount({
      coinBalance: () => wallet('0.00', { balance: '100.00', rate: '10' }),
      transfer: () => ({ transferId: 9, status: 'succeeded', amount: '5.00', currency: 'CNY', coins: '50.00', rate: '10', failReason: null, coinBalance: '50.00', balance: '95.00', createdAt: T0 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Convert balance to coins' });
    fireEvent.change(within(dialog).getByLabelText('Amount from your main balance'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await settle();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Transfer succeeded: 5.00 CNY became 50.00 coins');
    expect(balance()).toBe('Coins: 50.00');
  });

  it('the conversion dialog shows the rate and both balances before and after, read again as it opens, before confirming (issue 31)', async () => {
    // The main balance moved elsewhere (a bet) between the room opening and the dialog: the dialog reads it again.
    const answers = [
      { coinBalance: '3.50', balance: '20.00', currency: 'USD', rate: '7.12' },
      { coinBalance: '3.50', balance: '10.00', currency: 'USD', rate: '7.12' },
      { coinBalance: '3.50', balance: '10.00', currency: 'USD', rate: null },
    ];
    const { post } = await mount({ coinBalance: () => answers.shift() });
    fireEvent.click(screen.getByRole('button', { name: 'Get coins' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Convert balance to coins' });
    const preview = () => within(dialog).getAllByRole('definition').map((d) => d.textContent);
    expect(within(dialog).getByText('Rate').nextElementSibling).toHaveTextContent('1 USD = 7.12 coins');
    expect(preview()).toEqual(['1 USD = 7.12 coins', '10.00 → 10.00', '3.50 → 3.50']);
    // 1.01 USD x 7.12 = 7.1912, rounded down to 7.19 coins as the platform does.
    fireEvent.change(within(dialog).getByLabelText('Amount from your main balance'), { target: { value: '1.01' } });
    expect(preview()).toEqual(['1 USD = 7.12 coins', '10.00 → 8.99', '3.50 → 10.69']);
    expect(within(dialog).getByText('Main balance (USD)')).toBeInTheDocument();
    // More than the main balance: said, and not sent.
    fireEvent.change(within(dialog).getByLabelText('Amount from your main balance'), { target: { value: '10.01' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your main balance is too low');
    expect(within(dialog).getByRole('button', { name: 'Convert' })).toBeDisabled();
    fireEvent.submit(within(dialog).getByLabelText('Amount from your main balance').closest('form')!);
    expect(post).not.toHaveBeenCalledWith('/api/forehead/activity/goldmall/transfer', expect.anything());
    // Without an exchange rate for the currency the dialog says so instead of a preview.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get coins' }));
    await settle();
    expect(within(screen.getByRole('dialog', { name: 'Convert balance to coins' })).getByText('No conversion rate for USD right now')).toBeInTheDocument();
  });
});

describe('gifts-lotteries: daily limits and the coins channel', () => {
  it("shows today's limits in the coin panel and the gift list, and refuses a gift over the spend limit before the call", async () => {
    const { post } = await mount({ gifts: () => GIFTS, dailyLimit: () => dailyLimit(['260.00', '300.00', '40.00'], ['5.00', '100.00', '95.00']) });
    fireEvent.click(screen.getByRole('button', { name: 'Coins: 100.00', expanded: false }));
    await settle();
    const panel = screen.getByRole('region', { name: 'My coins today' });
    expect(within(panel).getByTestId('limit-spend')).toHaveTextContent('Gifts today: 260.00 of 300.00 coins (40.00 left)');
    expect(within(panel).getByTestId('limit-receive')).toHaveTextContent('Red envelopes today: 5.00 of 100.00 coins (95.00 left)');

    fireEvent.click(screen.getByRole('button', { name: 'Gifts' }));
    await settle();
    const list = screen.getByRole('region', { name: 'Gift list' });
    expect(within(list).getByTestId('limit-spend')).toHaveTextContent('40.00 left');
    // Rocket at 50.00 passes the 40.00 left: said at once, nothing sent.
    fireEvent.click(within(list).getByRole('button', { name: /Rocket/ }));
    fireEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await settle();
    expect(within(list).getByRole('status')).toHaveTextContent("This would pass today's gift limit");
    expect(post).not.toHaveBeenCalledWith('/api/forehead/live/submit/gift/present', expect.anything());
    // 40 roses at 1.00 fit exactly: the platform is asked.
    fireEvent.click(within(list).getByRole('button', { name: /Rose/ }));
    fireEvent.change(within(list).getByLabelText('How many'), { target: { value: '40' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await settle();
    expect(post).toHaveBeenCalledWith('/api/forehead/live/submit/gift/present', { giftId: 1, count: 40, hostId: HOST, roomId: ROOM });
  });

  it("follows the member's coins channel: a change made elsewhere moves the balance and reloads the limits", async () => {
    let used = '0.00';
    const { post, push, coins } = await mount({ dailyLimit: () => dailyLimit([used, '300.00', used === '0.00' ? '300.00' : '280.00']) });
    expect(push.subscribe).toHaveBeenCalledWith(coins, expect.any(Function));
    fireEvent.click(screen.getByRole('button', { name: 'Coins: 100.00' }));
    await settle();
    expect(screen.getByTestId('limit-spend')).toHaveTextContent('Gifts today: 0.00 of 300.00 coins (300.00 left)');
    used = '20.00';
    push.send(coins, { kind: 'coins', coinBalance: '80.00', reason: 'gift', change: '-20.00' });
    await settle();
    expect(balance()).toBe('Coins: 80.00');
    expect(screen.getByTestId('limit-spend')).toHaveTextContent('Gifts today: 20.00 of 300.00 coins (280.00 left)');
    expect(post.mock.calls.filter(([path]) => path === '/api/forehead/activity/goldmall/dailyLimit').length).toBeGreaterThanOrEqual(2);
  });

  it("moves to the new member's coins channel when another member signs in, and leaves the old one", async () => {
    const { push, session, coins } = await mount();
    act(() => runInAction(() => Object.assign(session, { isLogin: false, uid: undefined })));
    await settle();
    act(() => runInAction(() => Object.assign(session, { isLogin: true, uid: '6' })));
    await settle();
    expect(push.subscribe).toHaveBeenCalledWith('member:6:coins', expect.any(Function));
    expect(balance()).toBe('Coins: 100.00');
    push.send(coins, { kind: 'coins', coinBalance: '1.00', reason: 'gift', change: '-99.00' });
    expect(balance()).toBe('Coins: 100.00');
    push.send('member:6:coins', { kind: 'coins', coinBalance: '55.00', reason: 'redEnvelope', change: '5.00' });
    expect(balance()).toBe('Coins: 55.00');
  });
});

describe('gifts-lotteries: my coupons', () => {
  const openCoupons = async () => {
    fireEvent.click(screen.getByRole('button', { name: /^Coins: / }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'My coupons' }));
    await settle();
    return screen.getByRole('dialog', { name: 'My coupons' });
  };

  it('says when there are no coupons', async () => {
    await mount({ coupons: () => [] });
    const dialog = await openCoupons();
    expect(within(dialog).getByText('No coupons yet: win them in room lotteries')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and the failure with a retry', async () => {
    let answer: (value: Coupon[]) => void = () => undefined;
    let fail = true;
    await mount({
      coupons: () => {
        if (fail) throw apiError(500);
        return new Promise<Coupon[]>((resolve) => (answer = resolve));
      },
    });
    const dialog = await openCoupons();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await settle();
    expect(within(dialog).queryByTestId('coupon')).toBeNull();
    expect(within(dialog).queryByText('No coupons yet: win them in room lotteries')).toBeNull();
    await act(async () => answer([coupon()]));
    await settle();
    expect(within(dialog).getAllByTestId('coupon')).toHaveLength(1);
  });

  it('lists each coupon with type, value, expiry and state, and offers Redeem only where usable', async () => {
    await mount({
      coupons: () => [
        coupon({ couponId: 1 }),
        coupon({ couponId: 2, type: 2, amount: '20.00', redeemsInto: 'coins', condition: 'conversion', required: '20.00', progress: '15.00', usable: false }),
        coupon({ couponId: 3, type: 3, amount: '5.00', condition: 'turnover', required: '25.00', progress: '0.00', usable: false }),
        coupon({ couponId: 4, status: 1, usable: false, usedAt: T0 }),
        coupon({ couponId: 5, status: 2, usable: false }),
      ],
    });
    const dialog = await openCoupons();
    const rows = within(dialog).getAllByTestId('coupon');
    expect(rows.map((r) => within(r).getByTestId('coupon-state').textContent)).toEqual([
      'Ready to redeem',
      'Convert 20.00 CNY to coins to unlock (15.00 so far)',
      'Settle 25.00 CNY of bets to unlock (0.00 so far)',
      'Used',
      'Expired',
    ]);
    expect(rows[0]).toHaveTextContent('Cash coupon: 10.00 CNY');
    expect(rows[0]).toHaveTextContent('Pays into your main balance');
    expect(rows[0]).toHaveTextContent(/Valid until .*2026/);
    expect(rows[1]).toHaveTextContent('Deposit coupon: 20.00 CNY');
    expect(rows[1]).toHaveTextContent('Pays into your coins');
    expect(rows[2]).toHaveTextContent('Flow coupon: 5.00 CNY');
    expect(rows[3]).toHaveTextContent(/Redeemed /);
    expect(rows.map((r) => within(r).queryByRole('button', { name: 'Redeem' }) !== null)).toEqual([true, false, false, false, false]);
  });

  it('redeems a coupon: the row turns used, the balances move, a toast says what it paid', async () => {
    const { post, moneyMoved, toast } = await mount({
      coupons: () => [coupon({ couponId: 7, type: 2, redeemsInto: 'coins', condition: 'conversion', required: '10.00', progress: '10.00' })],
      couponRedeem: (body) => ({
        coupon: coupon({ couponId: body.couponId as number, type: 2, redeemsInto: 'coins', status: 1, usable: false, usedAt: T0 }),
        asset: 'COIN',
        credited: '10.00',
        balance: '990.00',
        coinBalance: '110.00',
      }),
    });
    const dialog = await openCoupons();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await settle();
    expect(post).toHaveBeenCalledWith('/api/forehead/activity/coupon/redeem', { couponId: 7 });
    expect(within(dialog).getByTestId('coupon-state')).toHaveTextContent('Used');
    expect(within(dialog).queryByRole('button', { name: 'Redeem' })).toBeNull();
    expect(balance()).toBe('Coins: 110.00');
    expect(moneyMoved).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Coupon redeemed: 10.00 coins added');
  });

  it('says a refusal in a toast and reads the list again (the coupon changed elsewhere)', async () => {
    let redeemed = false;
    const { toast, moneyMoved } = await mount({
      coupons: () => [redeemed ? coupon({ status: 1, usable: false, usedAt: T0 }) : coupon()],
      couponRedeem: () => {
        redeemed = true;
        throw apiError(EconomyError.CouponUsed);
      },
    });
    const dialog = await openCoupons();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('This coupon was redeemed already');
    expect(within(dialog).getByTestId('coupon-state')).toHaveTextContent('Used');
    expect(balance()).toBe('Coins: 100.00');
    expect(moneyMoved).not.toHaveBeenCalled();
  });
});

describe('gifts-lotteries: the stage', () => {
  it('plays a gift for every viewer and shows the tip 100 ms later for 3 s', async () => {
    const { push, room } = await mount({ gifts: () => GIFTS }, { fakeTimers: true });
    push.send(room, giftEvent());
    expect(screen.getAllByTestId('gift-animation')).toHaveLength(1);
    const tip = () => screen.getByText('Lucky sent 3 × Rose');
    act(() => void jest.advanceTimersByTime(99));
    expect(screen.queryByText('Lucky sent 3 × Rose')).toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    expect(tip()).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(2999));
    expect(tip()).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByText('Lucky sent 3 × Rose')).toBeNull();
  });

  it('the rain ball counts down on the platform clock, then opens the overlay; a grabbed envelope shows the prize and drops the ball', async () => {
    const { post } = await mount(
      { redEnvelope: () => rain(), redEnvelopeReceive: () => ({ sendRecordId: 31, envelopeIndex: 2, amount: '7.50', coinBalance: '107.50' }) },
      { fakeTimers: true },
    );
    const ball = () => screen.getByTestId('rain-ball');
    expect(ball()).toHaveTextContent('Red envelopes in 10 s');
    act(() => void jest.advanceTimersByTime(3000));
    expect(ball()).toHaveTextContent('Red envelopes in 7 s');
    fireEvent.click(ball());
    expect(screen.queryByRole('dialog', { name: 'Red-envelope rain' })).toBeNull();
    act(() => void jest.advanceTimersByTime(7000));
    expect(ball()).toHaveTextContent('Grab a red envelope!');
    fireEvent.click(ball());
    const overlay = screen.getByRole('dialog', { name: 'Red-envelope rain' });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Envelope 3' }));
    await settle();
    expect(post).toHaveBeenCalledWith('/api/forehead/live/submit/receive/redEnvelope', { recordId: 31, roomId: ROOM });
    expect(screen.getByRole('dialog', { name: 'You got a red envelope' })).toHaveTextContent('7.50 coins');
    // The outcome opens over the stage where the envelope was caught (envelope 3), not in a box of its own.
    expect(screen.getByTestId('rain')).toContainElement(screen.getByTestId('rain-prize'));
    // The opened envelope, with its seal (3) and the prize.
    expect(screen.getByTestId('rain-prize').parentElement).toHaveTextContent(/^37\.50 coins$/);
    expect(within(screen.getByTestId('rain')).queryAllByRole('button', { name: /^Envelope/ })).toHaveLength(0);
    expect(within(screen.getByTestId('rain')).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.queryByTestId('rain-ball')).toBeNull();
    expect(balance()).toBe('Coins: 107.50');
    fireEvent.click(within(screen.getByRole('dialog', { name: 'You got a red envelope' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'You got a red envelope' })).toBeNull();
  });

  it('the rain falls over the stage, not in a modal: focus goes to an envelope, Escape ends it and focus returns to the ball', async () => {
    await mount({ redEnvelope: () => rain() }, { fakeTimers: true });
    act(() => void jest.advanceTimersByTime(10_000));
    fireEvent.click(screen.getByTestId('rain-ball'));
    const overlay = screen.getByRole('dialog', { name: 'Red-envelope rain' });
    expect(overlay).toHaveAttribute('aria-modal', 'false');
    expect(within(overlay).getAllByRole('button', { name: /^Envelope \d$/ })).toHaveLength(6);
    expect(within(overlay).getByRole('button', { name: 'Envelope 1' })).toHaveFocus();
    expect(overlay).toHaveTextContent(/Pick an envelope \(\d+ s left\)/);
    fireEvent.keyDown(within(overlay).getByRole('button', { name: 'Envelope 4' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Red-envelope rain' })).toBeNull();
    expect(screen.getByTestId('rain-ball')).toHaveFocus();
    // Open again and end it with its close button.
    fireEvent.click(screen.getByTestId('rain-ball'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Red-envelope rain' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Red-envelope rain' })).toBeNull();
  });

  it('a combo shows one gift counting up, bigger at 5 and 10 sends', async () => {
    const { push, room } = await mount({ gifts: () => GIFTS }, { fakeTimers: true });
    push.send(room, giftEvent({ presentId: 1, count: 1 }));
    const combo = () => screen.getByTestId('gift-combo');
    expect(combo()).toHaveTextContent('× 1');
    expect(combo()).toHaveAttribute('data-tier', 'base');
    for (let i = 2; i <= 5; i++) push.send(room, giftEvent({ presentId: i, count: 1 }));
    expect(screen.getAllByTestId('gift-animation')).toHaveLength(1);
    expect(combo()).toHaveTextContent('× 5');
    expect(combo()).toHaveAttribute('data-tier', 'high');
    for (let i = 6; i <= 10; i++) push.send(room, giftEvent({ presentId: i, count: 2 }));
    expect(combo()).toHaveTextContent('× 15');
    expect(combo()).toHaveAttribute('data-tier', 'max');
  });

  it('a visitor tapping the ball is asked to sign in', async () => {
    const { signIn, push, room, post } = await mount({}, { isLogin: false });
    push.send(room, { kind: 'rainStarted', roomId: ROOM, recordId: 31, status: 1, startCountDownTime: T0, startTime: Date.now() - 1, endTime: Date.now() + 60_000, envelopeCount: 5, seedHash: 'ef', now: Date.now() });
    expect(post).not.toHaveBeenCalledWith('/api/forehead/live/get/room/redEnvelope', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in for red envelopes' }));
    expect(signIn).toHaveBeenCalled();
  });

  it.each([
    [0, 'Starts in 01:00.'],
    [1, 'Draw in 02:00.'],
    [2, 'Drawn.'],
  ] as const)('the lottery overlay in state %s says "%s"', async (status, text) => {
    await mount({ lotteryStartInfo: () => lottery({ status, startTime: T0 + 60_000 }) }, { fakeTimers: true });
    const overlay = screen.getByRole('region', { name: 'Who scores next?' });
    expect(overlay).toHaveTextContent(text);
    expect(overlay).toHaveTextContent('2 winners get 20.00 coins.');
    const options = within(overlay).queryAllByRole('button', { name: /Home|Away/ });
    if (status === 2) expect(options).toHaveLength(0);
    else for (const option of options) expect(option.closest('fieldset')).toHaveProperty('disabled', status !== 1);
  });

  it('the lottery card has one title, shows the current draw only, and closes and opens again (issue 31)', async () => {
    const reward = { type: 5 as const, amount: '20.00', currency: null, titleId: null };
    // A title that is only the kind's name is said once; the room's earlier draw (record 40) had a winner, this one none.
    const answers = [lottery({ title: 'Live lottery', status: 2, seed: '0f'.repeat(32) }), lottery({ recordId: 42, title: 'Corners' })];
    const { push, room } = await mount({
      lotteryStartInfo: () => (answers.length > 1 ? answers.shift() : answers[0]),
      lotteryWinList: () => [{ recordId: 40, kind: 1, uid: 9, nickname: 'Bob', reward, wonAt: T0 - 600_000 }],
    });
    const card = screen.getByRole('region', { name: 'Live lottery' });
    expect(card).not.toHaveTextContent(/Live lottery.*Live lottery/);
    expect(card).toHaveTextContent('Nobody won this draw');
    expect(card).not.toHaveTextContent('Bob');
    fireEvent.click(within(card).getByRole('button', { name: 'Earlier winners' }));
    expect(within(card).getByRole('list', { name: 'Earlier winners' })).toHaveTextContent('Bob: 20.00 coins');

    fireEvent.click(within(card).getByRole('button', { name: 'Close the lottery' }));
    expect(screen.queryByRole('region', { name: 'Live lottery' })).toBeNull();
    const chip = screen.getByRole('button', { name: 'Live lottery: open the lottery' });
    expect(chip).toHaveFocus();
    fireEvent.click(chip);
    expect(screen.getByRole('button', { name: 'Close the lottery' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Live lottery' })).toHaveTextContent('Nobody won this draw');

    // Closed, a new lottery shows itself: closing is per draw. An operator's own title keeps the kind as a small label.
    fireEvent.click(screen.getByRole('button', { name: 'Close the lottery' }));
    push.send(room, { kind: 'lotteryStarted', roomId: ROOM, recordId: 42, activityKind: 1, status: 1, title: { CMN: '角球', 'zh-TW': '角球', ENG: 'Corners', VIE: 'Phạt góc', THA: 'เตะมุม' }, startTime: T0, endTime: T0 + 60_000, seedHash: 'cd'.repeat(32), now: T0 });
    await settle();
    const next = screen.getByRole('region', { name: 'Corners' });
    expect(within(next).getByText('Live lottery')).toBeInTheDocument();
  });

  it('a vote enters the live lottery and the overlay says so', async () => {
    const { post } = await mount({
      lotteryStartInfo: () => lottery(),
      voteSubmit: () => ({ recordId: 41, voteResult: 0, options: [{ option: 0, text: 'Home', votes: 4 }, { option: 1, text: 'Away', votes: 1 }], total: 5 }),
    });
    fireEvent.click(screen.getByRole('button', { name: /Home/ }));
    await settle();
    expect(post).toHaveBeenCalledWith('/api/forehead/live/lottery/vote/submitInfo', { recordId: 41, voteResult: 0, roomId: ROOM });
    expect(screen.getByText('You voted and are in the draw')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Home/, pressed: true })).toHaveTextContent('4 votes');
    expect(screen.getByRole('button', { name: /Away/, pressed: false })).toHaveTextContent(/^Away 1 vote$/);
  });

  it('a draw shows the winners, and Verify recomputes them from the revealed seed with the platform\'s algorithm', async () => {
    const { seedHashOf, drawWinners, entriesHashOf } = await import('../../src/sdk');
    const seed = '0f'.repeat(32);
    // As the platform hashes them: SHA-256 over the seed's hex text, and over the closed entry list's uids joined by ",".
    const seedHash = createHash('sha256').update(seed, 'utf8').digest('hex');
    expect(await seedHashOf(seed)).toBe(seedHash);
    const entries = [3, 5, 8, 13];
    const entriesHash = createHash('sha256').update('3,5,8,13', 'utf8').digest('hex');
    expect(await entriesHashOf(entries)).toBe(entriesHash);
    const winners = await drawWinners('hmac-sha256-v2', seed, 41, entries, 2);
    const proof = (over: Partial<FairProof> = {}): FairProof => ({
      recordId: 41,
      kind: 1,
      status: 2,
      algorithm: 'hmac-sha256-v2',
      seedHash,
      seed,
      entries,
      entriesHash,
      receipts: [],
      winnerCount: 2,
      winners,
      budget: null,
      envelopes: [],
      ...over,
    });
    // A list other than the one the draw was keyed with (the member's entry dropped) is caught, and the member told.
    const proofs = [proof(), proof({ winners: [...winners].reverse() }), proof({ seedHash: 'ab'.repeat(32) }), proof({ entries: [3, 8, 13] })];
    const answers = [lottery({ seedHash }), lottery({ seedHash, status: 2, seed }), lottery({ recordId: 42, title: 'Corners over 9.5?', seedHash: 'cd'.repeat(32) })];
    const { push, room, post } = await mount({ lotteryStartInfo: () => answers.shift(), fairProof: () => proofs.shift() });
    const reward = { type: 5 as const, amount: '20.00', currency: null, titleId: null };
    push.send(room, { kind: 'lotteryDrawn', roomId: ROOM, recordId: 41, activityKind: 1, entries: 4, winners: [{ uid: 1, nickname: 'Ann', reward }], seed, entriesHash, answer: null });
    await settle();
    expect(screen.getByRole('list', { name: 'Winners' })).toHaveTextContent('Ann: 20.00 coins');
    const verify = screen.getByRole('button', { name: 'Verify' });
    // WebCrypto answers off the microtask queue.
    fireEvent.click(verify);
    expect(await screen.findByText('Verified: the seed matches the published hash and recomputes the same result')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/forehead/live/lottery/fair', { recordId: 41 });
    // The closed list the draw was keyed with, and the member (uid 5) is in it.
    expect(screen.getByText('Entry list hash (4 in the list, fixed when entries closed)').nextElementSibling).toHaveTextContent(entriesHash);
    expect(screen.getByText('Your entry is in this list')).toBeInTheDocument();
    fireEvent.click(verify);
    expect(await screen.findByText('Mismatch: the seed does not give these winners or envelopes')).toBeInTheDocument();
    fireEvent.click(verify);
    expect(await screen.findByText('Mismatch: the seed does not match the hash published before the start')).toBeInTheDocument();
    fireEvent.click(verify);
    expect(await screen.findByText('Mismatch: the entry list does not hash to the published entry list hash')).toBeInTheDocument();
    expect(screen.getByText('You are not in this list')).toBeInTheDocument();

    // The next lottery replaces the drawn one: the verdict was about the old draw and goes with it.
    push.send(room, { kind: 'lotteryStarted', roomId: ROOM, recordId: 42, activityKind: 1, status: 1, title: { CMN: '角球超过 9.5？', 'zh-TW': '角球超過 9.5？', ENG: 'Corners over 9.5?', VIE: 'Phạt góc trên 9.5?', THA: 'เตะมุมเกิน 9.5?' }, startTime: T0, endTime: T0 + 60_000, seedHash: 'cd'.repeat(32), now: T0 });
    await settle();
    const next = screen.getByRole('region', { name: 'Corners over 9.5?' });
    expect(within(next).queryByText(/^(Verified|Mismatch)/)).toBeNull();
    expect(within(next).queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('the win marquee shows one line at a time', async () => {
    const { push, room } = await mount({}, { fakeTimers: true });
    const reward = { type: 5 as const, amount: '8.00', currency: null, titleId: null };
    push.send(room, { kind: 'winMarquee', roomId: ROOM, recordId: 1, activityKind: 3, uid: 1, nickname: 'Ann', reward, at: T0 });
    push.send(room, { kind: 'winMarquee', roomId: ROOM, recordId: 1, activityKind: 3, uid: 2, nickname: 'Bo', reward, at: T0 });
    expect(screen.getByText('Ann won 8.00 coins')).toBeInTheDocument();
    expect(screen.queryByText('Bo won 8.00 coins')).toBeNull();
    act(() => void jest.advanceTimersByTime(6000));
    expect(screen.getByText('Bo won 8.00 coins')).toBeInTheDocument();
  });

  it('signing in loads the coin balance', async () => {
    const { session } = await mount({ coinBalance: () => wallet('42.00') }, { isLogin: false });
    act(() => runInAction(() => void (session.isLogin = true)));
    await settle();
    expect(balance()).toBe('Coins: 42.00');
  });
});
