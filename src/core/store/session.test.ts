import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../../services/http';
import { loginStateSchema } from '../../../contract/forehead';
import { fakeAnswer } from '../../testing/contractFakes';
import { fakeEnv } from '../../testing/fakeEnv';
import { MAINTENANCE_CHANNEL, createRootStore } from './RootStore';
import { FOREHEAD_PATHS } from '../../../contract/paths';

const loginState = {
  isLogin: true,
  token: 'tok-1',
  userData: { uid: '7', username: 'demo', nickname: 'Demo' },
  balance: { centerBalance: '10000.00', totalBalance: '10000.00', balanceList: [{ coinCode: 'USD', balance: '5.00' }, { coinCode: 'CNY', balance: '10000.00', isDefault: true }] },
  coinBalance: '120.00',
};

/** The same member as the platform answers login and loginState: a numeric uid, every field the contract has. */
const platformAnswer = fakeAnswer(loginStateSchema, {
  token: 'tok-1',
  expiresAt: 1_800_000_000_000,
  isLogin: true,
  userData: { uid: 7, username: 'demo', nickname: 'Demo', vipLevel: 0, currency: 'CNY' },
  balance: { centerBalance: '10000.00', totalBalance: '10000.00', balanceList: [{ coinCode: 'CNY', balance: '10000.00', isDefault: true }] },
  coinBalance: '120.00',
  setting: { handicap: 1, accept: 1, acceptList: [0, 0, 0, 0], acceptPush: 0, showSettingChangableTip: true },
  memberTitles: [],
  anchorProxyEnable: 0,
  language: 'CMN',
});

