import { flow, types, type Instance } from 'mobx-state-tree';
import { parseLoginState, type LoginState } from '../../host/hostProps';
import type { LoginRequest, LoginThrottled, PlatformLoginState } from '../../../contract/forehead';
import { isApiError } from '../../services/http';
import { envOf } from './env';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/** The platform's answer to a throttled sign-in (docs/api.md): its data says how long to wait. */
const TOO_MANY_SIGN_INS = 4029;

/**
 * The platform's login answer in the session's shape: the same parse host props go through, which also turns the
 * wire's numeric uid into the string the session keeps (a raw number failed the model's type check in development
 * builds and never equalled a host's string uid when a link's token was compared with the member signed in).
 */
function loginStateOf(answer: PlatformLoginState, logger: Pick<Console, 'warn'>): LoginState {
  return parseLoginState({ ...answer, isLogin: true }, (message) => logger.warn(message));
}

function retryAfterSecondsOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.code !== TOO_MANY_SIGN_INS) return undefined;
  const seconds = (error.body as { data?: Partial<Record<keyof LoginThrottled, unknown>> } | undefined)?.data?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

const BalanceLine = types.model('BalanceLine', {
  coinCode: types.string,
  balance: types.string,
  isDefault: types.optional(types.boolean, false),
});

const UserData = types.model('UserData', {
  uid: types.string,
  username: types.string,
  nickname: types.maybe(types.string),
  vipLevel: types.maybe(types.number),
  currency: types.maybe(types.string),
});

/**
 * The member's login state. Embedded, it mirrors what the host supplies (update(props) re-applies it without a
 * remount); standalone, the app's own login dialog fills it from the platform's sign-in.
 */
