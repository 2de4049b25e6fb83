import type { SelectionEvent } from '../kernel/events';
import { provideServices, type ServiceMap } from '../kernel/services';
import type { Env } from '../core/store/env';
import { assetUrlRef, betSlipRef, httpRef, i18nRef, pushRef, schedulerRef, screenRef, sessionRef, toastRef } from '../core/ui/services';

/** Every service the app provides, bound to a fake environment's parts (the asset host prefix a test may choose). */
export function fakeServices(env: Pick<Env, 'http' | 'push' | 'scheduler' | 'storage' | 'toast' | 'i18n' | 'events'>, assetUrl = (path: string) => path): ServiceMap {
  return provideServices(
    [httpRef, env.http],
    [pushRef, env.push],
    [schedulerRef, env.scheduler],
    [toastRef, env.toast],
    [i18nRef, env.i18n],
    [assetUrlRef, assetUrl],
    [sessionRef, { isLogin: false }],
    // A pick needs the root store (its book and login); these tests have none, so a pick is never on sale.
    [betSlipRef, { add: (selection: SelectionEvent) => env.events.emit('betSlip.add', selection), addPick: async () => 'closed' as const }],
    // Opening a plugin screen is the root store's (showPluginScreen); these tests have none to open it on.
    [screenRef, { open: () => undefined }],
  );
}
