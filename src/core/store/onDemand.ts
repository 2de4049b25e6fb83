import { untracked } from 'mobx';
import { types, type IAnyModelType, type IAnyStateTreeNode, type Instance, type SnapshotIn } from 'mobx-state-tree';

/**
 * The stores made on demand, one slot of the root each (RootStore's `lazySlots()`). They are children of the root's
 * tree like any other (getRoot, getEnv, snapshots, destroy and disposers work as usual), but the root names only the
 * slot: the model is registered when the store's module loads, so its code loads with the screen that first needs it
 * instead of in the initial bundle (issue 30). A store that follows another comes after it: the app's unmount destroys
 * them last slot first.
 */
export const LAZY_SLOTS = [
  'hot',
  'liveMember',
  'leagueFilter',
  'search',
  'anchors',
  'matchDetail',
  'matchData',
  'goalPush',
  'memberSettings',
  'chat',
  'orders',
  'favouritesView',
  'reservations',
  'cashOut',
  'liveLobby',
  'myBets',
] as const;
export type LazySlot = (typeof LAZY_SLOTS)[number];

const registered = new Map<LazySlot, IAnyModelType>();

/**
 * A slot's property: empty until the store's first use. Its type resolves late, to the model registered by the module
 * that makes it (the root's creation asks nothing of it while it is empty).
 */
const lazySlot = (slot: LazySlot) => types.optional(types.union(types.literal(undefined), types.late(() => registered.get(slot)!)), undefined);

/** The root's properties for the stores made on demand. */
export function lazySlots() {
  return Object.fromEntries(LAZY_SLOTS.map((slot) => [slot, lazySlot(slot)])) as Record<LazySlot, ReturnType<typeof lazySlot>>;
}

/** What a store made on demand needs of the app root: the action that fills a slot. */
export interface OnDemandRoot extends IAnyStateTreeNode {
  makeLazy(slot: LazySlot, snapshot: object): unknown;
}

/**
 * The store of `slot`, a `model` child of the root made on first use: `of` answers the root's store (making it, then
 * running `start`, which wires it to the root; what `start` begins it ends with an addDisposer on the store, so the
 * root's unmount, which destroys its stores made on demand, stops it). `existing` answers it only if something made
 * it already. Neither read is tracked: a component that makes its store while rendering does not render again for it.
 */
export function onDemand<R extends OnDemandRoot, M extends IAnyModelType>(
  slot: LazySlot,
  model: M,
  start?: (store: Instance<M>, root: R) => void,
  snapshot?: (root: R) => SnapshotIn<M>,
) {
  registered.set(slot, model);
  const existing = (root: object) => untracked(() => (root as Partial<Record<LazySlot, Instance<M>>>)[slot]);
  return {
    of(root: R): Instance<M> {
      const made = existing(root);
      if (made) return made;
      const store = root.makeLazy(slot, snapshot?.(root) ?? {}) as Instance<M>;
      start?.(store, root);
      return store;
    },
    existing(root: object): Instance<M> | undefined {
      return existing(root);
    },
  };
}
