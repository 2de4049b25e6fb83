import { action, makeObservable, observableRef } from 'mobx';

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

export interface Toaster {
  readonly toasts: readonly Toast[];
  show(type: ToastType, message: string, opts?: ToastOptions): string;
  dismiss(id: string): void;
  clear(): void;
  success: ToastShorthand;
  error: ToastShorthand;
  info: ToastShorthand;
  warn: ToastShorthand;
}

class ToastStore implements Toaster {
  toasts: Toast[] = [];

  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  constructor(
    private readonly defaultDurationMs: number,
    private readonly errorDurationMs: number,
  ) {
    makeObservable<ToastStore, 'remove'>(this, {
      // Toasts are immutable and the list is replaced on each change, so a reference is enough to observe.
      toasts: observableRef,
      show: action,
      dismiss: action,
      clear: action,
      remove: action,
    });
  }

  show(type: ToastType, message: string, opts: ToastOptions = {}): string {
    const durationMs = opts.durationMs ?? (type === 'error' ? this.errorDurationMs : this.defaultDurationMs);
    // The same notice raised again (say by several failing polls) keeps one toast on screen and
    // restarts its countdown rather than stacking copies.
    const existing = this.toasts.find((toast) => toast.type === type && toast.message === message);
    let id: string;
    if (existing) {
      id = existing.id;
      if (opts.detail !== undefined && opts.detail !== existing.detail) {
        this.toasts = this.toasts.map((toast) => (toast.id === id ? { ...toast, detail: opts.detail } : toast));
      }
    } else {
      id = `toast-${this.nextId++}`;
      this.toasts = [...this.toasts, { id, type, message, detail: opts.detail, action: opts.action }];
    }
    this.startTimer(id, durationMs);
    return id;
  }

  dismiss(id: string): void {
    this.stopTimer(id);
    this.remove(id);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.toasts = [];
  }

  readonly success: ToastShorthand = (message, opts) => this.show('success', message, opts);
  readonly error: ToastShorthand = (message, opts) => this.show('error', message, opts);
  readonly info: ToastShorthand = (message, opts) => this.show('info', message, opts);
  readonly warn: ToastShorthand = (message, opts) => this.show('warn', message, opts);

  private remove(id: string): void {
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  private startTimer(id: string, durationMs: number): void {
    this.stopTimer(id);
    if (durationMs <= 0) return;
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        this.remove(id);
      }, durationMs),
    );
  }

  private stopTimer(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }
}

export function createToaster({ defaultDurationMs = 3000, errorDurationMs = 5000 }: ToasterOptions = {}): Toaster {
  return new ToastStore(defaultDurationMs, errorDurationMs);
}
