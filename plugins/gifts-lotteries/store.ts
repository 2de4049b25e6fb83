import Decimal from 'decimal.js';
import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type {
  ApprovalInfo,
  CoinBalance,
  CoinDailyLimit,
  CoinLimit,
  CoinTransfer,
  Coupon,
  CouponRedeemed,
  Gift,
  GiftPresent,
  GiftRank,
  LotteryInfo,
  LotteryWinner,
  MemberCoinsPush,
  RedEnvelope,
  RedEnvelopeReceived,
  Reward,
  RoomEventPush,
  VoteInfo,
  VoteSubmitted,
} from '../../contract/economy';
import type { Scheduler } from '../../src/sdk';
import { EconomyError, ECONOMY_PATHS, RED_ENVELOPE_FAILURE } from './codes';

/** What the room's economy store needs from the app: the forehead client and the clock (faked in tests). */
export interface EconomyEnv {
  post<T>(path: string, body: object): Promise<T>;
  now(): number;
  /** Coins moved: the app refetches the balances and tells the host (LiveRoomProps.moneyMoved). */
  moneyMoved(): void;
  /** The app's scheduler: every delay of the room (a transfer asked about again, a gift's animation) waits in it. */
  scheduler: Scheduler;
}

const envOf = (node: object) => getEnv<EconomyEnv>(node);

/** A failure as the http client rejects it: the envelope's code and message. */
const codeOf = (error: unknown): number | undefined => (error as { code?: unknown } | null)?.code as number | undefined;

/** Why a gift was not sent, as the gift list says it (spec 001 section 3 "coin limit"). */
export type SendRefusal = 'insufficient' | 'dailyLimit' | 'failed';
const refusalOf = (error: unknown): SendRefusal => {
  const code = codeOf(error);
  return code === EconomyError.InsufficientBalance ? 'insufficient' : code === EconomyError.DailyLimit ? 'dailyLimit' : 'failed';
};

/** How a coupon redeem ended, for the coupon list's toast. */
export type RedeemOutcome = { ok: true; redeemed: CouponRedeemed } | { ok: false; reason: 'used' | 'expired' | 'locked' | 'failed' };
const redeemRefusalOf = (error: unknown): Extract<RedeemOutcome, { ok: false }>['reason'] => {
  const code = codeOf(error);
  return code === EconomyError.CouponUsed ? 'used' : code === EconomyError.CouponExpired ? 'expired' : code === EconomyError.CouponLocked ? 'locked' : 'failed';
};

type Status = 'idle' | 'loading' | 'ready' | 'failed';
const status = types.optional(types.enumeration<Status>(['idle', 'loading', 'ready', 'failed']), 'idle');

/** How long a gift plays on the stage (every viewer's, from the room event). */
export const GIFT_ANIMATION_MS = 4000;

/** A gift playing on the stage: one send, or a combo of one viewer's sends of the same gift (`sends` of them). */
export interface PlayingGift {
  /** The first send's id (the element's key: a combo stays one element). */
  presentId: number;
  /** The latest send's id: the combo ends GIFT_ANIMATION_MS after it. */
  lastPresentId: number;
  giftId: number;
  /** Gifts in all, over the combo's sends. */
  count: number;
  sends: number;
  uid: number;
  nickname: string;
  animation: string;
}
/** Spec 001 section 9: the gift tip shows after a 100 ms delay and clears 3 s later. */
export const GIFT_TIP_DELAY_MS = 100;
export const GIFT_TIP_MS = 3000;
/** A marquee line's time on screen; lines queue. */
export const MARQUEE_LINE_MS = 6000;
const MARQUEE_KEEP = 20;

/**
 * One room's coins, gifts and events (spec 001 sections 2-4), shared by the plugin's header and stage extensions. The
 * room's push channel feeds it (`apply`); every member action goes to the platform and takes its answer.
 */
