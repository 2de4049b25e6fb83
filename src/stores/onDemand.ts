import { addDisposer, destroy, isStateTreeNode, type IAnyStateTreeNode } from 'mobx-state-tree';

/** What a store made on demand needs of the app root. */
export interface OnDemandRoot extends IAnyStateTreeNode {
  onDispose(hook: () => void): void;
}

export interface MadeStore<S> {
  store: S;
  /** Stops what the store runs (its loops, the reactions that follow the root); called when the app unmounts. */
  close(): void;
}

/**
 * Stores kept outside the root's tree, so their code loads with the screen that first needs them instead of in the
 * initial bundle: one per root, made by `make` on first use, closed when the app unmounts and destroyed with the
 * root. `of` answers the root's store (making it); `existing` answers it only if something made it already.
 */
export function onDemand<R extends OnDemandRoot, S extends object>(make: (root: R) => MadeStore<S>) {
  const made = new WeakMap<object, S>();
  return {
    of(root: R): S {
      const existing = made.get(root);
      if (existing) return existing;
      const { store, close } = make(root);
      root.onDispose(close);
      addDisposer(root, () => {
        if (isStateTreeNode(store)) destroy(store);
      });
      made.set(root, store);
      return store;
    },
    existing(root: object): S | undefined {
      return made.get(root);
    },
  };
}
