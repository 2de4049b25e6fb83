import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import { ODDS_FORMATS } from '../../../../domain/odds';
import { formatMoney, isCurrency } from '../../../../domain/money';
import { LOCALES } from '../../domain/locales';
import { Button } from '../common/Button';
import { LIST_TABS } from '../../../features/lists/listTabs';
import { SearchBox } from '../../../features/search/SearchBox';
import { useStore } from '../storeContext';
import styles from './Header.module.css';
import { PriorityNav, type NavItem } from './PriorityNav';

export const Header = observer(function Header({ merchantName, embedded }: { merchantName: string; embedded: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const { session, settings, ui, matchList } = store;
  const balance = session.defaultBalance;
  const [onHome] = useRoute('/');
  const navItems: NavItem[] = [
    { key: 'home', label: t('nav.home'), href: '/', current: onHome && ui.view === 'home', onSelect: () => store.showScreen('home') },
    // The live lobby: every room on air or about to be, one click from any screen (issue 31).
    { key: 'live', label: t('nav.live'), current: ui.view === 'lobby' || ui.view === 'room', onSelect: () => store.showScreen('lobby') },
    ...LIST_TABS.map((tab) => ({
      key: `list-${tab.type}`,
      label: t(tab.labelKey),
      current: ui.view === 'list' && matchList.type === tab.type,
      onSelect: () => void store.openList({ type: tab.type }),
    })),
    { key: 'hot', label: t('nav.hot'), current: ui.view === 'hot', onSelect: () => store.showScreen('hot') },
    {
      key: 'favourites',
      label: t('nav.favourites'),
      current: ui.view === 'favourites',
      onSelect: () => store.showScreen('favourites'),
      badge: store.favourites.count > 0 ? <span className={styles.badge}>{store.favourites.count}</span> : undefined,
    },
    ...(session.isLogin
      ? [
          { key: 'myBets', label: t('nav.myBets'), current: ui.view === 'myBets', onSelect: () => store.showScreen('myBets') },
          { key: 'settings', label: t('nav.settings'), current: ui.view === 'settings', onSelect: () => store.showScreen('settings') },
          { key: 'titles', label: t('nav.titles'), current: ui.view === 'titles', onSelect: () => store.showScreen('titles') },
        ]
      : []),
    { key: 'results', label: t('nav.results'), current: ui.view === 'results', onSelect: () => store.showScreen('results') },
  ];
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
        <PriorityNav label={t('nav.label')} items={navItems} />
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
