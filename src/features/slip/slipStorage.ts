// The bet slip's storage: the slip is kept per merchant under the storage key betSlip on every change and restored
// when the store is made, so it survives a reload. Kept apart so what the slip keeps, and how a stored slip that no
// longer fits is dropped, is read in one place rather than among the edits that change it.
import { addDisposer, applySnapshot, onSnapshot, type SnapshotIn } from 'mobx-state-tree';
import { envOf } from '../../core/store/env';
import { SlipChecks } from './slipChecks';
import { SLIP_MAX_MATCHES, type SlipState } from './slipState';

export const SlipStorage = SlipChecks
  .actions((self) => ({
    /**
     * Restores the slip of this merchant from storage; a stored slip of the wrong shape is forgotten, and selections of
     * a sport the merchant switched off since are dropped.
     */
    restore() {
      const { storage, logger, sports } = envOf(self);
      const stored = storage.get('betSlip');
      if (!stored || typeof stored !== 'object') return;
      try {
        const snapshot = stored as SnapshotIn<typeof SlipState>;
        applySnapshot(self, { ...snapshot, entries: (snapshot.entries ?? []).filter((entry) => sports.offers(entry.sportId, 'A')) });
        if (self.entries.length > SLIP_MAX_MATCHES) self.entries.splice(SLIP_MAX_MATCHES);
      } catch (error) {
        logger.warn('stored bet slip ignored', error);
        storage.remove('betSlip');
      }
    },
  }))
  .actions((self) => ({
    afterCreate() {
      const { storage } = envOf(self);
      self.restore();
      addDisposer(self, onSnapshot(self, (snapshot) => storage.set('betSlip', snapshot)));
    },
  }));
