import { types, type Instance } from 'mobx-state-tree';
import { request } from '../../sdk/request';

/**
 * One platform answer a panel shows on its own (the media stage's streams, a room's first-bet offer, a title wall):
 * the request primitive that asks for it (newest ask wins, loading / ready / failed, a quiet ask keeps what shows) and
 * the answer with the key it was asked for, so a panel moved to another key shows nothing of the last one's. Made by
 * the panel (usePlatformAnswer, src/core/ui/usePlatformAnswer.ts) and gone with it: no other screen reads it.
 */
export const PlatformAnswer = types
  .model('PlatformAnswer', { request: request() })
  .volatile(() => ({ key: undefined as string | undefined, data: undefined as unknown }))
  .views((self) => ({
    /** The answer asked for under `key`, once there. */
    dataFor<T>(key: string): T | undefined {
      return self.key === key ? (self.data as T) : undefined;
    },
  }))
  .actions((self) => ({
    setData(key: string, data: unknown) {
      self.key = key;
      self.data = data;
    },
  }));

export type PlatformAnswerInstance = Instance<typeof PlatformAnswer>;