export const SessionStore = types
  .model('SessionStore', {
    isLogin: false,
    userData: types.maybe(UserData),
    balanceList: types.array(BalanceLine),
    centerBalance: types.maybe(types.string),
    totalBalance: types.maybe(types.string),
    coinBalance: types.maybe(types.string),
    anchorProxyEnable: 0,
    allInMaintain: false,
    /** True while the app's own sign-in call runs. */
    signingIn: false,
    signInError: types.maybe(types.string),
    /** Set when the platform throttled the sign-in: the seconds to wait before trying again. */
    signInRetryAfterSeconds: types.maybe(types.number),
  })
  .volatile(() => ({
    /** Balance refreshes asked for, and whether one runs (see refreshBalance). */
    balanceWanted: 0,
    balanceRefreshing: false,
    /** A link's token that belongs to another member than the one signed in, waiting for the member's answer. */
    linkSwitch: undefined as { token: string; username: string } | undefined,
  }))
  .views((self) => ({
    get defaultBalance() {
      return self.balanceList.find((b) => b.isDefault) ?? self.balanceList[0];
    },
    get displayName() {
      return self.userData?.nickname || self.userData?.username || '';
    },
  }))
  .actions((self) => ({
    applyBalances(state: Pick<LoginState, 'balance' | 'coinBalance'>) {
      self.balanceList.replace(self.isLogin ? (state.balance?.balanceList ?? []).map((b) => BalanceLine.create(b)) : []);
      self.centerBalance = self.isLogin ? state.balance?.centerBalance : undefined;
      self.totalBalance = self.isLogin ? state.balance?.totalBalance : undefined;
      self.coinBalance = self.isLogin ? state.coinBalance : undefined;
    },
  }))
  .actions((self) => ({
    applyLoginState(state: LoginState) {
      const { storage } = envOf(self);
      self.isLogin = state.isLogin && Boolean(state.token ?? storage.get('auth'));
      if (state.token) storage.set('auth', state.token);
      if (!self.isLogin) storage.remove('auth');
      self.userData = self.isLogin && state.userData ? UserData.create(state.userData) : undefined;
      self.applyBalances(state);
      self.anchorProxyEnable = state.anchorProxyEnable ?? 0;
      self.allInMaintain = state.AllInMaintain ?? false;
    },
    /** The betting service said the token expired (14010) or the host logged out: forget the member. */
    clear() {
      envOf(self).storage.remove('auth');
      self.isLogin = false;
      self.userData = undefined;
      self.balanceList.clear();
      self.centerBalance = self.totalBalance = self.coinBalance = undefined;
    },
    wantBalance() {
      self.balanceWanted += 1;
    },
    setBalanceRefreshing(value: boolean) {
      self.balanceRefreshing = value;
    },
    setSigningIn(value: boolean, error?: string, retryAfterSeconds?: number) {
      self.signingIn = value;
      self.signInError = error;
      self.signInRetryAfterSeconds = retryAfterSeconds;
    },
    setLinkSwitch(value: { token: string; username: string } | undefined) {
      self.linkSwitch = value;
    },
  }))
  .actions((self) => ({
    /** Standalone sign-in through the platform; embedded hosts sign in themselves and pass props. */
    signIn: flow(function* signIn(username: string, password: string) {
      const { http, logger } = envOf(self);
      self.setSigningIn(true);
      try {
        const answer: PlatformLoginState = yield http.forehead.post(FOREHEAD_PATHS.login, { username, password } satisfies LoginRequest, { noAuth: true });
        self.applyLoginState(loginStateOf(answer, logger));
        self.setSigningIn(false);
        return true;
      } catch (error) {
        self.setSigningIn(false, error instanceof Error ? error.message : String(error), retryAfterSecondsOf(error));
        return false;
      }
    }),
    /**
     * Standalone: a stored token (from an earlier sign-in or the URL's token parameter) is checked with the
     * platform and turned back into a session; a token the platform refuses is forgotten.
     */
    restore: flow(function* restore() {
      const { http, storage, logger } = envOf(self);
      if (!storage.get('auth')) return false;
      try {
        const answer: PlatformLoginState = yield http.forehead.post(FOREHEAD_PATHS.loginState, {});
        self.applyLoginState(loginStateOf(answer, logger));
        return true;
      } catch {
        self.clear();
        return false;
      }
    }),
  }))
  .actions((self) => ({
    /**
     * Standalone, a `?token=` link signs in (spec section 9). When another member is already signed in here, the
     * link would silently switch this browser to a different account (a link sent by someone else signs the
     * victim into the sender's account): that waits for the member to confirm (linkSwitch, AccountSwitchDialog).
     * A fresh token of the same member is taken over without asking; a token the platform refuses is ignored.
     */
    acceptLinkToken: flow(function* acceptLinkToken(token: string) {
      const { http, storage, logger } = envOf(self);
      if (!self.isLogin || storage.get('auth') === token) {
        storage.set('auth', token);
        yield self.restore();
        return;
      }
      try {
        const state: LoginState = yield http.forehead.post(FOREHEAD_PATHS.loginState, {}, { headers: { Authorization: token } });
        const parsed = parseLoginState({ ...state, isLogin: true }, (message) => logger.warn(message));
        if (parsed.userData?.uid !== undefined && parsed.userData.uid === self.userData?.uid) {
          self.applyLoginState({ ...parsed, token });
        } else {
          self.setLinkSwitch({ token, username: parsed.userData?.nickname || parsed.userData?.username || '' });
        }
      } catch (error) {
        logger.warn('the link\'s token was refused; staying signed in as before', error);
      }
    }),
    /** The member chose to switch to the link's account. */
    confirmLinkSwitch: flow(function* confirmLinkSwitch() {
      const pending = self.linkSwitch;
      self.setLinkSwitch(undefined);
      if (!pending) return;
      envOf(self).storage.set('auth', pending.token);
      yield self.restore();
    }),
    declineLinkSwitch() {
      self.setLinkSwitch(undefined);
    },
    /**
     * Money moved inside the app (a bet taken or refused, a cash out paid): the balances are fetched again and handed
     * to the host, whose header would otherwise show the old figure until its own next refresh.
     */
    refreshBalance: flow(function* refreshBalance() {
      const { http, host, logger } = envOf(self);
      if (!self.isLogin) return;
      // One call at a time, and one more for changes made meanwhile: an older answer never lands after a newer one.
      self.wantBalance();
      if (self.balanceRefreshing) return;
      self.setBalanceRefreshing(true);
      let served = -1;
      while (served !== self.balanceWanted && self.isLogin) {
        served = self.balanceWanted;
        try {
          const answer: Partial<LoginState> = yield Promise.resolve(http.forehead.post(FOREHEAD_PATHS.loginState, {}));
          if (!self.isLogin) break;
          const state = parseLoginState(answer, (message) => logger.warn(message));
          self.applyBalances(state);
          host.onBalanceChange?.({ balance: state.balance, coinBalance: state.coinBalance });
        } catch (error) {
          logger.warn('balance not refreshed after a change; the host keeps its own', error);
        }
      }
      self.setBalanceRefreshing(false);
    }),
    signOut: flow(function* signOut() {
      const { http, logger } = envOf(self);
      try {
        yield http.forehead.post(FOREHEAD_PATHS.logout, {});
      } catch (error) {
        logger.warn('sign-out call failed; forgetting the session locally anyway', error);
      }
      self.clear();
    }),
  }));

export type SessionStoreInstance = Instance<typeof SessionStore>;
