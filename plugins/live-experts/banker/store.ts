import { getEnv, types, type Instance } from 'mobx-state-tree';
import type { BankerDetail } from '../../../contract/experts';
import { BANKER_PATHS } from '../../../contract/paths';
import { request } from '../../../src/sdk';

/** The forehead client (docs/api.md "Experts, banker, banners, customer service"): it answers a call's data. */
export interface BankerEnv {
  forehead: { post(url: string, body?: unknown): Promise<unknown> };
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
      return self.request.run(async () => (await getEnv<BankerEnv>(self).forehead.post(BANKER_PATHS.detail, {})) as BankerDetail, self.setDetail);
    },
  }));

export type BankerStoreInstance = Instance<typeof BankerStore>;
