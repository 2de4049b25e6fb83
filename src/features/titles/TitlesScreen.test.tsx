import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import { memberTitlesSchema, titleObtainSchema, titlesSchema, titleWallSchema, type MemberTitle } from '../../../contract/liveRoom';
import { fakeAnswer } from '../../testing/contractFakes';
import { renderWithRoutes } from '../../testing/renderWithRoutes';
import { TitlesScreen } from './TitlesScreen';

const title = (id: number, name: string, over: Partial<MemberTitle> = {}): MemberTitle => ({
  id,
  name,
  icon: `/api/title/icon/${id}`,
  description: `How to get ${name}`,
  category: 'bets',
  sort: id,
  obtained: false,
  obtainedAt: null,
  worn: false,
  ...over,
});

const ROOKIE = title(1, 'Rookie', { obtained: true, obtainedAt: Date.UTC(2026, 10, 20, 4) });
const REGULAR = title(2, 'Regular');

const mount = (options: Parameters<typeof renderWithRoutes>[1] = {}) => renderWithRoutes(<TitlesScreen />, options);

const wall = (titles: MemberTitle[], wornTitleId: number | null = null) =>
  fakeAnswer(titleWallSchema, {
    userId: 1,
    nickname: 'demo',
    vipLevel: 4,
    wornTitleId,
    titles: titles.filter((each) => each.obtained).map(({ obtained: _o, worn: _w, ...rest }) => ({ ...rest, obtainedAt: rest.obtainedAt! })),
    total: 10,
  });

describe('<TitlesScreen>', () => {
  it('asks for the wall and every title again in a new language, leaving none of the old names', async () => {
    // In the request language, as the platform answers (the store is there once mounted; the first call is English).
    let root: { settings: { apiLanguage: string } } | undefined;
    const named = (english: string, chinese: string) => (root?.settings.apiLanguage === 'CMN' ? chinese : english);
    const { store } = await mount({
      routes: {
        [LIVE_ROOM_PATHS.titleWall]: () => wall([{ ...ROOKIE, name: named('Rookie', '新秀') }]),
      },
    });
    root = store;
    expect(await screen.findByText('Rookie')).toBeInTheDocument();
    await act(async () => {
      await store.settings.setLocale('zh-CN');
    });
    expect(await screen.findByText('新秀')).toBeInTheDocument();
    expect(screen.queryByText('Rookie')).toBeNull();
  });

  it("shows the member's wall: VIP level, the worn title and what they obtained", async () => {
    const { http } = await mount({ routes: { [LIVE_ROOM_PATHS.titleWall]: () => wall([ROOKIE, REGULAR], 1) } });
    expect(await screen.findByTestId('titles-vip')).toHaveTextContent('V4');
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.titleWall, { userId: 1 });
    expect(screen.getByTestId('titles-worn')).toHaveTextContent('Rookie');
    expect(screen.getByText('1 of 10 obtained')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Title wall' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('RookieWorn');
    expect(items[0]).toHaveTextContent('Obtained Nov 20, 2026');
  });

  it('says so when no title is obtained yet, and retries a failed wall', async () => {
    let fail = true;
    await mount({ routes: { [LIVE_ROOM_PATHS.titleWall]: () => (fail ? Promise.reject(new Error('down')) : wall([REGULAR])) } });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No titles yet: bet, follow anchors or watch rooms to earn them.')).toBeInTheDocument();
    expect(screen.getByTestId('titles-worn')).toHaveTextContent('None');
  });

  it('wears an obtained title and takes it off from the list; a title not obtained has no wear button', async () => {
    let worn: number | null = null;
    const { http } = await mount({
      routes: {
        [LIVE_ROOM_PATHS.titleWall]: () => wall([ROOKIE, REGULAR]),
        [LIVE_ROOM_PATHS.titleList]: () => fakeAnswer(memberTitlesSchema, [ROOKIE, REGULAR]),
        [LIVE_ROOM_PATHS.titleSet]: (body) => {
          worn = (body.titleId as number) || null;
          return { wornTitleId: worn };
        },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'All titles' }));
    const list = await screen.findByRole('list', { name: 'All titles' });
    const [rookie, regular] = within(list).getAllByRole('listitem');
    expect(within(regular!).queryByRole('button', { name: 'Wear' })).not.toBeInTheDocument();
    expect(regular).toHaveTextContent('Not obtained');

    await userEvent.click(within(rookie!).getByRole('button', { name: 'Wear' }));
    expect(http.forehead.post).toHaveBeenCalledWith(LIVE_ROOM_PATHS.titleSet, { titleId: 1 });
    expect(await within(rookie!).findByRole('button', { name: 'Take off' })).toBeInTheDocument();
    expect(rookie).toHaveAttribute('data-worn', 'true');
    expect(screen.getByText('Wearing “Rookie”')).toBeInTheDocument();

    await userEvent.click(within(rookie!).getByRole('button', { name: 'Take off' }));
    expect(http.forehead.post).toHaveBeenLastCalledWith(LIVE_ROOM_PATHS.titleSet, { titleId: 0 });
    expect(await within(rookie!).findByRole('button', { name: 'Wear' })).toBeInTheDocument();
    expect(screen.getByText('Title taken off')).toBeInTheDocument();
    expect(worn).toBeNull();
  });

  it('toasts a refused change and keeps the title as it was', async () => {
    await mount({
      routes: {
        [LIVE_ROOM_PATHS.titleWall]: () => wall([ROOKIE]),
        [LIVE_ROOM_PATHS.titleList]: () => fakeAnswer(memberTitlesSchema, [ROOKIE]),
        [LIVE_ROOM_PATHS.titleSet]: () => Promise.reject(new Error('titleId: 1 is not obtained')),
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'All titles' }));
    const rookie = within(await screen.findByRole('list', { name: 'All titles' })).getAllByRole('listitem')[0]!;
    await userEvent.click(within(rookie).getByRole('button', { name: 'Wear' }));
    expect(await screen.findByText('Could not change the title')).toBeInTheDocument();
    expect(screen.getByText('titleId: 1 is not obtained')).toBeInTheDocument();
    expect(rookie).toHaveAttribute('data-worn', 'false');
    expect(within(rookie).getByRole('button', { name: 'Wear' })).toBeEnabled();
  });

  it("opens a title's conditions and progress", async () => {
    await mount({
      routes: {
        [LIVE_ROOM_PATHS.titleWall]: () => wall([]),
        [LIVE_ROOM_PATHS.titleList]: () => fakeAnswer(memberTitlesSchema, [REGULAR]),
        [LIVE_ROOM_PATHS.titleObtain]: (body) =>
          fakeAnswer(titleObtainSchema, { titleId: body.titleId as number, name: 'Regular', obtained: false, obtainedAt: null, conditions: [{ description: 'Bets the book took', current: 5, target: 20, met: false }], progress: 25 }),
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'All titles' }));
    const toggle = await screen.findByRole('button', { name: 'How to obtain' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const progress = await screen.findByRole('region', { name: 'How to obtain “Regular”' });
    expect(await within(progress).findByText('Bets the book took: 5 / 20')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: '25% done' })).toHaveAttribute('value', '25');
  });

  it('shows a visitor the catalogue and asks them to sign in', async () => {
    const { store } = await mount({
      member: false,
      routes: { [LIVE_ROOM_PATHS.titleCatalogue]: () => fakeAnswer(titlesSchema, [ROOKIE, REGULAR].map(({ obtained: _o, obtainedAt: _a, worn: _w, ...rest }) => rest)) },
    });
    expect(await screen.findByText('How to get Regular')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(store.ui.loginDialogOpen).toBe(true));
  });
});