describe('session', () => {
  it('applies the host login state and keeps the token in storage', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.applyHostProps(loginState);
    expect(store.session.isLogin).toBe(true);
    expect(store.session.displayName).toBe('Demo');
    expect(store.session.defaultBalance?.coinCode).toBe('CNY');
    expect(env.storage.get('auth')).toBe('tok-1');

    store.applyHostProps({ isLogin: false });
    expect(store.session.isLogin).toBe(false);
    expect(store.session.balanceList).toHaveLength(0);
    expect(env.storage.get('auth')).toBeNull();
  });

  it('is not logged in when the host says so but gives no token and none is stored', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.applyHostProps({ ...loginState, token: undefined });
    expect(store.session.isLogin).toBe(false);
  });

  it('signs in through the platform, and reports a refusal without logging in', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    http.forehead.post.mockRejectedValueOnce(new Error('wrong username or password'));
    expect(await store.session.signIn('demo', 'bad')).toBe(false);
    expect(store.session.signInError).toBe('wrong username or password');
    expect(store.session.isLogin).toBe(false);

    http.forehead.post.mockResolvedValueOnce(platformAnswer);
    expect(await store.session.signIn('demo', 'demo1234')).toBe(true);
    // The wire's numeric uid is kept as the string host props carry, so the two compare equal.
    expect(store.session.userData?.uid).toBe('7');
    expect(http.forehead.post).toHaveBeenLastCalledWith('/api/forehead/user/login', { username: 'demo', password: 'demo1234' }, { noAuth: true });
    expect(store.session.isLogin).toBe(true);
    expect(store.session.signInError).toBeUndefined();
    expect(store.session.signingIn).toBe(false);
  });

  it('keeps how long a throttled sign-in must wait, and forgets it on the next answer', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    const msg = 'too many sign-in attempts from your address; try again in 3 s';
    http.forehead.post.mockRejectedValueOnce(
      new ApiError({ code: 4029, service: 'forehead', httpStatus: 429, message: msg, body: { code: 4029, msg, data: { retryAfterSeconds: 3 } } }),
    );
    expect(await store.session.signIn('demo', 'demo1234')).toBe(false);
    expect(store.session.signInRetryAfterSeconds).toBe(3);
    http.forehead.post.mockRejectedValueOnce(new ApiError({ code: 4010, service: 'forehead', httpStatus: 401, message: 'wrong username or password' }));
    expect(await store.session.signIn('demo', 'bad')).toBe(false);
    expect(store.session.signInRetryAfterSeconds).toBeUndefined();
    expect(store.session.signInError).toBe('wrong username or password');
  });

  it('restores a stored token with the platform, and forgets one it refuses', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    expect(await store.session.restore()).toBe(false);
    expect(http.forehead.post).not.toHaveBeenCalled();

    env.storage.set('auth', 'tok-1');
    http.forehead.post.mockResolvedValueOnce(platformAnswer);
    expect(await store.session.restore()).toBe(true);
    expect(store.session.isLogin).toBe(true);
    expect(store.session.userData?.uid).toBe('7');

    http.forehead.post.mockRejectedValueOnce(new Error('session expired'));
    expect(await store.session.restore()).toBe(false);
    expect(store.session.isLogin).toBe(false);
    expect(env.storage.get('auth')).toBeNull();
  });

  describe('a ?token= link', () => {
    const other = { ...loginState, token: undefined, userData: { uid: '8', username: 'demo2', nickname: 'Other' } };

    it('signs a visitor in with the link token', async () => {
      const { env, http } = fakeEnv();
      const store = createRootStore({}, env);
      http.forehead.post.mockResolvedValueOnce({ ...loginState, token: undefined });
      await store.session.acceptLinkToken('tok-link');
      expect(env.storage.get('auth')).toBe('tok-link');
      expect(store.session.isLogin).toBe(true);
      expect(store.session.linkSwitch).toBeUndefined();
    });

    it('takes a fresh token of the member already signed in without asking', async () => {
      const { env, http } = fakeEnv();
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      http.forehead.post.mockResolvedValueOnce({ ...loginState, token: undefined });
      await store.session.acceptLinkToken('tok-new');
      expect(http.forehead.post).toHaveBeenLastCalledWith('/api/forehead/user/loginState', {}, { headers: { Authorization: 'tok-new' } });
      expect(env.storage.get('auth')).toBe('tok-new');
      expect(store.session.linkSwitch).toBeUndefined();
    });

    it("asks before switching to another member's account, and stays put when declined", async () => {
      const { env, http } = fakeEnv();
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      http.forehead.post.mockResolvedValueOnce(other);
      await store.session.acceptLinkToken('tok-other');
      expect(store.session.linkSwitch).toEqual({ token: 'tok-other', username: 'Other' });
      expect(env.storage.get('auth')).toBe('tok-1');
      expect(store.session.displayName).toBe('Demo');

      store.session.declineLinkSwitch();
      expect(store.session.linkSwitch).toBeUndefined();
      expect(env.storage.get('auth')).toBe('tok-1');
    });

    it('switches when the member confirms', async () => {
      const { env, http } = fakeEnv();
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      http.forehead.post.mockResolvedValueOnce(other);
      await store.session.acceptLinkToken('tok-other');
      http.forehead.post.mockResolvedValueOnce(other);
      await store.session.confirmLinkSwitch();
      expect(env.storage.get('auth')).toBe('tok-other');
      expect(store.session.displayName).toBe('Other');
      expect(store.session.linkSwitch).toBeUndefined();
    });

    it('ignores a link token the platform refuses while a member is signed in', async () => {
      const { env, http } = fakeEnv();
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      http.forehead.post.mockRejectedValueOnce(new Error('session expired'));
      await store.session.acceptLinkToken('tok-bad');
      expect(env.storage.get('auth')).toBe('tok-1');
      expect(store.session.isLogin).toBe(true);
      expect(store.session.linkSwitch).toBeUndefined();
    });
  });

  it('signs out locally even when the platform call fails', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    store.applyHostProps(loginState);
    http.forehead.post.mockRejectedValueOnce(new Error('network'));
    await store.session.signOut();
    expect(store.session.isLogin).toBe(false);
    expect(env.storage.get('auth')).toBeNull();
  });
});

describe('requireLogin', () => {
  it('lets a member through', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.applyHostProps(loginState);
    expect(store.requireLogin()).toBe(true);
    expect(store.ui.loginDialogOpen).toBe(false);
  });

  it("asks the host's login when the host offers one", () => {
    const requestLogin = jest.fn();
    const { env } = fakeEnv({ host: { requestLogin } });
    const store = createRootStore({}, env);
    expect(store.requireLogin('please log in')).toBe(false);
    expect(requestLogin).toHaveBeenCalledTimes(1);
    expect(store.ui.loginDialogOpen).toBe(false);
  });

  it("opens the app's own dialog otherwise, with the reason", () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    expect(store.requireLogin('please log in')).toBe(false);
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(store.ui.loginReason).toBe('please log in');
    store.ui.closeLogin();
    expect(store.ui.loginReason).toBeUndefined();
  });
});

