import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Banner } from '../../../contract/marketing';
import { SERVICE_NEWS_PATHS } from '../../../contract/paths';
import { memberState } from '../../testing/bettingFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { BANNER_ROTATE_MS, slidesOf } from './banners';
import { BannerView } from './BannerView';

const row = (id: number, images: string, link = '/newSport?view=hot'): Banner => ({ id, categoryId: Math.floor(id / 100), images, link, title: `Banner ${id}`, sort: id % 100 });

const NEWS = { hasNews: true, showMessageBubble: true, hasNotice: true, unreadCount: 2, list: [{ id: 5, kind: 2 as const, title: 'Refund', content: 'Your coins <b>came back</b>', publishTime: 1_700_000_000_000, isRead: 0 as const }] };

async function mount(scope: 'home' | 'room', rows: Banner[] | Error, notice = false, news?: typeof NEWS, member = false) {
  return renderWithStore(<BannerView scope={scope} />, {
    before: ({ http, store }) => {
      if (member) store.applyHostProps(memberState());
      // Once the locale files are read: i18next's loading waits on timers of its own.
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const answer = async () => {
        if (rows instanceof Error) throw rows;
        return rows;
      };
      http.banner.get.mockImplementation(answer);
      http.forehead.post.mockImplementation(async (url) => {
        if (url === SERVICE_NEWS_PATHS.news) return news ?? { hasNews: false, showMessageBubble: false, hasNotice: notice, unreadCount: 0, list: [] };
        if (url === SERVICE_NEWS_PATHS.read) return { ...NEWS, hasNews: false, hasNotice: false, unreadCount: 0, list: NEWS.list.map((i) => ({ ...i, isRead: 1 })) };
        if (url === SERVICE_NEWS_PATHS.bubbleClose) return { ...NEWS, hasNews: false, showMessageBubble: false, hasNotice: false, unreadCount: 0 };
        return answer();
      });
    },
  });
}

const shown = () => screen.getByRole('group', { name: /^Banner \d of \d$/ }).getAttribute('aria-label');
const tick = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

afterEach(() => {
  jest.useRealTimers();
});

it('makes one banner per image of the comma lists, in order', () => {
  expect(slidesOf([row(101, 'a.svg,b.svg'), row(102, ' c.svg ,')]).map((s) => s.image)).toEqual(['a.svg', 'b.svg', 'c.svg']);
});

describe('<BannerView>', () => {
  it("reads home's banners from the banner host with the merchant, platform and language", async () => {
    const { http } = await mount('home', [row(101, '/a.svg,/b.svg')]);
    expect(http.banner.get).toHaveBeenCalledWith('/ssapi/bannerList/search', expect.objectContaining({ params: { pid: 'default', plat: 'pc', languageType: 'ENG' } }));
    expect(screen.getByRole('img', { name: 'Banner 101' })).toHaveAttribute('src', '/a.svg');
    expect(shown()).toBe('Banner 1 of 2');
  });

  it("asks a live room's category of the images query", async () => {
    const { http } = await mount('room', [row(301, '/r.svg')]);
    expect(http.forehead.post).toHaveBeenCalledWith('/api/forehead/system/config/images/query', { categoryId: '3', plat: 'pc' }, { noAuth: true });
    // One banner: nothing to rotate or move between.
    expect(screen.queryByRole('button', { name: 'Next banner' })).toBeNull();
  });

  it('rotates, and holds still while pointed at or focused', async () => {
    await mount('home', [row(101, '/a.svg,/b.svg,/c.svg')]);
    await tick(BANNER_ROTATE_MS);
    expect(shown()).toBe('Banner 2 of 3');
    const area = screen.getByRole('region', { name: 'Announcements' });
    fireEvent.mouseEnter(area);
    await tick(BANNER_ROTATE_MS * 3);
    expect(shown()).toBe('Banner 2 of 3');
    fireEvent.mouseLeave(area);
    await tick(BANNER_ROTATE_MS);
    expect(shown()).toBe('Banner 3 of 3');
    act(() => screen.getByRole('button', { name: 'Next banner' }).focus());
    await tick(BANNER_ROTATE_MS * 2);
    expect(shown()).toBe('Banner 3 of 3');
  });

  it('moves by the buttons, the dots and the arrow keys, wrapping round', async () => {
    await mount('home', [row(101, '/a.svg,/b.svg,/c.svg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toBe('Banner 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('Banner 1 of 3');
    const area = screen.getByRole('region', { name: 'Announcements' });
    fireEvent.keyDown(area, { key: 'ArrowRight' });
    expect(shown()).toBe('Banner 2 of 3');
    fireEvent.keyDown(area, { key: 'ArrowLeft' });
    fireEvent.keyDown(area, { key: 'ArrowLeft' });
    expect(shown()).toBe('Banner 3 of 3');
    fireEvent.click(within(area).getByRole('button', { name: 'Banner 2 of 3' }));
    expect(shown()).toBe('Banner 2 of 3');
  });

  it("opens the screen the banner's link names", async () => {
    const { store } = await mount('home', [row(101, '/a.svg', '/newSport?view=hot')]);
    fireEvent.click(screen.getByRole('button', { name: 'Banner 101' }));
    expect(store.ui.view).toBe('hot');
  });

  it('shows nothing without banners or when they fail, and the notice mark when there is one', async () => {
    const failed = await mount('home', new Error('down'));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    failed.unmount();
    jest.useRealTimers();
    await mount('home', [row(101, '/a.svg')], true);
    expect(screen.getByRole('status')).toHaveTextContent('New announcement');
  });
});

describe('the customer-service bubble', () => {
  it("marks a member's messages read on opening and closes the bubble with them", async () => {
    const { http } = await mount('home', [row(101, '/a.svg')], false, NEWS, true);
    fireEvent.click(screen.getByRole('button', { name: 'Customer service: 2 new messages' }));
    await act(async () => undefined);
    expect(http.forehead.post).toHaveBeenCalledWith(SERVICE_NEWS_PATHS.read, { all: 1 });
    const dialog = screen.getByRole('dialog', { name: 'Customer service messages', hidden: true });
    expect(within(dialog).getByRole('listitem', { hidden: true })).toHaveAttribute('data-read', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    fireEvent(dialog, new Event('close'));
    await act(async () => undefined);
    expect(http.forehead.post).toHaveBeenCalledWith(SERVICE_NEWS_PATHS.bubbleClose, {});
    expect(screen.queryByRole('button', { name: /Customer service/ })).toBeNull();
  });

  it('shows a visitor the unread count and the messages as text, marking nothing', async () => {
    const { http, store } = await mount('home', [row(101, '/a.svg')], false, NEWS);
    expect(http.forehead.post).not.toHaveBeenCalledWith(SERVICE_NEWS_PATHS.read, expect.anything());
    // A visitor's bubble opens the messages without marking anything.
    fireEvent.click(screen.getByRole('button', { name: 'Customer service: 2 new messages' }));
    expect(http.forehead.post).not.toHaveBeenCalledWith(SERVICE_NEWS_PATHS.read, expect.anything());
    const dialog = screen.getByRole('dialog', { name: 'Customer service messages', hidden: true });
    expect(within(dialog).getByText('Your coins <b>came back</b>')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(store.session.isLogin).toBe(false);
  });
});
