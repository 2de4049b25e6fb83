import { describe, expect, it, jest } from '@jest/globals';
import { SETTINGS_PATHS } from '../../contract/paths';
import { APP_LOG_DELAY_MS, createAppLog } from './appLog';
import { createScheduler } from './scheduler';

function appLog({ fail = false } = {}) {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const post = jest.fn(async (_url: string, _body: unknown) => (fail ? Promise.reject(new Error('down')) : { stored: 1 }));
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const log = createAppLog({
    http: { forehead: { post } } as never,
    scheduler: createScheduler({ logger }),
    logger,
    now: () => 1000,
    origin: () => 'http://127.0.0.1/spa/sport-pc/',
    member: () => ({ uid: '7', username: 'demo' }),
    token: () => 'secret-token-value',
  });
  return { log, post, logger };
}

describe('the app log client', () => {
  it('posts events together with the page origin, uid and username, never the token', async () => {
    const { log, post } = appLog();
    log.report({ level: 'info', event: 'signIn' });
    log.report({ level: 'error', event: 'error.uncaught', message: 'failed with secret-token-value in it' });
    expect(post).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(APP_LOG_DELAY_MS);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(SETTINGS_PATHS.logAdd, {
      events: [
        { level: 'info', event: 'signIn', origin: 'http://127.0.0.1/spa/sport-pc/', time: 1000, uid: '7', username: 'demo' },
        { level: 'error', event: 'error.uncaught', origin: 'http://127.0.0.1/spa/sport-pc/', time: 1000, uid: '7', username: 'demo', message: 'failed with [token] in it' },
      ],
    });
    jest.useRealTimers();
  });

  it('sends at most 20 a post, the rest in the next, and a failed post is only logged', async () => {
    const { log, post, logger } = appLog({ fail: true });
    for (let i = 0; i < 25; i += 1) log.report({ level: 'warn', event: `e${i}` });
    await jest.advanceTimersByTimeAsync(APP_LOG_DELAY_MS);
    expect((post.mock.calls[0]![1] as { events: unknown[] }).events).toHaveLength(20);
    await jest.advanceTimersByTimeAsync(APP_LOG_DELAY_MS);
    expect((post.mock.calls[1]![1] as { events: unknown[] }).events).toHaveLength(5);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(APP_LOG_DELAY_MS * 3);
    expect(post).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });
});
