/**
 * Per-key coalescing of live updates: many pushes for the same key within one frame collapse to the last, and
 * everything pending is applied in one call per animation frame (one MobX action, one render pass), however many
 * messages arrived. `schedule` defaults to requestAnimationFrame; tests pass a manual one.
 */
export interface Coalescer<K, V> {
  push(key: K, value: V): void;
  /** Applies what is pending now (e.g. before a refetch replaces the data). */
  flush(): void;
  pending(): number;
  dispose(): void;
}

export type FrameScheduler = (run: () => void) => () => void;

export const animationFrame: FrameScheduler = (run) => {
  const id = requestAnimationFrame(run);
  return () => cancelAnimationFrame(id);
};

export function createCoalescer<K, V>(apply: (batch: ReadonlyMap<K, V>) => void, schedule: FrameScheduler = animationFrame): Coalescer<K, V> {
  let batch = new Map<K, V>();
  let cancel: (() => void) | undefined;

  const flush = () => {
    cancel = undefined;
    if (batch.size === 0) return;
    const ready = batch;
    batch = new Map();
    apply(ready);
  };

  return {
    push(key, value) {
      batch.set(key, value);
      cancel ??= schedule(flush);
    },
    flush() {
      cancel?.();
      flush();
    },
    pending: () => batch.size,
    dispose() {
      cancel?.();
      cancel = undefined;
      batch = new Map();
    },
  };
}
