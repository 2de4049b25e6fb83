import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { observable, runInAction } from 'mobx';
import { I18nextProvider } from 'react-i18next';
import { EXPERTS_PATHS } from '../../contract/paths';
import type { AddPickOutcome, SlipPick } from '../../src/sdk';
import { betSlipRef, httpRef, liveRoomTabPoint, pluginScreenPoint, screenRef, sessionRef } from '../../src/sdk';
import { createKernelEvents, createTestI18n, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../src/sdk/testing';
import plugin from './index';
import { comment, message, page, person, rule } from './testData';

type Answer = unknown | Error | (() => Promise<unknown>);
type Routes = Record<string, Answer[]>;

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
  await i18n.loadNamespaces(['common', 'experts']);
});

/** The forehead client: each path answers its queued answers in turn (the last one again), every call recorded. */
function forehead(routes: Routes) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const answer = (path: string, body: unknown) => {
    calls.push({ path, body });
    const queue = routes[path];
    if (!queue || queue.length === 0) return Promise.reject(new Error(`no answer for ${path}`));
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next instanceof Error) return Promise.reject(next);
    if (typeof next === 'function') return (next as () => Promise<unknown>)();
    return Promise.resolve(next);
  };
  return {
    calls,
    get: jest.fn((path: string, config?: { params?: unknown }) => answer(path, config?.params)),
    post: jest.fn((path: string, body?: unknown) => answer(path, body)),
  };
}

async function settle() {
  for (let i = 0; i < 20; i++) {
    await act(async () => {
      for (let j = 0; j < 10; j++) await Promise.resolve();
    });
  }
}

/**
 * The app's screen opener as the page's address keeps it: opening the experts screen with a detail writes it, and the
 * screen reads it back (observable, as the app's store is); `detail` is the address the page was loaded with.
 */
function addressBar(detail?: string) {
  const address = observable.box<string | undefined>(detail);
  const open = jest.fn((_screen: string, next?: string) => runInAction(() => address.set(next)));
  return { open, address, get detail() { return address.get(); } };
}

async function mount(routes: Routes, { isLogin = true, where = 'screen' as 'screen' | 'program', detail = undefined as string | undefined, timeZone = 'Asia/Shanghai', addPick = jest.fn(async (_pick: SlipPick): Promise<AddPickOutcome> => 'added') } = {}) {
  const client = forehead(routes);
  const screens = addressBar(detail);
  const { open } = screens;
  const services = provideServices([httpRef, { forehead: client } as never], [sessionRef, { isLogin, timeZone }], [screenRef, screens], [betSlipRef, { add: jest.fn(), addPick }]);
  const plugins = loadPlugins({ plugins: [{ id: 'live-experts', enabled: true, options: {} }] }, registryOf(plugin), { services });
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <KernelProvider value={{ plugins, services, events: createKernelEvents() }}>
          {where === 'screen' ? (
            <Slot point={pluginScreenPoint} select={{ screen: 'experts' }} render={(m) => <m.Screen />} />
          ) : (
            <Slot point={liveRoomTabPoint} select={{ tab: 'program' }} render={(m) => <m.Panel liveRoomId={1} matchId={501} sportId={1} hostId={2} moneyMoved={() => {}} signIn={() => {}} />} />
          )}
        </KernelProvider>
      </I18nextProvider>,
    );
  });
  await settle();
  return { client, open, address: screens.address };
}

const never = () => new Promise<never>(() => undefined);
const P = EXPERTS_PATHS;

