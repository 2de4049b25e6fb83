import { getEnv, types, type Instance } from 'mobx-state-tree';
import type { BankerDetail } from '../../../contract/experts';
import { request } from '../../../src/sdk';

/** How the banker detail is asked (the platform's forehead call: docs/api.md "Experts, banker, banners, customer service"). */
export interface BankerEnv {
  detail(): Promise<BankerDetail>;
}

/** The banker screen's server data: the detail, loading through the app's request primitive (the newest load wins). */
export const BankerStore = types
  .model('BankerStore', { request: request() })
  .volatile(() => ({ detail: undefined as BankerDetail | undefined }))
  .actions((self) => ({
    setDetail(detail: BankerDetail) {
      self.detail = detail;
    },
  }))
  .actions((self) => ({
    /** Loads the detail: when the screen shows, and on Retry. */
    load() {
      return self.request.run(() => getEnv<BankerEnv>(self).detail(), self.setDetail);
    },
  }));

export type BankerStoreInstance = Instance<typeof BankerStore>;
