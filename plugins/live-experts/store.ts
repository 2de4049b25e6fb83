import { cast, flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { CommentReportCategory, CommentRule, ExpertComment, ExpertMessage, ExpertPerson, PersonMessageState, SubComment } from '../../contract/experts';
import { request } from '../../src/sdk';
import type { ExpertsApi, Page } from './api';

export interface ExpertsEnv {
  api: ExpertsApi;
  isLogin(): boolean;
}

const envOf = (node: object) => getEnv<ExpertsEnv>(node);
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
const STATUS = types.enumeration<LoadStatus>(['idle', 'loading', 'loaded', 'failed']);

/** Rows carry an `id`; a row that moved to a later page while the member paged (a ranking changed) shows once. */
function sameRow(a: unknown, b: unknown): boolean {
  const idOf = (row: unknown) => (row !== null && typeof row === 'object' ? (row as { id?: unknown }).id : undefined);
  return idOf(a) !== undefined && idOf(a) === idOf(b);
}

/**
 * A paged list (spec 001 section 4): page 1 replaces the rows (first load, Retry, a refresh), each later page appends.
 * A failed later page keeps the rows shown and offers that page again.
 */
export const PagedList = types
  .model('PagedList', {
    list: types.frozen<unknown[]>([]),
    pageNum: 0,
    total: 0,
    isLastPage: false,
    /** Page 1 (first load, Retry, a refresh): the newest wins. */
    first: request(),
    /** The next page; a page 1 started meanwhile drops it. */
    next: request(),
  })
  .volatile(() => ({ fetchPage: undefined as ((page: number) => Promise<Page<unknown>>) | undefined }))
  .views((self) => ({
    get status(): LoadStatus {
      const { status } = self.first;
      return status === 'ready' ? 'loaded' : status;
    },
    /** The next page's state: idle (none asked, or it came), loading or failed. */
    get more(): LoadStatus {
      const { status } = self.next;
      return status === 'ready' ? 'idle' : status;
    },
  }))
  .views((self) => ({
    get empty() {
      return self.status === 'loaded' && self.list.length === 0;
    },
  }))
  .actions((self) => ({
    setSource(fetchPage: (page: number) => Promise<Page<unknown>>) {
      self.fetchPage = fetchPage;
    },
    /** Replaces the rows in place (a follow or a like changed one), keeping the pages loaded. */
    patch(update: (row: unknown) => unknown) {
      self.list = self.list.map(update);
    },
    showFirst(page: Page<unknown>) {
      self.list = page.list;
      self.pageNum = 1;
      self.total = page.total;
      self.isLastPage = page.isLastPage;
    },
    append(page: Page<unknown>) {
      self.list = [...self.list, ...page.list.filter((row) => !self.list.some((shown) => sameRow(shown, row)))];
      self.pageNum += 1;
      self.total = page.total;
      self.isLastPage = page.isLastPage;
    },
  }))
  .actions((self) => ({
    loadFirst() {
      const { fetchPage } = self;
      if (!fetchPage) return Promise.resolve();
      self.next.reset();
      return self.first.run(() => fetchPage(1), self.showFirst).then(() => undefined);
    },
    loadMore() {
      const { fetchPage } = self;
      if (!fetchPage || self.status !== 'loaded' || self.isLastPage || self.more === 'loading') return Promise.resolve();
      return self.next.run(() => fetchPage(self.pageNum + 1), self.append).then(() => undefined);
    },
  }));
export type PagedListInstance = Instance<typeof PagedList>;

/** A paged list reading `fetchPage`, typed by its rows for the components. */
export interface Paged<T> extends PagedListInstance {
  readonly list: T[];
}
export function pagedOf<T>(fetchPage: (page: number) => Promise<Page<T>>): Paged<T> {
  const list = PagedList.create();
  list.setSource(fetchPage as (page: number) => Promise<Page<unknown>>);
  return list as Paged<T>;
}

/** The member's permission to comment (spec 001 section 5), each refusal in the platform's words. */
export function commentRefusals(rule: CommentRule): string[] {
  if (rule.isAvailable) return [];
  const reasons: string[] = [];
  if (rule.isBan) reasons.push(rule.banText);
  if (!rule.rechargeLimitRule.rechargeLimitIsAccord) reasons.push(rule.rechargeLimitRule.rechargeLimitText);
  if (!rule.vipLimitIsAccord) reasons.push(rule.vipLimitText);
  return reasons.filter((text) => text !== '');
}

/** Adds a published reply under its comment, or a comment on top, without reloading the pages. */
function withPublished(list: ExpertComment[], published: ExpertComment | SubComment): ExpertComment[] {
  if (published.parentId === 0) return [{ ...(published as ExpertComment), subComments: [] }, ...list];
  // A reply to a reply is filed under the same comment, whichever of the two its parentId names.
  const under = (comment: ExpertComment) => comment.id === published.parentId || comment.subComments.some((reply) => reply.id === published.parentId);
  return list.map((comment) => (under(comment) ? { ...comment, subComments: [...comment.subComments, published as SubComment] } : comment));
}

const setLiked = (id: number, likeCount: number) => <C extends { id: number; likeCount: number; isLiked: 0 | 1 }>(comment: C): C =>
  comment.id === id ? { ...comment, likeCount, isLiked: 1 } : comment;

/** One message's detail: its content (once readable), the paid unlock, its comments and the member's comment rule. */
export const MessageDetail = types
  .model('MessageDetail', {
    id: types.identifierNumber,
    status: types.optional(STATUS, 'idle'),
    message: types.maybe(types.frozen<ExpertMessage>()),
    /** The buy dialog: closed, asking for confirmation, or the purchase in flight. */
    buy: types.optional(types.enumeration(['closed', 'confirm', 'buying']), 'closed'),
    buyError: types.maybe(types.string),
    rule: types.maybe(types.frozen<CommentRule>()),
    ruleStatus: types.optional(STATUS, 'idle'),
    comments: types.optional(PagedList, {}),
    publishing: false,
    publishError: types.maybe(types.string),
    categories: types.maybe(types.frozen<CommentReportCategory[]>()),
    /** The comment whose report dialog is open. */
    reporting: types.maybe(types.number),
    reportError: types.maybe(types.string),
    reported: types.array(types.number),
  })
  .views((self) => ({
    get commentList() {
      return self.comments.list as ExpertComment[];
    },
    /** Why the comment box is disabled, in the platform's words; empty when the member may comment. */
    get refusals() {
      return self.rule ? commentRefusals(self.rule) : [];
    },
  }))
  .actions((self) => ({
    afterCreate() {
      self.comments.setSource((page) => envOf(self).api.comments(self.id, page) as Promise<Page<unknown>>);
    },
    load: flow(function* load() {
      self.status = 'loading';
      try {
        self.message = (yield envOf(self).api.message(self.id)) as ExpertMessage;
        self.status = 'loaded';
      } catch {
        self.status = 'failed';
      }
    }),
    loadRule: flow(function* loadRule() {
      if (!envOf(self).isLogin()) return;
      self.ruleStatus = 'loading';
      try {
        self.rule = (yield envOf(self).api.commentRule()) as CommentRule;
        self.ruleStatus = 'loaded';
      } catch {
        self.ruleStatus = 'failed';
      }
    }),
    askToBuy() {
      self.buyError = undefined;
      self.buy = 'confirm';
    },
    closeBuy() {
      if (self.buy !== 'buying') self.buy = 'closed';
    },
    /** Buys once: the platform charges goldPrice a single time, whatever repeats; the answer carries the content. */
    confirmBuy: flow(function* confirmBuy() {
      if (self.buy !== 'confirm') return;
      self.buy = 'buying';
      try {
        const answer = (yield envOf(self).api.buy(self.id)) as { message: ExpertMessage };
        self.message = answer.message;
        self.buy = 'closed';
      } catch (error) {
        self.buyError = messageOf(error);
        self.buy = 'confirm';
      }
    }),
    publish: flow(function* publish(content: string, parentId?: number) {
      const text = content.trim();
      if (text === '' || self.publishing) return false;
      self.publishing = true;
      self.publishError = undefined;
      try {
        const published = (yield envOf(self).api.publish(self.id, text, parentId)) as ExpertComment | SubComment;
        self.comments.list = withPublished(self.comments.list as ExpertComment[], published);
        if (published.parentId === 0) self.comments.total += 1;
        if (self.message) self.message = { ...self.message, commentCount: self.message.commentCount + 1 };
        return true;
      } catch (error) {
        self.publishError = messageOf(error);
        return false;
      } finally {
        self.publishing = false;
      }
    }),
    /** A member likes a comment or reply once: the platform's count replaces ours. */
    like: flow(function* like(commentId: number) {
      try {
        const answer = (yield envOf(self).api.like(commentId)) as { likeCount: number };
        const mark = setLiked(commentId, answer.likeCount);
        self.comments.list = (self.comments.list as ExpertComment[]).map((c) => ({ ...mark(c), subComments: c.subComments.map(mark) }));
      } catch (error) {
        self.publishError = messageOf(error);
      }
    }),
    openReport: flow(function* openReport(commentId: number) {
      self.reporting = commentId;
      self.reportError = undefined;
      if (self.categories) return;
      try {
        self.categories = (yield envOf(self).api.reportCategories()) as CommentReportCategory[];
      } catch (error) {
        self.reportError = messageOf(error);
      }
    }),
    closeReport() {
      self.reporting = undefined;
    },
    report: flow(function* report(cateId: number) {
      const commentId = self.reporting;
      if (commentId === undefined) return;
      try {
        yield envOf(self).api.report(commentId, cateId);
        self.reported.push(commentId);
        self.reporting = undefined;
      } catch (error) {
        self.reportError = messageOf(error);
      }
    }),
  }));
export type MessageDetailInstance = Instance<typeof MessageDetail>;

/** One expert's detail with the now (unsettled) and history lists and the follow switch. */
export const PersonDetail = types
  .model('PersonDetail', {
    id: types.identifierNumber,
    status: types.optional(STATUS, 'idle'),
    person: types.maybe(types.frozen<ExpertPerson>()),
    now: types.optional(PagedList, {}),
    history: types.optional(PagedList, {}),
    following: false,
    followError: types.maybe(types.string),
  })
  .actions((self) => ({
    afterCreate() {
      const source = (state: PersonMessageState) => (page: number) => envOf(self).api.personMessages(self.id, state, page) as Promise<Page<unknown>>;
      self.now.setSource(source(1));
      self.history.setSource(source(2));
    },
    load: flow(function* load() {
      self.status = 'loading';
      try {
        self.person = (yield envOf(self).api.person(self.id)) as ExpertPerson;
        self.status = 'loaded';
      } catch {
        self.status = 'failed';
      }
    }),
    toggleFollow: flow(function* toggleFollow() {
      const person = self.person;
      if (!person || self.following) return;
      self.following = true;
      self.followError = undefined;
      try {
        const answer = (yield envOf(self).api.attention(person.id, person.isAttention !== 1)) as { isAttention: 0 | 1; subscribed: number };
        self.person = { ...person, isAttention: answer.isAttention, subscribed: answer.subscribed };
      } catch (error) {
        self.followError = messageOf(error);
      } finally {
        self.following = false;
      }
    }),
  }));
export type PersonDetailInstance = Instance<typeof PersonDetail>;

/** The screen's lists (its tabs). */
export type ExpertsTab = 'messages' | 'persons' | 'gods' | 'attention' | 'mine';
export const EXPERTS_TABS: readonly ExpertsTab[] = ['messages', 'persons', 'gods', 'attention', 'mine'];
/** Tabs that are the member's own. */
export const MEMBER_TABS: ReadonlySet<ExpertsTab> = new Set(['attention', 'mine']);

/** The expert person list shows its rows in groups of 8 (spec 001 section 9), each page being 10. */
export const GROUP_SIZE = 8;
export const groupsOf = <T>(rows: readonly T[], size = GROUP_SIZE): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));

