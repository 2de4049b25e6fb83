import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { Banner } from '../../../contract/marketing';
import { SERVICE_NEWS_PATHS } from '../../../contract/paths';
import type { ServiceNews } from '../../../contract/experts';
import type { HttpClients } from '../../services/http';
import type { Scheduler } from '../../services/scheduler';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/** Where a banner area stands: home's top (the banner host's list) or a live room (its category of the images query). */
export type BannerScope = 'home' | 'room';

/**
 * The banner categories of each scope (docs/api.md "Banners"): 1 home top, 3 live room. Home reads the banner host's
 * own list (`ssapi/bannerList/search`, which answers category 1); a room asks the images query for category 3.
 */
export const BANNER_CATEGORIES: Record<BannerScope, string> = { home: '1', room: '3' };
/** How long one banner shows before the next while nobody points at or focuses the area. */
export const BANNER_ROTATE_MS = 5000;

/** One image of a banner row: the spec's `images` comma list gives one banner per image. */
export interface BannerSlide {
  key: string;
  image: string;
  title: string;
  link: string;
}

/** One slide per image of every row, in the rows' order. */
export function slidesOf(rows: readonly Banner[]): BannerSlide[] {
  return rows.flatMap((row) =>
    row.images
      .split(',')
      .map((image) => image.trim())
      .filter((image) => image !== '')
      .map((image, i) => ({ key: `${row.id}-${i}`, image, title: row.title, link: row.link })),
  );
}

export interface BannerEnv {
  http: HttpClients;
  scheduler: Scheduler;
  /** The interface language as the wire names it (CMN, ENG, ...). */
  language(): string;
  /** The merchant: the banner host's `pid`. */
  pid(): string;
}

/** A banner area's banners, the one shown, its rotation (paused on hover and focus) and the notice mark. */
export const BannerArea = types
  .model('BannerArea', {
    scope: types.enumeration<BannerScope>(['home', 'room']),
    status: types.optional(types.enumeration(['idle', 'loading', 'loaded', 'failed']), 'idle'),
    slides: types.frozen<BannerSlide[]>([]),
    index: 0,
    /** Pointer over the area or focus in it: the banner stays until they leave. */
    paused: false,
    /** An unread platform notice (the customer-service news' hasNotice): the area shows its mark. */
    hasNotice: false,
    /** The customer-service news (spec 001 section 3: hasNews, showMessageBubble), read with the notice. */
    news: types.maybe(types.frozen<ServiceNews>()),
    newsOpen: false,
  })
  .views((self) => ({
    get current(): BannerSlide | undefined {
      return self.slides[self.index];
    },
    get loopName() {
      return `banners:${self.scope}`;
    },
  }))
  .actions((self) => {
    /** Wraps round both ways. */
    const go = (index: number) => {
      const count = self.slides.length;
      if (count > 0) self.index = ((index % count) + count) % count;
    };
    return {
      go,
      next: () => go(self.index + 1),
      prev: () => go(self.index - 1),
    };
  })
  .actions((self) => ({
    setPaused(paused: boolean) {
      self.paused = paused;
    },
    load: flow(function* load() {
      const { http, language, pid } = getEnv<BannerEnv>(self);
      self.status = 'loading';
      try {
        const rows = (yield Promise.resolve(
          self.scope === 'home'
            ? http.banner.get('/ssapi/bannerList/search', { params: { pid: pid(), plat: 'pc', languageType: language() }, noAuth: true })
            : http.forehead.post(FOREHEAD_PATHS.bannerImages, { categoryId: BANNER_CATEGORIES[self.scope], plat: 'pc' }, { noAuth: true }),
        )) as Banner[];
        self.slides = slidesOf(rows);
        self.index = 0;
        self.status = 'loaded';
      } catch {
        self.status = 'failed';
      }
    }),
    /** The notice mark: a failure leaves it off (the banners do not depend on it). */
    loadNotice: flow(function* loadNotice() {
      try {
        const news = (yield Promise.resolve(getEnv<BannerEnv>(self).http.forehead.post(SERVICE_NEWS_PATHS.news, {}))) as ServiceNews;
        self.hasNotice = news.hasNotice;
        self.news = news;
      } catch {
        self.hasNotice = false;
      }
    }),
  }))
  .actions((self) => ({
    /** Opens the messages; a member's are marked read (the platform answers the news as it now stands). */
    openNews: flow(function* openNews(isLogin: boolean) {
      self.newsOpen = true;
      if (!isLogin || !self.news?.hasNews) return;
      try {
        self.news = (yield Promise.resolve(getEnv<BannerEnv>(self).http.forehead.post(SERVICE_NEWS_PATHS.read, { all: 1 }))) as ServiceNews;
        self.hasNotice = self.news.hasNotice;
      } catch {
        // Still unread: the bubble stays and the next open tries again.
      }
    }),
    /** Closing the messages also closes the bubble until something newer arrives (the platform keeps the time). */
    closeNews: flow(function* closeNews(isLogin: boolean) {
      self.newsOpen = false;
      if (!isLogin) return;
      try {
        self.news = (yield Promise.resolve(getEnv<BannerEnv>(self).http.forehead.post(SERVICE_NEWS_PATHS.bubbleClose, {}))) as ServiceNews;
      } catch {
        // The bubble shows again on the next load.
      }
    }),
  }))
  .actions((self) => ({
    /** Rotates through the scheduler (paused while the page is hidden); skipped while paused or with one banner. */
    start() {
      getEnv<BannerEnv>(self).scheduler.every(self.loopName, BANNER_ROTATE_MS, () => {
        if (!self.paused && self.slides.length > 1) self.next();
      }, { pauseWhenHidden: true });
    },
    stop() {
      getEnv<BannerEnv>(self).scheduler.stop(self.loopName);
    },
  }));
export type BannerAreaInstance = Instance<typeof BannerArea>;
