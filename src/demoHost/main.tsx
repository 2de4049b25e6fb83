import { loadMicroApp, type MicroApp } from 'qiankun';
import { StrictMode, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { PATH_CHANGE_EVENT, type HostProps } from '../host/hostProps';
import { hostApi, type SignedIn } from './hostApi';
import styles from './host.module.css';

/**
 * A small operator site, as a real host would be: its own header with login, balance, language and odds format,
 * and the sportsbook embedded with qiankun. Everything the app learns about the member arrives as props, and
 * every change goes through the micro app's update(props), never a remount.
 */
const LANGUAGES = [
  { code: 'CMN', label: '简体中文' },
  { code: 'zh-TW', label: '繁體中文' },
  { code: 'ENG', label: 'English' },
  { code: 'VIE', label: 'Tiếng Việt' },
  { code: 'THA', label: 'ไทย' },
];
const ODDS_FORMATS = [
  { id: 1, label: 'Decimal 欧洲盘' },
  { id: 2, label: 'Hong Kong 香港盘' },
  { id: 3, label: 'Malay 马来盘' },
  { id: 4, label: 'Indonesian 印尼盘' },
];
const BALANCE_REFRESH_MS = 10_000;
const SPORTS_PATH = '/newSport';
const LOBBY_PATH = '/newSport/lobby';

function HostSite() {
  const [login, setLogin] = useState<SignedIn | null>(null);
  const [language, setLanguage] = useState(() => localStorage.getItem('demo-host:language') ?? 'CMN');
  const [handicap, setHandicap] = useState(() => Number(localStorage.getItem('demo-host:handicap') ?? 1));
  const [page, setPage] = useState<'sports' | 'lobby'>(() => (location.pathname.startsWith(LOBBY_PATH) ? 'lobby' : 'sports'));
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [appFailed, setAppFailed] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const microApp = useRef<MicroApp | null>(null);

  // A stored session is restored before the app mounts, so a member who reloads the page is signed in from the app's
  // first render (mounting first showed a visitor until the next balance refresh).
  const [restoring, setRestoring] = useState(() => hostApi.storedToken() !== null);
  useEffect(() => {
    const token = hostApi.storedToken();
    if (!token) return;
    hostApi
      .refresh(token)
      .then(setLogin, () => hostApi.forget())
      .finally(() => setRestoring(false));
  }, []);

  useEffect(() => {
    if (!login) return undefined;
    const timer = setInterval(() => {
      hostApi.refresh(login.token).then(setLogin, () => undefined);
    }, BALANCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [login?.token]);

  const onSessionCode = useCallback((code: number) => {
    hostApi.forget();
    setLogin(null);
    setNotice(`Session ended (code ${code}). Please log in again.`);
    usernameInput.current?.focus();
  }, []);
  const requestLogin = useCallback(() => {
    setNotice('Please log in to place bets.');
    usernameInput.current?.focus();
  }, []);
  const onSettingsChange = useCallback((change: { language?: string; handicap?: number }) => {
    if (change.language) setLanguage(change.language);
    if (change.handicap) setHandicap(change.handicap);
  }, []);

  // The app hands over fresh balances after a bet or cash out; the 10 s refresh still catches settlements.
  const onBalanceChange = useCallback((change: Pick<SignedIn, 'balance' | 'coinBalance'>) => {
    setLogin((current) => (current ? { ...current, ...change } : current));
  }, []);

  const props: HostProps = {
    merchantId: 'demo',
    isLogin: Boolean(login),
    token: login?.token,
    userData: login?.userData,
    balance: login?.balance,
    coinBalance: login?.coinBalance,
    setting: { ...login?.setting, handicap },
    AllInMaintain: login?.AllInMaintain ?? false,
    anchorProxyEnable: login?.anchorProxyEnable,
    memberTitles: login?.memberTitles,
    language,
    onSessionCode,
    requestLogin,
    onSettingsChange,
    onBalanceChange,
  };
  const latestProps = useRef(props);
  latestProps.current = props;

  useEffect(() => {
    localStorage.setItem('demo-host:language', language);
    localStorage.setItem('demo-host:handicap', String(handicap));
  }, [language, handicap]);

  useEffect(() => {
    if (page !== 'sports' || restoring || !container.current) return undefined;
    const app = loadMicroApp({ name: 'sport-pc', entry: '/spa/sport-pc/', container: container.current, props: latestProps.current }, { sandbox: { experimentalStyleIsolation: false } });
    microApp.current = app;
    // A failed download would leave a blank page. qiankun keeps the failed fetch in its cache for the page's life, so
    // the way back is a reload, which the notice offers.
    app.mountPromise.catch((error: unknown) => {
      console.warn('sport-pc did not load', error);
      if (microApp.current === app) setAppFailed(true);
    });
    return () => {
      microApp.current = null;
      app.unmount().catch(() => undefined);
    };
  }, [page, restoring]);

  useEffect(() => {
    const app = microApp.current;
    if (!app) return;
    // update exists once the app has mounted: a change while it mounts (its props were read at loadMicroApp) is passed
    // on when the mount is done.
    app.mountPromise.then(() => app.update?.(latestProps.current)).catch(() => undefined);
  }, [login, language, handicap]);

  const go = (next: 'sports' | 'lobby') => {
    if (next === 'sports' && page === 'sports') {
      window.dispatchEvent(new CustomEvent(PATH_CHANGE_EVENT, { detail: { path: '/' } }));
      return;
    }
    history.pushState(null, '', next === 'sports' ? SPORTS_PATH : LOBBY_PATH);
    setPage(next);
  };

  const onLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setNotice(null);
    try {
      setLogin(await hostApi.signIn(String(form.get('username') ?? ''), String(form.get('password') ?? '')));
    } catch (error) {
      setNotice(error instanceof Error ? error.message : 'Login failed');
    } finally {
      setBusy(false);
    }
  };

  const defaultBalance = login?.balance?.balanceList.find((b) => b.isDefault) ?? login?.balance?.balanceList[0];

  return (
    <div className={styles.site}>
      <header className={styles.header}>
        <span className={styles.logo}>Demo Casino</span>
        <nav className={styles.nav} aria-label="Site">
          <button type="button" className={page === 'sports' ? styles.navActive : styles.navItem} onClick={() => go('sports')}>
            Sports
          </button>
          <button type="button" className={page === 'lobby' ? styles.navActive : styles.navItem} onClick={() => go('lobby')}>
            Lobby
          </button>
        </nav>
        <div className={styles.controls}>
          <label className={styles.control}>
            <span>Language</span>
            <select value={language} onChange={(e) => setLanguage(e.target.value)} data-testid="host-language">
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.control}>
            <span>Odds</span>
            <select value={handicap} onChange={(e) => setHandicap(Number(e.target.value))} data-testid="host-odds-format">
              {ODDS_FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          {login ? (
            <div className={styles.member}>
              <span>{login.userData?.nickname ?? login.userData?.username}</span>
              <span className={styles.balance} data-testid="host-balance">
                {defaultBalance ? `${defaultBalance.coinCode} ${defaultBalance.balance}` : '-'}
              </span>
              <button type="button" className={styles.ghost} onClick={() => void hostApi.signOut(login.token).then(() => setLogin(null))}>
                Sign out
              </button>
            </div>
          ) : (
            <form className={styles.login} onSubmit={onLogin} aria-label="Log in">
              <input ref={usernameInput} name="username" placeholder="Username" aria-label="Username" autoComplete="username" required />
              <input name="password" type="password" placeholder="Password" aria-label="Password" autoComplete="current-password" required />
              <button type="submit" className={styles.primary} disabled={busy}>
                Log in
              </button>
            </form>
          )}
        </div>
      </header>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {page === 'sports' && appFailed && (
        <p className={styles.notice} role="alert">
          The sportsbook could not be loaded. Check the connection and try again.{' '}
          <button type="button" className={styles.primary} onClick={() => location.reload()}>
            Reload
          </button>
        </p>
      )}
      {page === 'sports' ? (
        <div ref={container} className={styles.container} id="sport-pc-container" />
      ) : (
        <main className={styles.lobby}>
          <h1>Lobby</h1>
          <p>The operator's other products live here. Choose Sports to open the sportsbook.</p>
        </main>
      )}
    </div>
  );
}

createRoot(document.getElementById('host-root')!).render(
  <StrictMode>
    <HostSite />
  </StrictMode>,
);
