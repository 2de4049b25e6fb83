import { types, type Instance } from 'mobx-state-tree';
import { request } from '../../../sdk/request';

/** Where one media answer stands, as the stage reads it. */
export type Fetch<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; media: T };

/**
 * One media host answer of the stage (the match's media, a room's anchor stream), through the request primitive: the
 * newest ask wins, and asking again while an answer shows keeps it shown (also when that ask fails).
 */
export const MediaAnswer = types
  .model('MediaAnswer', { request: request() })
  .volatile(() => ({ media: undefined as unknown }))
  .views((self) => ({
    /** Nothing asked yet: undefined. */
    fetch<T>(): Fetch<T> | undefined {
      const { status } = self.request;
      if (status === 'idle') return undefined;
      if (status === 'ready') return { status, media: self.media as T };
      return { status };
    },
  }))
  .actions((self) => ({
    setMedia(media: unknown) {
      self.media = media;
    },
  }));

export type MediaAnswerInstance = Instance<typeof MediaAnswer>;
