/**
 * Typed service references: a plugin names the services it uses by ref, the app provides a value per ref, and the
 * kernel resolves them. A plugin never imports a service module, so the app may swap one (a test's fake, an
 * operator's own) without the plugin knowing.
 */
export interface ServiceRef<T> {
  readonly id: string;
  /** Carries the service type only; never set. */
  readonly __type?: T;
}

export const createServiceRef = <T>(id: string): ServiceRef<T> => ({ id });

/** The services an app provides, by ref id. */
export interface ServiceMap {
  has(ref: ServiceRef<unknown>): boolean;
  get<T>(ref: ServiceRef<T>): T;
}

export type ServiceBinding<T = unknown> = readonly [ServiceRef<T>, T];

/** `provideServices([httpRef, http], [toastRef, toast])`: the app's side of the refs. */
export function provideServices(...bindings: ServiceBinding<any>[]): ServiceMap {
  const values = new Map<string, unknown>(bindings.map(([ref, value]) => [ref.id, value]));
  return {
    has: (ref) => values.has(ref.id),
    get<T>(ref: ServiceRef<T>): T {
      if (!values.has(ref.id)) throw new Error(`service "${ref.id}" is not provided by this app`);
      return values.get(ref.id) as T;
    },
  };
}
