import { getEnv } from 'mobx-state-tree';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Env } from '../../core/store/env';
import { parseScreen, showScreen } from '../home/screenUrl';
import { Dialog } from '../../core/ui/common/Dialog';
import { useStore } from '../../core/ui/storeContext';
import { BannerArea, type BannerAreaInstance, type BannerScope } from './banners';
import styles from './BannerView.module.css';

/**
 * A banner area (spec 001 section 3): one banner per image, rotating every few seconds, paused while pointed at or
 * focused; Previous and Next buttons, the arrow keys inside the area, and a dot per banner. A click opens the screen
 * the banner's link names (the address parameters of screenUrl.ts). Nothing shows while loading or without banners:
 * the area is decoration above the real content, so it never pushes it down with a placeholder or an error.
 */
export const BannerView = observer(function BannerView({ scope }: { scope: BannerScope }) {
  const { t } = useTranslation();
  const store = useStore();
  const [area] = useState(() => {
    const { http, scheduler } = getEnv<Env>(store);
    return BannerArea.create({ scope }, { http, scheduler, language: () => store.settings.apiLanguage, pid: () => store.ui.merchantId });
  });
  const language = store.settings.apiLanguage;
  useEffect(() => {
    void area.load();
    void area.loadNotice();
  }, [area, language, store.session.isLogin]);
  useEffect(() => {
    area.start();
    return () => area.stop();
  }, [area]);

  const current = area.current;
  if (!current) return <NewsBubble area={area} />;
  const count = area.slides.length;
  const id = `sp-banners-${scope}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const move = { ArrowLeft: () => area.prev(), ArrowRight: () => area.next() }[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const open = () => {
    const search = new URL(current.link, window.location.origin).search;
    showScreen(store, parseScreen(search));
  };
  return (
    <section
      className={styles.area}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-banner-scope={scope}
      onMouseEnter={() => area.setPaused(true)}
      onMouseLeave={() => area.setPaused(false)}
      onFocus={() => area.setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) area.setPaused(false);
      }}
      onKeyDown={onKeyDown}
    >
      {/* Announced only while it holds still: a rotating area would talk over the page. */}
      <div id={id} className={styles.viewport} aria-live={area.paused ? 'polite' : 'off'}>
        <div role="group" aria-roledescription="slide" aria-label={t('home.bannerOf', { n: area.index + 1, count })} data-banner-index={area.index}>
          <button type="button" className={styles.slide} onClick={open}>
            <img className={styles.image} src={current.image} alt={current.title} />
          </button>
        </div>
      </div>
      {area.hasNotice && (
        <span className={styles.notice} role="status">
          {t('home.notice')}
        </span>
      )}
      <NewsBubble area={area} />
      {count > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} aria-controls={id} aria-label={t('home.bannerPrev')} onClick={() => area.prev()}>
            ‹
          </button>
          <span className={styles.dots}>
            {area.slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className={styles.dot}
                aria-controls={id}
                aria-current={i === area.index}
                aria-label={t('home.bannerOf', { n: i + 1, count })}
                onClick={() => area.go(i)}
              />
            ))}
          </span>
          <button type="button" className={styles.arrow} aria-controls={id} aria-label={t('home.bannerNext')} onClick={() => area.next()}>
            ›
          </button>
        </div>
      )}
    </section>
  );
});

/**
 * The customer-service news bubble (spec 001 section 3): shown while `showMessageBubble` says an unread item is newer
 * than the member's last close; it opens the messages (marking them read), and closing them closes the bubble.
 */
const NewsBubble = observer(function NewsBubble({ area }: { area: BannerAreaInstance }) {
  const { t, i18n } = useTranslation();
  const { session } = useStore();
  const news = area.news;
  if (!news) return null;
  return (
    <>
      {news.showMessageBubble && (
        <button type="button" className={styles.bubble} onClick={() => void area.openNews(session.isLogin)}>
          {t('home.csNewsUnread', { count: news.unreadCount })}
        </button>
      )}
      <Dialog open={area.newsOpen} title={t('home.csTitle')} onClose={() => void area.closeNews(session.isLogin)}>
        {news.list.length === 0 ? (
          <p>{t('home.csEmpty')}</p>
        ) : (
          <ul className={styles.newsList}>
            {news.list.map((item) => (
              <li key={item.id} data-read={item.isRead === 1}>
                <strong>{item.title}</strong> <time dateTime={new Date(item.publishTime).toISOString()}>{new Date(item.publishTime).toLocaleString(i18n.language)}</time>
                <p className={styles.newsText}>{item.content}</p>
              </li>
            ))}
          </ul>
        )}
        <form method="dialog">
          <button type="submit" className={styles.close}>
            {t('home.csClose')}
          </button>
        </form>
      </Dialog>
    </>
  );
});
