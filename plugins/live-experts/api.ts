import type { HttpClient } from '../../src/sdk';
import type {
  Attention,
  ExpertPage,
  CommentLike,
  CommentReport,
  CommentReportCategory,
  CommentRule,
  ExpertCommentPage,
  ExpertMessage,
  ExpertMessagePage,
  ExpertPerson,
  ExpertPersonPage,
  MessageBuy,
  MyCommentPage,
  PersonMessageState,
  SubComment,
  ExpertComment,
} from '../../contract/experts';
import { EXPERTS_PATHS } from '../../contract/paths';

/** One page of any of the experts' lists, as every paged route answers it (the contract's shape). */
export type Page<T> = ExpertPage<T>;

/** The spec's page size of the person, attention and god lists (section 9), used by every list here. */
export const PAGE_SIZE = 10;

/**
 * The experts' calls on the forehead service (docs/api.md "Experts, banker, banners, customer service"). The client
 * answers an envelope's `data` and rejects with the platform's message, which the screens show as it is.
 */
export function expertsApi(forehead: HttpClient) {
  const post = <T>(path: string, body: Record<string, unknown>) => forehead.post(path, body) as Promise<T>;
  return {
    messages: (page: number, filter: { sportsIds?: string; sportsType?: number } = {}) =>
      forehead.get(EXPERTS_PATHS.messageList, { params: { page, size: PAGE_SIZE, ...filter } }) as Promise<ExpertMessagePage>,
    message: (id: number) => forehead.get(EXPERTS_PATHS.messageDetail, { params: { id } }) as Promise<ExpertMessage>,
    buy: (messageId: number) => post<MessageBuy>(EXPERTS_PATHS.buy, { messageId }),
    comments: (messageId: number, page: number) => post<ExpertCommentPage>(EXPERTS_PATHS.commentList, { messageId, page, size: PAGE_SIZE }),
    publish: (messageId: number, content: string, parentId?: number) =>
      post<ExpertComment | SubComment>(EXPERTS_PATHS.commentPublish, parentId ? { messageId, content, parentId } : { messageId, content }),
    like: (commentId: number) => post<CommentLike>(EXPERTS_PATHS.commentLiked, { commentId }),
    reportCategories: () => post<CommentReportCategory[]>(EXPERTS_PATHS.commentReportCate, {}),
    report: (commentId: number, cateId: number) => post<CommentReport>(EXPERTS_PATHS.commentReportAdd, { commentId, cateId }),
    commentRule: () => post<CommentRule>(EXPERTS_PATHS.commentRule, {}),
    myComments: (page: number) => post<MyCommentPage>(EXPERTS_PATHS.myCommentList, { page, size: PAGE_SIZE }),
    persons: (page: number) => post<ExpertPersonPage>(EXPERTS_PATHS.personList, { page, size: PAGE_SIZE }),
    gods: (page: number) => post<ExpertPersonPage>(EXPERTS_PATHS.godList, { page, size: PAGE_SIZE }),
    attentions: (page: number) => post<ExpertPersonPage>(EXPERTS_PATHS.attentionList, { page, size: PAGE_SIZE }),
    person: (id: number) => post<ExpertPerson>(EXPERTS_PATHS.personDetail, { id }),
    personMessages: (professorId: number, state: PersonMessageState, page: number) =>
      post<ExpertMessagePage>(EXPERTS_PATHS.personMessages, { professorId, state, page, size: PAGE_SIZE }),
    attention: (professorId: number, follow: boolean) => post<Attention>(EXPERTS_PATHS.attention, { professorId, isAttention: follow ? 1 : 0 }),
  };
}

export type ExpertsApi = ReturnType<typeof expertsApi>;