describe('the programs list', () => {
  it('shows placeholders while page 1 loads', async () => {
    await mount({ [P.messageList]: [never] });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('says it failed and loads again on Retry', async () => {
    await mount({ [P.messageList]: [new Error('down'), page([message()], { total: 1, isLastPage: true })] });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Loading failed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('button', { name: /Lions to win at home/ })).toBeInTheDocument();
  });

  it("shows times in the operator's time zone, not the browser's", async () => {
    // 16:30 UTC on 20 November is half past midnight on the 21st in Shanghai (the browser's zone here is UTC).
    await mount({ [P.messageList]: [page([message({ publishTime: Date.UTC(2026, 10, 20, 16, 30) })], { isLastPage: true })] }, { timeZone: 'Asia/Shanghai' });
    expect(screen.getByRole('button', { name: /Lions to win at home/ })).toHaveTextContent('11/21, 00:30');
  });

  it('says when there are none', async () => {
    await mount({ [P.messageList]: [page([], { total: 0, isLastPage: true })] });
    expect(screen.getByText('No programs yet')).toBeInTheDocument();
  });

  it('appends the next page on More and drops More on the last page', async () => {
    const { client } = await mount({
      [P.messageList]: [page([message({ id: 1, sportsTitle: 'First' })], { total: 2 }), page([message({ id: 2, sportsTitle: 'Second' })], { pageNum: 2, total: 2, isLastPage: true })],
    });
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await settle();
    expect(client.calls.filter((c) => c.path === P.messageList).map((c) => (c.body as { page: number }).page)).toEqual([1, 2]);
    expect(screen.getByRole('button', { name: /First/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Second/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});

describe('the expert lists', () => {
  it('shows the experts in groups of 8', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => person({ id: i + 1, name: `Expert ${i + 1}` }));
    await mount({ [P.messageList]: [page([])], [P.personList]: [page(ten, { total: 12 })] });
    fireEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    await settle();
    expect(within(screen.getByRole('list', { name: 'Experts 1 to 8' })).getAllByRole('listitem')).toHaveLength(8);
    expect(within(screen.getByRole('list', { name: 'Experts 9 to 10' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers following and my comments to members only, each with its empty state', async () => {
    await mount({ [P.messageList]: [page([])], [P.attentionList]: [page([], { total: 0, isLastPage: true })], [P.myCommentList]: [page([], { total: 0, isLastPage: true })], [P.godList]: [new Error('down')] });
    fireEvent.click(screen.getByRole('tab', { name: 'Following' }));
    await settle();
    expect(screen.getByText('You follow no experts yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'My comments' }));
    await settle();
    expect(screen.getByText('You have not commented yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Top experts' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Loading failed');
  });

  it('hides the member tabs from a visitor', async () => {
    await mount({ [P.messageList]: [page([])] }, { isLogin: false });
    expect(screen.queryByRole('tab', { name: 'Following' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'My comments' })).toBeNull();
  });
});

describe("an expert's detail", () => {
  it('shows the record, follows and lists now and history', async () => {
    const { client } = await mount({
      [P.messageList]: [page([])],
      [P.personList]: [page([person()], { isLastPage: true })],
      [P.personDetail]: [new Error('down'), person()],
      [P.personMessages]: [page([message({ sportsTitle: 'Open tip' })], { isLastPage: true }), page([], { total: 0, isLastPage: true })],
      [P.attention]: [{ professorId: 3, isAttention: 1, subscribed: 9 }],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Coach Li/ }));
    await settle();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('heading', { name: /Coach Li/ })).toBeInTheDocument();
    expect(screen.getByText('60.00%')).toBeInTheDocument();
    expect(screen.getByText('12 of 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Open tip/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await settle();
    expect(client.calls.find((c) => c.path === P.attention)?.body).toEqual({ professorId: 3, isAttention: 1 });
    expect(screen.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    await settle();
    expect(screen.getByText('No settled programs yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Experts' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("the detail's own address", () => {
  const routes = (): Routes => ({
    [P.messageList]: [page([])],
    [P.personList]: [page([person()], { isLastPage: true })],
    [P.personDetail]: [person()],
    [P.personMessages]: [page([message({ sportsTitle: 'Open tip' })], { isLastPage: true })],
  });

  it('opens an expert from a shared or reloaded address, and Back returns to the list', async () => {
    const { open, address } = await mount(routes(), { detail: 'expert-3' });
    expect(screen.getByRole('heading', { name: /Coach Li/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Experts' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(open).toHaveBeenLastCalledWith('experts', undefined);
    expect(address.get()).toBeUndefined();
    expect(screen.getByRole('tab', { name: 'Programs' })).toBeInTheDocument();
  });

  it("writes the expert it opens into the address, and the browser's Back (the address going back) closes it", async () => {
    const { open, address } = await mount(routes());
    fireEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Coach Li/ }));
    await settle();
    expect(open).toHaveBeenLastCalledWith('experts', 'expert-3');
    expect(screen.getByRole('heading', { name: /Coach Li/ })).toBeInTheDocument();
    act(() => runInAction(() => address.set(undefined)));
    await settle();
    expect(screen.getByRole('tab', { name: 'Experts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the tabs for an address it does not name', async () => {
    await mount(routes(), { detail: 'expert-x' });
    expect(screen.getByRole('tab', { name: 'Programs' })).toBeInTheDocument();
  });
});

describe("a program's detail", () => {
  const locked = message({ id: 7, goldPrice: '12.00', canRead: false, content: null, picks: null, openBackGold: 1, returnGoldPercentage: 50 });
  const bought = { ...locked, isBuy: 1 as const, payTime: 1_700_000_000_000, canRead: true, content: 'Lions press high <b>early</b>', picks: [{ matchId: 501, sportId: 1, marketId: 9001, optionType: 'h', play: '1X2', selection: 'Lions', odds: '1.85' }] };

  it('unlocks after confirmation and shows the content as text', async () => {
    const { client } = await mount({
      [P.messageList]: [page([locked], { isLastPage: true })],
      [P.messageDetail]: [locked],
      [P.commentRule]: [rule()],
      [P.commentList]: [page([], { total: 0, isLastPage: true })],
      [P.buy]: [new Error('Not enough coins: 12.00 needed'), { message: bought, charged: true, coinBalance: '1.00' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    expect(screen.getByText('If the tip misses, 50% of the price comes back to you.')).toBeInTheDocument();
    expect(screen.queryByTestId('expert-content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock for 12.00 coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock program', hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay and read', hidden: true }));
    await settle();
    expect(within(dialog).getByRole('alert', { hidden: true })).toHaveTextContent('Not enough coins: 12.00 needed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay and read', hidden: true }));
    await settle();
    expect(client.calls.filter((c) => c.path === P.buy).map((c) => c.body)).toEqual([{ messageId: 7 }, { messageId: 7 }]);
    const content = screen.getByTestId('expert-content');
    expect(content).toHaveTextContent('Lions press high <b>early</b>');
    expect(content.querySelector('b')).toBeNull();
    expect(within(content).getByRole('cell', { name: '1.85' })).toBeInTheDocument();
  });

  it("adds a bought program's pick to the slip at the book's price, and refuses it clearly once the market is closed", async () => {
    const addPick = jest.fn<(pick: SlipPick) => Promise<AddPickOutcome>>().mockResolvedValueOnce('added').mockResolvedValueOnce('closed');
    await mount(
      { [P.messageList]: [page([bought], { isLastPage: true })], [P.messageDetail]: [bought], [P.commentRule]: [rule()], [P.commentList]: [page([], { total: 0, isLastPage: true })] },
      { addPick },
    );
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    const add = screen.getByRole('button', { name: 'Add to slip: Lions' });
    fireEvent.click(add);
    await settle();
    expect(addPick).toHaveBeenLastCalledWith({ matchId: 501, marketId: 9001, optionType: 'h' });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent("In the bet slip at today's price");
    fireEvent.click(add);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This market is closed: the pick can no longer be bet');
  });

  it('offers no pick to add while the program is locked', async () => {
    await mount({ [P.messageList]: [page([locked], { isLastPage: true })], [P.messageDetail]: [locked], [P.commentRule]: [rule()], [P.commentList]: [page([], { total: 0, isLastPage: true })] });
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    expect(screen.queryByRole('button', { name: /^Add to slip/ })).toBeNull();
  });

  it('asks a visitor to log in instead of offering the purchase or the comment box', async () => {
    await mount({ [P.messageList]: [page([locked], { isLastPage: true })], [P.messageDetail]: [locked], [P.commentList]: [page([], { total: 0, isLastPage: true })] }, { isLogin: false });
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    expect(screen.getByText('Log in to unlock this program.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toBeDisabled();
    expect(screen.getByText('Log in to comment.')).toBeInTheDocument();
  });

  it('disables the comment box with the rule texts from the platform', async () => {
    await mount({
      [P.messageList]: [page([bought], { isLastPage: true })],
      [P.messageDetail]: [bought],
      [P.commentRule]: [rule({ isAvailable: false, vipLimitIsAccord: false, vipLimitText: 'Reach VIP 3 to comment' })],
      [P.commentList]: [page([], { total: 0, isLastPage: true })],
    });
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    const box = screen.getByRole('textbox', { name: 'Your comment' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Reach VIP 3 to comment');
  });

  it('publishes a comment, likes once, replies and reports with a category', async () => {
    const { client } = await mount({
      [P.messageList]: [page([bought], { isLastPage: true })],
      [P.messageDetail]: [bought],
      [P.commentRule]: [rule()],
      [P.commentList]: [page([comment({ id: 1, content: 'Nice pick', likeCount: 2 })], { total: 1, isLastPage: true })],
      [P.commentPublish]: [comment({ id: 9, content: 'Agreed', parentId: 0 }), { ...comment({ id: 10, content: 'Thanks', parentId: 1 }), replyToNickName: null }],
      [P.commentLiked]: [{ commentId: 1, likeCount: 3, isLiked: 1, counted: true }],
      [P.commentReportCate]: [[{ id: 4, name: 'Spam' }]],
      [P.commentReportAdd]: [{ id: 1, commentId: 1, cateId: 4, createdAt: 1 }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Lions to win at home/ }));
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your comment' }), { target: { value: 'Agreed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await settle();
    expect(client.calls.find((c) => c.path === P.commentPublish)?.body).toEqual({ messageId: 7, content: 'Agreed' });
    expect(screen.getByText('Agreed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');

    const nice = screen.getByText('Nice pick').closest('[data-comment-id]') as HTMLElement;
    fireEvent.click(within(nice).getByRole('button', { name: 'Like, 2 likes so far' }));
    await settle();
    expect(within(nice).getByRole('button', { name: 'Like, 3 likes so far' })).toBeDisabled();

    fireEvent.click(within(nice).getByRole('button', { name: 'Reply' }));
    const reply = within(nice).getByRole('textbox', { name: 'Your reply' });
    fireEvent.change(reply, { target: { value: 'Thanks' } });
    fireEvent.submit(reply.closest('form')!);
    await settle();
    expect(client.calls.filter((c) => c.path === P.commentPublish)[1]?.body).toEqual({ messageId: 7, content: 'Thanks', parentId: 1 });
    expect(within(screen.getByRole('list', { name: 'Replies' })).getByText('Thanks')).toBeInTheDocument();

    fireEvent.click(within(nice).getByRole('button', { name: 'Report' }));
    await settle();
    const dialog = screen.getAllByRole('dialog', { hidden: true }).find((d) => within(d).queryByText('Report comment', { exact: true }))!;
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report', hidden: true }));
    await settle();
    expect(client.calls.find((c) => c.path === P.commentReportAdd)?.body).toEqual({ commentId: 1, cateId: 4 });
    expect(within(nice).getByRole('button', { name: 'Reported' })).toBeDisabled();
  });
});

describe('the program tab', () => {
  it("lists the room match's programs and opens the experts screen", async () => {
    const { client, open } = await mount({ [P.messageList]: [page([message()], { isLastPage: true })] }, { where: 'program' });
    expect(client.calls[0]).toEqual({ path: P.messageList, body: { page: 1, size: 10, sportsIds: '501' } });
    expect(screen.getByRole('button', { name: /Lions to win at home/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'All experts' }));
    expect(open).toHaveBeenCalledWith('experts');
  });
});