export const RoomEconomy = types
  .model('RoomEconomy', {
    roomId: types.number,
    hostId: types.number,
    isLogin: false,
    coinBalance: types.maybe(types.string),
    coinStatus: status,
    /** The main balance, its currency and the rate a conversion would use now (goldmall/balance), for its preview. */
    main: types.maybe(types.frozen<{ balance: string; currency: string; rate: string | null }>()),
    /** Today's spend (gifts) and receive (red envelopes) limits with their use (activity/goldmall/dailyLimit). */
    limits: types.frozen<readonly CoinLimit[]>([]),
    limitsStatus: status,
    /** The member's coupons (activity/coupon/list), loaded when the coupon list opens. */
    coupons: types.frozen<readonly Coupon[]>([]),
    couponsStatus: status,
    /** The coupon a redeem is running for. */
    redeeming: types.maybe(types.number),
    gifts: types.frozen<readonly Gift[]>([]),
    giftsStatus: status,
    /** The gift list and anchor gift (top10) toggles (spec 001 section 4: they flip visibility). */
    giftListShown: false,
    anchorGiftsShown: false,
    top10: types.frozen<readonly GiftRank[]>([]),
    top10Status: status,
    sending: false,
    sendRefusal: types.maybe(types.frozen<SendRefusal>()),
    lastSent: types.maybe(types.frozen<GiftPresent>()),
    transfer: types.maybe(types.frozen<CoinTransfer>()),
    transferring: false,
    transferError: types.maybe(types.frozen<SendRefusal>()),
    /** The rain (red envelope, event kind 3) and the member's floating-ball state of it (spec 001 section 3). */
    rain: types.maybe(types.frozen<RedEnvelope>()),
    showMessagePopup: false,
    /** The prize popup of the envelope just received (obtainPrize says how much). */
    prizePopup: false,
    grabbing: false,
    lottery: types.maybe(types.frozen<LotteryInfo>()),
    vote: types.maybe(types.frozen<VoteInfo>()),
    approval: types.maybe(types.frozen<ApprovalInfo>()),
    entering: false,
    enterRefusal: types.maybe(types.frozen<number>()),
    /** The last draw's winners as the room event told them. */
    drawn: types.maybe(types.frozen<{ recordId: number; winners: readonly { uid: number; nickname: string; reward: Reward }[] }>()),
    winList: types.frozen<readonly LotteryWinner[]>([]),
    marquee: types.frozen<readonly { key: string; nickname: string; reward: Reward }[]>([]),
    /** Gifts playing on the stage, and the tip naming the newest. */
    playing: types.frozen<readonly PlayingGift[]>([]),
    tip: types.maybe(types.frozen<{ nickname: string; giftId: number; count: number }>()),
    seeds: types.frozen<Readonly<Record<number, { seedHash: string; seed?: string }>>>({}),
    /**
     * The platform's event clock (answers and events carry `now`: events run on the feed's simulated time) against the
     * local clock when it was read; countdowns run from it.
     */
    clock: types.frozen<{ server: number; local: number } | undefined>(undefined),
  })
  .views((self) => ({
    giftName(giftId: number) {
      return self.gifts.find((g) => g.giftId === giftId)?.name;
    },
    limitOf(type: CoinLimit['type']) {
      return self.limits.find((l) => l.type === type);
    },
    /**
     * Whether `count` of the gift would pass today's spend limit as last read: the gift list refuses before the call
     * (the platform still enforces it). False while the limits are unknown.
     */
    passesSpendLimit(giftId: number, count: number) {
      const gift = self.gifts.find((g) => g.giftId === giftId);
      const spend = self.limits.find((l) => l.type === 'spend');
      return Boolean(gift && spend && new Decimal(gift.price).times(count).gt(spend.remaining));
    },
    /**
     * What converting `amount` (a valid amount of the main balance) would do, as the platform computes it: coins =
     * amount x rate rounded down to 0.01; undefined until the balances are known or without a rate (issue 31).
     */
    conversionOf(amount: string) {
      const main = self.main;
      if (!main || main.rate === null || self.coinBalance === undefined) return undefined;
      const coins = new Decimal(amount).times(main.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      const balanceAfter = new Decimal(main.balance).minus(amount);
      return {
        rate: main.rate,
        currency: main.currency,
        coins: coins.toFixed(2),
        balanceBefore: main.balance,
        balanceAfter: balanceAfter.toFixed(2),
        coinsBefore: self.coinBalance,
        coinsAfter: coins.plus(self.coinBalance).toFixed(2),
        /** More than the main balance: the app refuses before the call (the platform still enforces it). */
        short: balanceAfter.isNegative(),
      };
    },
    /** The floating ball shows while a rain counts down or is open and the member has no envelope of it yet. */
    get isShowFloatingBall() {
      return Boolean(self.rain?.isShowFloatingBall && !self.rain.hasReceived);
    },
    get sendRecordId() {
      return self.rain?.sendRecordId;
    },
    /** The event clock at local time `localNow` (the local clock until the platform has told its own). */
    eventNow(localNow: number) {
      return self.clock ? self.clock.server + (localNow - self.clock.local) : localNow;
    },
  }))
  .actions((self) => {
    // Each delay under its own name, so one never replaces another; all are stopped with the room (and by the
    // scheduler's stopAll when the app unmounts).
    const pending = new Set<string>();
    let count = 0;
    const later = (ms: number, run: () => void) => {
      count += 1;
      const name = `economy:${self.roomId}:${count}`;
      pending.add(name);
      envOf(self).scheduler.once(name, ms, () => {
        pending.delete(name);
        run();
      });
    };
    return {
      beforeDestroy() {
        for (const name of pending) envOf(self).scheduler.stop(name);
        pending.clear();
      },
      later,
      set(values: Partial<typeof self>) {
        Object.assign(self, values);
      },
    };
  })
  .actions((self) => {
    const post = <T>(path: string, body: object) => envOf(self).post<T>(path, body);
    const room = () => ({ roomId: self.roomId });
    const coinsChanged = (coinBalance: string) => {
      self.set({ coinBalance, coinStatus: 'ready' });
      envOf(self).moneyMoved();
      // A gift counts against today's spend, an envelope against today's receive.
      void loadLimits();
    };
    const tick = (server: number) => self.set({ clock: { server, local: envOf(self).now() } });
    /** An event's seed hash (published before it) and seed (revealed after): what is known is never forgotten. */
    const remember = (recordId: number, seedHash: string, seed?: string | null) => {
      const known = self.seeds[recordId];
      const revealed = seed ?? known?.seed;
      self.set({ seeds: { ...self.seeds, [recordId]: { seedHash: known?.seedHash || seedHash, ...(revealed ? { seed: revealed } : {}) } } });
    };

    const loadCoins = flow(function* loadCoins() {
      if (!self.isLogin) return;
      // Read again (the conversion dialog opening): the balance shown stays until the new one is in.
      if (self.coinStatus !== 'ready') self.set({ coinStatus: 'loading' });
      try {
        const answer: CoinBalance = yield post(ECONOMY_PATHS.coinBalance, {});
        self.set({ coinBalance: answer.coinBalance, coinStatus: 'ready', main: { balance: answer.balance, currency: answer.currency, rate: answer.rate } });
      } catch {
        self.set({ coinStatus: 'failed' });
      }
    });

    const loadLimits = flow(function* loadLimits() {
      if (!self.isLogin) return;
      if (self.limitsStatus !== 'ready') self.set({ limitsStatus: 'loading' });
      try {
        const answer: CoinDailyLimit | null = yield post(ECONOMY_PATHS.dailyLimit, {});
        self.set({ limits: answer?.configs ?? [], limitsStatus: 'ready' });
      } catch {
        self.set({ limitsStatus: 'failed' });
      }
    });

    const loadCoupons = flow(function* loadCoupons() {
      if (!self.isLogin) return;
      self.set({ couponsStatus: 'loading' });
      try {
        const coupons: Coupon[] = yield post(ECONOMY_PATHS.coupons, {});
        self.set({ coupons, couponsStatus: 'ready' });
      } catch {
        self.set({ couponsStatus: 'failed' });
      }
    });

    const loadTop10 = flow(function* loadTop10() {
      self.set({ top10Status: 'loading' });
      try {
        const top10: GiftRank[] = yield post(ECONOMY_PATHS.giftTop10, room());
        self.set({ top10, top10Status: 'ready' });
      } catch {
        self.set({ top10Status: 'failed' });
      }
    });

    const loadGifts = flow(function* loadGifts() {
      self.set({ giftsStatus: 'loading' });
      try {
        const gifts: Gift[] = yield post(ECONOMY_PATHS.gifts, {});
        self.set({ gifts: [...gifts].sort((a, b) => a.sort - b.sort), giftsStatus: 'ready' });
      } catch {
        self.set({ giftsStatus: 'failed' });
      }
    });

    // The member's own state of a rain, a vote and an answer: member routes, never called for a visitor (the platform
    // answers those "no user", which the app takes for a session that ended).
    const loadRain = flow(function* loadRain() {
      if (!self.isLogin) return;
      try {
        const rain: RedEnvelope | null = yield post(ECONOMY_PATHS.redEnvelope, room());
        self.set({ rain: rain ?? undefined });
        if (rain) {
          tick(rain.now);
          remember(rain.sendRecordId, rain.seedHash);
        }
      } catch {
        // No ball rather than a broken stage: the next room event brings the rain again.
      }
    });

    const loadLottery = flow(function* loadLottery() {
      try {
        const member = self.isLogin;
        const [lottery, vote, approval, winList]: [LotteryInfo | null, VoteInfo | null, ApprovalInfo | null, LotteryWinner[]] = yield Promise.all([
          post<LotteryInfo | null>(ECONOMY_PATHS.lotteryStartInfo, room()),
          member ? post<VoteInfo | null>(ECONOMY_PATHS.voteInfo, room()) : null,
          member ? post<ApprovalInfo | null>(ECONOMY_PATHS.approvalInfo, room()) : null,
          post<LotteryWinner[]>(ECONOMY_PATHS.lotteryWinList, room()),
        ]);
        self.set({ lottery: lottery ?? undefined, vote: vote ?? undefined, approval: approval ?? undefined, winList });
        if (lottery) {
          tick(lottery.now);
          remember(lottery.recordId, lottery.seedHash, lottery.seed);
        }
      } catch {
        // The overlay stays as it was; the next room event reloads it.
      }
    });

    return {
      /** The room opens: its events load for everyone (a visitor sees the ball and the lottery, and is asked to sign in). */
      start(isLogin: boolean) {
        self.set({ isLogin });
        // The catalogue names and draws the gifts others send, not only the list.
        void loadGifts();
        void loadCoins();
        void loadLimits();
        void loadRain();
        void loadLottery();
      },
      /** Signing in or out changes the member's own state of every event: it loads again. */
      setLogin(isLogin: boolean) {
        if (isLogin === self.isLogin) return;
        self.set({
          isLogin,
          ...(isLogin ? {} : { coinBalance: undefined, main: undefined, coinStatus: 'idle' as const, limits: [], limitsStatus: 'idle' as const, coupons: [], couponsStatus: 'idle' as const }),
        });
        void loadCoins();
        void loadLimits();
        void loadRain();
        void loadLottery();
      },
      /**
       * The room's push channel missed messages (the connection was lost, the platform restarted): whatever happened
       * meanwhile (a rain, a lottery started or drawn, coins moved) is read again, as when the room opened.
       */
      catchUp() {
        void loadCoins();
        void loadLimits();
        void loadRain();
        void loadLottery();
      },
      /** A new language: the gift names (list, tip) and the lottery's title and options are asked for in it. */
      languageChanged() {
        void loadGifts();
        void loadLottery();
      },
      loadCoins,
      loadLimits,
      loadCoupons,
      loadTop10,
      loadRain,
      loadLottery,
      loadGifts,
      toggleGiftList() {
        self.set({ giftListShown: !self.giftListShown, sendRefusal: undefined });
      },
      toggleAnchorGifts() {
        self.set({ anchorGiftsShown: !self.anchorGiftsShown });
        if (self.anchorGiftsShown) void loadTop10();
      },
      send: flow(function* send(giftId: number, count: number) {
        if (self.sending) return;
        if (self.passesSpendLimit(giftId, count)) {
          self.set({ sendRefusal: 'dailyLimit' });
          return;
        }
        self.set({ sending: true, sendRefusal: undefined });
        try {
          const sent: GiftPresent = yield post(ECONOMY_PATHS.giftPresent, { giftId, count, hostId: self.hostId, ...room() });
          self.set({ lastSent: sent });
          coinsChanged(sent.coinBalance);
        } catch (error) {
          self.set({ sendRefusal: refusalOf(error) });
        } finally {
          self.set({ sending: false });
        }
      }),
      convert: flow(function* convert(amount: string) {
        self.set({ transferring: true, transferError: undefined, transfer: undefined });
        try {
          let transfer: CoinTransfer = yield post(ECONOMY_PATHS.transfer, { amount });
          self.set({ transfer });
          // A pending transfer is asked about again until it settles; the platform answers the final state.
          while (transfer.status === 'pending') {
            yield new Promise((resolve) => self.later(1000, () => resolve(undefined)));
            transfer = yield post(ECONOMY_PATHS.transferStatus, { transferId: transfer.transferId });
            self.set({ transfer });
          }
          if (transfer.status === 'succeeded') {
            if (self.main) self.set({ main: { ...self.main, balance: transfer.balance } });
            coinsChanged(transfer.coinBalance);
          }
        } catch (error) {
          self.set({ transferError: refusalOf(error) });
        } finally {
          self.set({ transferring: false });
        }
      }),
      /** A member taps an envelope: one request; "failure" (none left, too late) shows the message popup instead of a prize. */
      grab: flow(function* grab() {
        const rain = self.rain;
        if (!rain || self.grabbing || rain.hasReceived) return;
        self.set({ grabbing: true });
        try {
          const answer: RedEnvelopeReceived | typeof RED_ENVELOPE_FAILURE = yield post(ECONOMY_PATHS.redEnvelopeReceive, { recordId: rain.sendRecordId, ...room() });
          if (answer === RED_ENVELOPE_FAILURE) {
            self.set({ showMessagePopup: true, rain: { ...rain, isShowFloatingBall: false } });
          } else {
            self.set({ rain: { ...rain, hasReceived: true, isShowFloatingBall: false, obtainPrize: answer.amount }, prizePopup: true });
            coinsChanged(answer.coinBalance);
          }
        } catch {
          self.set({ showMessagePopup: true });
        } finally {
          self.set({ grabbing: false });
        }
      }),
      /**
       * Redeems a coupon (activity/coupon/redeem): the list shows it used and the balances move; a refusal (used or
       * expired meanwhile, condition not met) reads the list again, since the coupon changed elsewhere.
       */
      redeem: flow(function* redeem(couponId: number) {
        if (self.redeeming !== undefined) return { ok: false, reason: 'failed' } as RedeemOutcome;
        self.set({ redeeming: couponId });
        try {
          const redeemed: CouponRedeemed = yield post(ECONOMY_PATHS.couponRedeem, { couponId });
          self.set({ coupons: self.coupons.map((c) => (c.couponId === couponId ? redeemed.coupon : c)) });
          coinsChanged(redeemed.coinBalance);
          return { ok: true, redeemed } as RedeemOutcome;
        } catch (error) {
          const reason = redeemRefusalOf(error);
          if (reason !== 'failed') void loadCoupons();
          return { ok: false, reason } as RedeemOutcome;
        } finally {
          self.set({ redeeming: undefined });
        }
      }),
      /**
       * The member's private channel (`member:<uid>:coins`): the balance after every change wherever it was made (a
       * prize, an envelope, another tab's gift), so the header and the limits follow; a prize may be a coupon.
       */
      applyCoins(push: MemberCoinsPush) {
        if (!self.isLogin) return;
        if (push.kind === 'coins') {
          self.set({ coinBalance: push.coinBalance, coinStatus: 'ready' });
          void loadLimits();
        } else if (self.couponsStatus !== 'idle') void loadCoupons();
      },
      closePopup() {
        self.set({ prizePopup: false, showMessagePopup: false });
      },
      /** Live lottery: a vote enters it (vote/submitInfo); answer lottery: an answer (approval/submitInfo). */
      enter: flow(function* enter(option: number) {
        const lottery = self.lottery;
        if (!lottery || self.entering) return;
        self.set({ entering: true, enterRefusal: undefined });
        try {
          if (lottery.kind === 1) {
            const voted: VoteSubmitted = yield post(ECONOMY_PATHS.voteSubmit, { recordId: lottery.recordId, voteResult: option, ...room() });
            self.set({ lottery: { ...lottery, joined: true, myChoice: option, options: voted.options } });
            if (self.vote?.recordId === lottery.recordId) self.set({ vote: { ...self.vote, myVote: option, options: voted.options, total: voted.total } });
          } else {
            yield post(ECONOMY_PATHS.approvalSubmit, { approvalResult: option, ...room(), matchId: lottery.matchId, messageId: lottery.messageId ?? '' });
            self.set({ lottery: { ...lottery, joined: true, myChoice: option } });
          }
        } catch (error) {
          self.set({ enterRefusal: codeOf(error) ?? -1 });
        } finally {
          self.set({ entering: false });
        }
      }),
      dismissTip() {
        self.set({ tip: undefined });
      },
      /** A room event (push `live:room:<roomId>`): what every viewer sees happen. */
      apply(event: RoomEventPush) {
        if (event.roomId !== self.roomId) return;
        switch (event.kind) {
          case 'gift': {
            const { presentId, giftId, count, uid, nickname, animation } = event;
            // A combo (issue 31): the same viewer sending the same gift again while it still plays adds to it, and
            // it plays on from the latest send, instead of a second gift over the first.
            const streak = self.playing.find((p) => p.uid === uid && p.giftId === giftId);
            const playing: PlayingGift = streak
              ? { ...streak, count: streak.count + count, sends: streak.sends + 1, lastPresentId: presentId }
              : { presentId, lastPresentId: presentId, giftId, count, sends: 1, uid, nickname, animation };
            self.set({ playing: streak ? self.playing.map((p) => (p === streak ? playing : p)) : [...self.playing, playing] });
            self.later(GIFT_ANIMATION_MS, () => self.set({ playing: self.playing.filter((p) => p.lastPresentId !== presentId) }));
            self.later(GIFT_TIP_DELAY_MS, () => {
              self.set({ tip: { nickname, giftId, count } });
              self.later(GIFT_TIP_MS, () => {
                if (self.tip?.nickname === nickname && self.tip.giftId === giftId) self.set({ tip: undefined });
              });
            });
            if (self.anchorGiftsShown) void loadTop10();
            return;
          }
          case 'rainStarted': {
            tick(event.now);
            remember(event.recordId, event.seedHash);
            // Everyone sees the ball at once (a visitor is asked to sign in); a member's own state of it follows.
            const { recordId, status, startCountDownTime, startTime, endTime, envelopeCount, seedHash, now } = event;
            self.set({
              rain: {
                sendRecordId: recordId,
                roomId: self.roomId,
                status,
                isShowFloatingBall: true,
                startCountDownTime,
                startTime,
                endTime,
                endBettingTime: null,
                endBettingTimestamp: null,
                envelopeCount,
                remaining: envelopeCount,
                hasReceived: false,
                obtainPrize: null,
                seedHash,
                now,
              },
            });
            void loadRain();
            return;
          }
          case 'rainEnded':
            remember(event.recordId, '', event.seed);
            if (self.rain?.sendRecordId === event.recordId) self.set({ rain: { ...self.rain, status: 2, isShowFloatingBall: false } });
            return;
          case 'lotteryStarted':
            tick(event.now);
            remember(event.recordId, event.seedHash);
            void loadLottery();
            return;
          case 'lotteryDrawn':
            remember(event.recordId, '', event.seed);
            self.set({ drawn: { recordId: event.recordId, winners: event.winners } });
            if (self.lottery?.recordId === event.recordId) self.set({ lottery: { ...self.lottery, status: 2, seed: event.seed, answer: event.answer } });
            void loadLottery();
            // A member may be among the winners: their coins changed on the platform.
            void loadCoins();
            if (self.isLogin) envOf(self).moneyMoved();
            return;
          case 'voteResults':
            if (self.vote?.recordId === event.recordId) {
              const counts = new Map(event.options.map((o) => [o.option, o.votes]));
              self.set({ vote: { ...self.vote, total: event.total, options: self.vote.options.map((o) => ({ ...o, votes: counts.get(o.option) ?? o.votes })) } });
            }
            return;
          case 'winMarquee': {
            const line = { key: `${event.recordId}-${event.uid}-${event.at}`, nickname: event.nickname, reward: event.reward };
            self.set({ marquee: [...self.marquee, line].slice(-MARQUEE_KEEP) });
            return;
          }
        }
      },
      /** The marquee's first line has been shown. */
      nextMarqueeLine() {
        self.set({ marquee: self.marquee.slice(1) });
      },
    };
  });

export type RoomEconomyInstance = Instance<typeof RoomEconomy>;