/** The one thing the experts screen has open, as its address writes it: `expert-<id>` or `message-<id>`. */
export type OpenDetail = { kind: 'expert' | 'message'; id: number };
const DETAIL = /^(expert|message)-([1-9]\d{0,11})$/;
export const detailOf = (open: OpenDetail | undefined) => (open ? `${open.kind}-${open.id}` : undefined);
/** An address's detail, or undefined for anything this screen does not name (the tabs show). */
export function parseDetail(detail: string | undefined): OpenDetail | undefined {
  const found = detail === undefined ? null : DETAIL.exec(detail);
  return found ? { kind: found[1] as OpenDetail['kind'], id: Number(found[2]) } : undefined;
}

/** The experts screen: its tabs' lists and the one expert or message open over them (Back returns to the tab). */
export const ExpertsStore = types
  .model('ExpertsStore', {
    tab: types.optional(types.enumeration<ExpertsTab>([...EXPERTS_TABS]), 'messages'),
    /** The live room's program tab: only the messages on the room's match. */
    matchId: types.maybe(types.number),
    messages: types.optional(PagedList, {}),
    persons: types.optional(PagedList, {}),
    gods: types.optional(PagedList, {}),
    attention: types.optional(PagedList, {}),
    mine: types.optional(PagedList, {}),
    person: types.maybe(PersonDetail),
    message: types.maybe(MessageDetail),
  })
  .actions((self) => ({
    afterCreate() {
      const { api } = envOf(self);
      self.messages.setSource((page) => api.messages(page, self.matchId === undefined ? {} : { sportsIds: String(self.matchId) }) as Promise<Page<unknown>>);
      self.persons.setSource((page) => api.persons(page) as Promise<Page<unknown>>);
      self.gods.setSource((page) => api.gods(page) as Promise<Page<unknown>>);
      self.attention.setSource((page) => api.attentions(page) as Promise<Page<unknown>>);
      self.mine.setSource((page) => api.myComments(page) as Promise<Page<unknown>>);
    },
    /** Selecting a tab reads its list afresh from page 1 (rankings and new programs move while the member reads). */
    showTab(tab: ExpertsTab) {
      self.tab = tab;
      self.person = undefined;
      self.message = undefined;
      if (self[tab].status !== 'idle') void self[tab].loadFirst();
    },
    openPerson(id: number) {
      self.message = undefined;
      // A snapshot, so the detail shares the screen's environment.
      self.person = cast({ id });
    },
    openMessage(id: number) {
      self.message = cast({ id });
    },
    /** Back from a message to the expert it was opened from, else to the tab. */
    back() {
      if (self.message) self.message = undefined;
      else self.person = undefined;
    },
  }))
  .views((self) => ({
    /** What is open, as the screen's address names it (`?screen=experts&detail=expert-12`); undefined on the tabs. */
    get detail(): string | undefined {
      return detailOf(self.message ? { kind: 'message', id: self.message.id } : self.person ? { kind: 'expert', id: self.person.id } : undefined);
    },
    /** Where the screen's Back goes: the expert a message was opened from, else the tabs. */
    get backDetail(): string | undefined {
      return self.message && self.person ? detailOf({ kind: 'expert', id: self.person.id }) : undefined;
    },
  }))
  .actions((self) => ({
    /**
     * Shows what the address names (load, reload, Back, Forward, a shared link): an expert, a message (over the expert
     * it was opened from, so Back finds it), or the tabs. What is already open stays, with its loaded state.
     */
    showDetail(detail: string | undefined) {
      const open = parseDetail(detail);
      if (!open) {
        self.person = undefined;
        self.message = undefined;
      } else if (open.kind === 'message') {
        if (self.message?.id !== open.id) self.openMessage(open.id);
      } else if (self.person?.id === open.id) {
        self.message = undefined;
      } else {
        self.openPerson(open.id);
      }
    },
  }));
export type ExpertsStoreInstance = Instance<typeof ExpertsStore>;
