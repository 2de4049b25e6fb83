import { describe, expect, it, jest } from '@jest/globals';
import type { CommentRule, ExpertComment, ExpertMessage } from '../../contract/experts';
import { deferred } from '../../src/sdk/testing';
import type { ExpertsApi, Page } from './api';
import { commentRefusals, ExpertsStore, groupsOf, pagedOf } from './store';
import { comment, message, page, rule } from './testData';

/** A fake api: every call rejects unless the test gives it an answer. */
function fakeApi(over: Partial<Record<keyof ExpertsApi, jest.Mock<(...args: any[]) => unknown>>> = {}): ExpertsApi {
  const refuse = () => jest.fn(() => Promise.reject(new Error('not expected')));
  const names: Array<keyof ExpertsApi> = ['messages', 'message', 'buy', 'comments', 'publish', 'like', 'reportCategories', 'report', 'commentRule', 'myComments', 'persons', 'gods', 'attentions', 'person', 'personMessages', 'attention'];
  return Object.fromEntries(names.map((name) => [name, over[name] ?? refuse()])) as unknown as ExpertsApi;
}

describe('a paged list', () => {
  it('replaces the rows with page 1 and appends later pages, stopping at the last page', async () => {
    const fetchPage = jest.fn((n: number) => Promise.resolve(page([n * 10 + 1, n * 10 + 2], { pageNum: n, total: 6, isLastPage: n === 3 })));
    const list = pagedOf<number>(fetchPage);
    await list.loadFirst();
    expect(list.list).toEqual([11, 12]);
    await list.loadMore();
    await list.loadMore();
    expect(list.list).toEqual([11, 12, 21, 22, 31, 32]);
    expect(list.isLastPage).toBe(true);
    await list.loadMore();
    expect(fetchPage).toHaveBeenCalledTimes(3);
    // A refresh starts over: page 1 replaces what the later pages appended.
    await list.loadFirst();
    expect(list.list).toEqual([11, 12]);
    expect(list.pageNum).toBe(1);
  });

  it('keeps the rows when a later page fails and offers that page again', async () => {
    const fetchPage = jest.fn<(n: number) => Promise<Page<number>>>().mockResolvedValueOnce(page([1], { total: 2 })).mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(page([2], { pageNum: 2, total: 2, isLastPage: true }));
    const list = pagedOf<number>(fetchPage);
    await list.loadFirst();
    await list.loadMore();
    expect(list.more).toBe('failed');
    expect(list.list).toEqual([1]);
    await list.loadMore();
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    expect(list.list).toEqual([1, 2]);
  });

  it('lets a page 1 started meanwhile win over a later page still in flight', async () => {
    const late = deferred<Page<number>>();
    const fetchPage = jest.fn<(n: number) => Promise<Page<number>>>().mockResolvedValueOnce(page([1], { total: 3 })).mockReturnValueOnce(late.promise).mockResolvedValueOnce(page([9], { total: 1, isLastPage: true }));
    const list = pagedOf<number>(fetchPage);
    await list.loadFirst();
    const more = list.loadMore();
    await list.loadFirst();
    late.resolve(page([2], { pageNum: 2, total: 3 }));
    await more;
    expect(list.list).toEqual([9]);
  });

  it('shows a row once when a changed ranking moved it onto the next page', async () => {
    const fetchPage = jest.fn((n: number) => Promise.resolve(page(n === 1 ? [{ id: 1 }, { id: 2 }] : [{ id: 2 }, { id: 3 }], { pageNum: n, total: 4, isLastPage: n === 2 })));
    const list = pagedOf<{ id: number }>(fetchPage);
    await list.loadFirst();
    await list.loadMore();
    expect(list.list).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('says failed when page 1 fails and empty when it has no rows', async () => {
    const failing = pagedOf<number>(() => Promise.reject(new Error('down')));
    await failing.loadFirst();
    expect(failing.status).toBe('failed');
    const empty = pagedOf<number>(() => Promise.resolve(page([], { total: 0, isLastPage: true })));
    await empty.loadFirst();
    expect(empty.empty).toBe(true);
  });
});

it('groups the person list by 8', () => {
  expect(groupsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).map((g) => g.length)).toEqual([8, 2]);
});

describe('the comment rule', () => {
  it('gives no reason when the member may comment', () => {
    expect(commentRefusals(rule())).toEqual([]);
  });

  it('gives each unmet limit and the ban in the platform words', () => {
    const refused: CommentRule = rule({
      isAvailable: false,
      isBan: true,
      banText: 'Banned until 12-01',
      vipLimitIsAccord: false,
      vipLimitText: 'VIP 2 needed',
      rechargeLimitRule: { rechargeCurrentVal: '0.00', rechargeLimitIsAccord: false, rechargeLimitText: 'Deposit 100.00 first', rechargeLimitVal: '100.00' },
    });
    expect(commentRefusals(refused)).toEqual(['Banned until 12-01', 'Deposit 100.00 first', 'VIP 2 needed']);
  });
});

describe('a message', () => {
  const locked = message({ id: 7, goldPrice: '12.00', canRead: false, content: null, picks: null });
  const bought: ExpertMessage = { ...locked, isBuy: 1, payTime: 1_700_000_000_000, canRead: true, content: 'Home wins', picks: [] };

  it('buys only after confirmation and shows what the purchase answers', async () => {
    const buy = jest.fn((_id: number) => Promise.resolve({ message: bought, charged: true, coinBalance: '88.00' }));
    const store = ExpertsStore.create({}, { api: fakeApi({ message: jest.fn(() => Promise.resolve(locked)), buy }), isLogin: () => true });
    store.openMessage(7);
    const detail = store.message!;
    await detail.load();
    await detail.confirmBuy();
    expect(buy).not.toHaveBeenCalled();
    detail.askToBuy();
    await detail.confirmBuy();
    expect(buy).toHaveBeenCalledWith(7);
    expect(detail.message?.content).toBe('Home wins');
    expect(detail.buy).toBe('closed');
  });

  it('keeps the dialog open with the platform message when the coins do not cover the price', async () => {
    const api = fakeApi({ message: jest.fn(() => Promise.resolve(locked)), buy: jest.fn(() => Promise.reject(new Error('Not enough coins: 12.00 needed, 5.00 held'))) });
    const store = ExpertsStore.create({}, { api, isLogin: () => true });
    store.openMessage(7);
    await store.message!.load();
    store.message!.askToBuy();
    await store.message!.confirmBuy();
    expect(store.message!.buy).toBe('confirm');
    expect(store.message!.buyError).toBe('Not enough coins: 12.00 needed, 5.00 held');
    expect(store.message!.message?.canRead).toBe(false);
  });

  it('files a reply under its comment, a reply to a reply too, and counts it', async () => {
    const first = comment({ id: 1, subComments: [] });
    const publish = jest
      .fn<ExpertsApi['publish']>()
      .mockResolvedValueOnce({ ...comment({ id: 2, parentId: 1 }), replyToNickName: null })
      .mockResolvedValueOnce({ ...comment({ id: 3, parentId: 2 }), replyToNickName: 'demo' });
    const api = fakeApi({ message: jest.fn(() => Promise.resolve(bought)), comments: jest.fn(() => Promise.resolve(page([first], { total: 1, isLastPage: true }))), publish: publish as never });
    const store = ExpertsStore.create({}, { api, isLogin: () => true });
    store.openMessage(7);
    const detail = store.message!;
    await detail.load();
    await detail.comments.loadFirst();
    expect(await detail.publish('  ', 1)).toBe(false);
    await detail.publish('agree', 1);
    await detail.publish('me too', 2);
    expect(publish).toHaveBeenCalledWith(7, 'agree', 1);
    expect((detail.comments.list as ExpertComment[])[0]!.subComments.map((c) => c.id)).toEqual([2, 3]);
    expect(detail.message?.commentCount).toBe(bought.commentCount + 2);
  });

  it('marks a like with the count the platform answers', async () => {
    const first = comment({ id: 1, likeCount: 2, subComments: [{ ...comment({ id: 4, parentId: 1, likeCount: 0 }), replyToNickName: null }] });
    const api = fakeApi({ comments: jest.fn(() => Promise.resolve(page([first], { total: 1, isLastPage: true }))), like: jest.fn(() => Promise.resolve({ commentId: 4, likeCount: 1, isLiked: 1, counted: true })) });
    const store = ExpertsStore.create({}, { api, isLogin: () => true });
    store.openMessage(7);
    await store.message!.comments.loadFirst();
    await store.message!.like(4);
    const [top] = store.message!.comments.list as ExpertComment[];
    expect(top!.likeCount).toBe(2);
    expect(top!.subComments[0]).toMatchObject({ likeCount: 1, isLiked: 1 });
  });

  it('asks a visitor for no comment rule', async () => {
    const commentRule = jest.fn(() => Promise.resolve(rule()));
    const store = ExpertsStore.create({}, { api: fakeApi({ commentRule }), isLogin: () => false });
    store.openMessage(7);
    await store.message!.loadRule();
    expect(commentRule).not.toHaveBeenCalled();
  });
});

it('lists only the room match programs in the live room', async () => {
  const messages = jest.fn((_page: number, _filter: object) => Promise.resolve(page([], { total: 0, isLastPage: true })));
  const store = ExpertsStore.create({ matchId: 501 }, { api: fakeApi({ messages }), isLogin: () => false });
  await store.messages.loadFirst();
  expect(messages).toHaveBeenCalledWith(1, { sportsIds: '501' });
});

it('reads a tab afresh from page 1 when the member selects it again, not before it was ever shown', async () => {
  const persons = jest.fn((n: number) => Promise.resolve(page([{ id: n }], { pageNum: n, total: 3, isLastPage: false })));
  const store = ExpertsStore.create({}, { api: fakeApi({ persons }), isLogin: () => false });
  store.showTab('persons');
  expect(persons).not.toHaveBeenCalled();
  await store.persons.loadFirst();
  await store.persons.loadMore();
  expect(store.persons.list).toEqual([{ id: 1 }, { id: 2 }]);
  store.showTab('messages');
  store.showTab('persons');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(persons).toHaveBeenLastCalledWith(1);
  expect(store.persons.list).toEqual([{ id: 1 }]);
});