describe('maintenance', () => {
  it('follows the platform flag: read at start, then every change on the push channel; a gap reads it again', async () => {
    const { env, http } = fakeEnv();
    http.forehead.get.mockResolvedValueOnce({ underMaintenance: true }).mockResolvedValueOnce({ underMaintenance: false });
    const store = createRootStore({}, env);
    store.watchMaintenance();
    await new Promise((r) => setTimeout(r, 0));
    expect(http.forehead.get).toHaveBeenCalledWith(FOREHEAD_PATHS.maintenance, { noAuth: true });
    expect(store.underMaintenance).toBe(true);

    const subscribe = env.push.subscribe as jest.Mock<(channel: string, handler: (data: unknown) => void) => () => void>;
    const [channel, handler] = subscribe.mock.calls[0]!;
    expect(channel).toBe(MAINTENANCE_CHANNEL);
    handler({ underMaintenance: false });
    expect(store.underMaintenance).toBe(false);
    handler({ underMaintenance: true });
    expect(store.underMaintenance).toBe(true);
    handler({ somethingElse: 1 });
    expect(store.underMaintenance).toBe(true);

    env.events.emit('push.gap', { chId: MAINTENANCE_CHANNEL, reason: 'epoch' });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.underMaintenance).toBe(false);
  });

  it('keeps what it knows and logs when the flag cannot be read', async () => {
    const { env, http } = fakeEnv();
    http.forehead.get.mockRejectedValueOnce(new Error('502'));
    const store = createRootStore({}, env);
    await store.loadMaintenance();
    expect(store.underMaintenance).toBe(false);
    expect(env.logger.warn).toHaveBeenCalledWith('[maintenance] flag not read', expect.any(Error));
  });

  it('follows the host AllInMaintain flag', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    expect(store.underMaintenance).toBe(false);
    store.applyHostProps({ isLogin: false, AllInMaintain: true });
    expect(store.underMaintenance).toBe(true);
  });

  describe('refreshing the balance after money moved in the app', () => {
    const after = (cny: string) => ({ ...loginState, balance: { ...loginState.balance, balanceList: [{ coinCode: 'CNY', balance: cny, isDefault: true }] } });

    it('applies the fresh balances and hands them to the host', async () => {
      const onBalanceChange = jest.fn();
      const { env, http } = fakeEnv({ host: { onBalanceChange } });
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      http.forehead.post.mockResolvedValueOnce(after('9900.00'));
      await store.session.refreshBalance();
      expect(http.forehead.post).toHaveBeenCalledWith('/api/forehead/user/loginState', {});
      expect(store.session.defaultBalance?.balance).toBe('9900.00');
      expect(onBalanceChange).toHaveBeenCalledWith({ balance: after('9900.00').balance, coinBalance: '120.00' });
      // The member's identity and token are untouched by a balance refresh.
      expect(store.session.displayName).toBe('Demo');
      expect(env.storage.get('auth')).toBe('tok-1');
    });

    it('runs one call at a time and one more for changes made meanwhile, so the newest balance lands last', async () => {
      const onBalanceChange = jest.fn();
      const { env, http } = fakeEnv({ host: { onBalanceChange } });
      const store = createRootStore({}, env);
      store.applyHostProps(loginState);
      let answerFirst: (v: unknown) => void = () => undefined;
      http.forehead.post.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce(after('9800.00'));
      const first = store.session.refreshBalance();
      void store.session.refreshBalance();
      void store.session.refreshBalance();
      answerFirst(after('9900.00'));
      await first;
      expect(http.forehead.post).toHaveBeenCalledTimes(2);
      expect(onBalanceChange.mock.calls.map(([c]) => (c as { balance: { balanceList: Array<{ balance: string }> } }).balance.balanceList[0]!.balance)).toEqual(['9900.00', '9800.00']);
      expect(store.session.defaultBalance?.balance).toBe('9800.00');
    });

    it('does nothing for a visitor, and keeps the balance it has when the call fails', async () => {
      const onBalanceChange = jest.fn();
      const { env, http } = fakeEnv({ host: { onBalanceChange } });
      const store = createRootStore({}, env);
      await store.session.refreshBalance();
      expect(http.forehead.post).not.toHaveBeenCalled();

      store.applyHostProps(loginState);
      http.forehead.post.mockRejectedValueOnce(new Error('network'));
      await store.session.refreshBalance();
      expect(store.session.defaultBalance?.balance).toBe('10000.00');
      expect(onBalanceChange).not.toHaveBeenCalled();
      expect(store.session.isLogin).toBe(true);
    });
  });
});
