import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { ODDS_FORMATS } from '../../domain/odds';
import { formatMoney, isCurrency } from '../../domain/money';
import { LOCALES } from '../../services/i18n';
import { Button } from '../common/Button';
import { LIST_TABS } from '../matchList/listTabs';
import { SearchBox } from '../search/SearchBox';
import { useStore } from '../storeContext';
import styles from './Header.module.css';

export const Header = observer(function Header({ merchantName, embedded }: { merchantName: string; embedded: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const { session, settings, ui, matchList } = store;
  const balance = session.defaultBalance;
  const [onHome] = useRoute('/');
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {/* Embedded, the host's own header carries the operator's brand. */}
        {!embedded && (
          <span className={styles.brand}>
            <span className={styles.logo} aria-hidden="true" />
            <span className={styles.brandName}>{merchantName}</span>
            <span className={styles.product}>{t('app.name')}</span>
          </span>
        )}
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <Link
            href="/"
            className={onHome && ui.view === 'home' ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={onHome && ui.view === 'home' ? 'page' : undefined}
            onClick={() => store.showHome()}
          >
            {t('nav.home')}
          </Link>
          {LIST_TABS.map((tab) => {
            const current = ui.view === 'list' && matchList.type === tab.type;
            return (
              <button
                key={tab.type}
                type="button"
                className={current ? `${styles.tab} ${styles.active}` : styles.tab}
                aria-current={current ? 'page' : undefined}
                onClick={() => void store.openList({ type: tab.type })}
              >
                {t(tab.labelKey)}
              </button>
            );
          })}
          <button
            type="button"
            className={ui.view === 'hot' ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={ui.view === 'hot' ? 'page' : undefined}
            onClick={() => store.showHot()}
          >
            {t('nav.hot')}
          </button>
          <button
            type="button"
            className={ui.view === 'favourites' ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={ui.view === 'favourites' ? 'page' : undefined}
            onClick={() => store.showFavourites()}
          >
            {t('nav.favourites')}
            {store.favourites.count > 0 && <span className={styles.badge}>{store.favourites.count}</span>}
          </button>
          {session.isLogin && (
            <button
              type="button"
              className={ui.view === 'myBets' ? `${styles.tab} ${styles.active}` : styles.tab}
              aria-current={ui.view === 'myBets' ? 'page' : undefined}
              onClick={() => store.showMyBets()}
            >
              {t('nav.myBets')}
            </button>
          )}
        </nav>
        <div className={styles.tools}>
          <SearchBox />
          <label className={styles.field}>
            {/* The selects' values say what they are; their labels stay for screen readers and free the width. */}
            <span className="sp-visually-hidden">{t('settings.oddsFormat')}</span>
            <select className={styles.select} value={settings.oddsFormat} onChange={(e) => settings.setOddsFormat(Number(e.target.value))}>
              {ODDS_FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {t(f.i18nKey)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className="sp-visually-hidden">{t('settings.language')}</span>
            <select
              className={styles.select}
              value={settings.locale}
              disabled={settings.changingLocale}
              onChange={(e) => void settings.setLocale(e.target.value)}
            >
              {LOCALES.map((l) => (
                <option key={l.lng} value={l.lng} lang={l.lng}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          {/* Embedded, the host's header owns login and balance; standalone, the app shows its own. */}
          {!embedded &&
            (session.isLogin ? (
              <div className={styles.member}>
                <span className={styles.memberName}>{t('login.welcome', { name: session.displayName })}</span>
                {balance && (
                  <span className={styles.balance} data-testid="app-balance">
                    <span className={styles.fieldLabel}>{t('login.balance')}</span>
                    {isCurrency(balance.coinCode) ? formatMoney(balance.balance, balance.coinCode) : `${balance.balance} ${balance.coinCode}`}
                  </span>
                )}
                <Button variant="onDark" onClick={() => void session.signOut()}>
                  {t('login.logout')}
                </Button>
              </div>
            ) : (
              <Button onClick={() => ui.openLogin()}>{t('login.title')}</Button>
            ))}
        </div>
      </div>
    </header>
  );
});
