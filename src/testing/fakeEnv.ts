import { jest } from '@jest/globals';
import type { i18n as I18n } from 'i18next';
import type { HostCallbacks } from '../host/hostProps';
import { createKernelEvents } from '../kernel/events';
import type { HttpClients } from '../services/http';
import type { PushClient } from '../services/push';
import { createScheduler } from '../services/scheduler';
import { createMemoryStorage, createStorage } from '../services/storage';
import { createToaster } from '../core/store/toast';
import type { Env } from '../core/store/env';
import { createLiveBook } from '../core/store/liveBook';
import type { OfferedSports } from '../../domain/sports';
import { registry } from '../kernel/registry';
import { offeredSportsOf } from '../kernel/sports';

type Call = (url: string, body?: unknown, config?: unknown) => Promise<unknown>;

/** HTTP clients whose calls are jest mocks: tests say what each call answers. */
export function fakeHttp() {
  const client = () => ({ post: jest.fn<Call>(), get: jest.fn<Call>() });
  return { betting: client(), match: client(), forehead: client(), media: client(), results: client(), banner: client() };
}

/**
 * A fake environment for a store. `sports`: what the merchant offers; default every sport of the app's plugins, as with
 * every plugin on.
 */
export function fakeEnv(overrides: { host?: HostCallbacks; now?: () => number; i18n?: Partial<I18n>; sports?: OfferedSports } = {}) {
  const http = fakeHttp();
  const silent = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const env = {
    http: http as unknown as HttpClients,
    push: { subscribe: jest.fn(() => () => undefined), auth: jest.fn(), route: jest.fn(() => () => undefined), isSubscribed: jest.fn(() => false), state: jest.fn(() => 'closed'), status: jest.fn(() => ({ state: 'open' })), onStatus: jest.fn(() => () => undefined), retry: jest.fn(), close: jest.fn() } as unknown as PushClient,
    scheduler: createScheduler({ logger: silent }),
    storage: createStorage('test', createMemoryStorage(), silent),
    clock: { now: overrides.now ?? (() => Date.now()) },
    i18n: { language: 'zh-CN', changeLanguage: jest.fn(async () => undefined), t: (key: string) => key, ...overrides.i18n } as unknown as I18n,
    host: overrides.host ?? {},
    toast: createToaster(),
    logger: silent,
    liveBook: createLiveBook({ now: overrides.now ?? (() => Date.now()) }),
    events: createKernelEvents(),
    sports: overrides.sports ?? offeredSportsOf({ plugins: [...registry.keys()].map((id) => ({ id, enabled: true })) }),
  } satisfies Env;
  return { env, http };
}

/**
 * The env of a later mount over the same storage and services (a reload): each mount makes its own toast stack and live
 * book (app.tsx), and the root it creates takes them into its tree, so no two roots share them.
 */
export const nextMount = (env: Env): Env => ({ ...env, toast: createToaster(), liveBook: createLiveBook({ now: env.clock.now }) });
