import { types, type Instance } from 'mobx-state-tree';
import type { Toaster as PluginToaster } from '../../sdk/services';

export type ToastType = 'error' | 'success' | 'info' | 'warn';

export interface Toast {
  readonly id: string;
  readonly type: ToastType;
  readonly message: string;
  readonly detail?: string;
  readonly action?: ToastAction;
}

/** A button on the toast (e.g. "Open the room"); pressing it runs `run` and dismisses the toast. */
export interface ToastAction {
  readonly label: string;
  run(): void;
}

export interface ToastOptions {
  detail?: string;
  action?: ToastAction;
  /** How long the toast shows; 0 or less keeps it until dismissed. */
  durationMs?: number;
}

export interface ToasterOptions {
  defaultDurationMs?: number;
  errorDurationMs?: number;
}

export type ToastShorthand = (message: string, opts?: ToastOptions) => string;

/** What the stores (env.toast) may do with the toast stack; plugins (toastRef) see the SDK's narrower Toaster. */
export interface Toaster extends PluginToaster {
  readonly toasts: readonly Toast[];
  show(type: ToastType, message: string, opts?: ToastOptions): string;
  dismiss(id: string): void;
  clear(): void;
  success: ToastShorthand;
  error: ToastShorthand;
  info: ToastShorthand;
  warn: ToastShorthand;
}

/**
 * The toast stack, a child of the root's tree (RootStore.toast). State, not data: a toast carries a function (its
 * action) and a running timer, so all of it is volatile and nothing of it goes into a snapshot. Toasts are immutable
 * and the list is replaced on each change, so the reference (what volatile state observes) is enough to observe.
 */
export const ToastStore = types
  .model('ToastStore', {})
  .volatile(() => ({
    toasts: [] as readonly Toast[],
    timers: new Map<string, ReturnType<typeof setTimeout>>(),
    nextId: 1,
    defaultDurationMs: 3000,
    errorDurationMs: 5000,
  }))
  .actions((self) => ({
    setDurations({ defaultDurationMs = 3000, errorDurationMs = 5000 }: ToasterOptions) {
      self.defaultDurationMs = defaultDurationMs;
      self.errorDurationMs = errorDurationMs;
    },
    remove(id: string) {
      self.toasts = self.toasts.filter((toast) => toast.id !== id);
    },
    stopTimer(id: string) {
      const timer = self.timers.get(id);
      if (timer !== undefined) clearTimeout(timer);
      self.timers.delete(id);
    },
    clear() {
      for (const timer of self.timers.values()) clearTimeout(timer);
      self.timers.clear();
      self.toasts = [];
    },
  }))
  .actions((self) => ({
    startTimer(id: string, durationMs: number) {
      self.stopTimer(id);
      if (durationMs <= 0) return;
      self.timers.set(
        id,
        setTimeout(() => {
          self.timers.delete(id);
          self.remove(id);
        }, durationMs),
      );
    },
    dismiss(id: string) {
      self.stopTimer(id);
      self.remove(id);
    },
    /** The toasts' timers end with the tree (an unmount): none fires into a destroyed node. */
    beforeDestroy() {
      self.clear();
    },
  }))
  .actions((self) => ({
    show(type: ToastType, message: string, opts: ToastOptions = {}): string {
      const durationMs = opts.durationMs ?? (type === 'error' ? self.errorDurationMs : self.defaultDurationMs);
      // The same notice raised again (say by several failing polls) keeps one toast on screen and
      // restarts its countdown rather than stacking copies.
      const existing = self.toasts.find((toast) => toast.type === type && toast.message === message);
      let id: string;
      if (existing) {
        id = existing.id;
        if (opts.detail !== undefined && opts.detail !== existing.detail) {
          self.toasts = self.toasts.map((toast) => (toast.id === id ? { ...toast, detail: opts.detail } : toast));
        }
      } else {
        id = `toast-${self.nextId++}`;
        self.toasts = [...self.toasts, { id, type, message, detail: opts.detail, action: opts.action }];
      }
      self.startTimer(id, durationMs);
      return id;
    },
  }))
  .actions((self) => ({
    success: ((message, opts) => self.show('success', message, opts)) as ToastShorthand,
    error: ((message, opts) => self.show('error', message, opts)) as ToastShorthand,
    info: ((message, opts) => self.show('info', message, opts)) as ToastShorthand,
    warn: ((message, opts) => self.show('warn', message, opts)) as ToastShorthand,
  }));

export type ToastStoreInstance = Instance<typeof ToastStore>;

/**
 * A toast stack made before the root that will own it (the app's boot already reports network errors):
 * createRootStore takes it into the tree.
 */
export function createToaster(options: ToasterOptions = {}): ToastStoreInstance {
  const toaster = ToastStore.create({});
  toaster.setDurations(options);
  return toaster;
}
