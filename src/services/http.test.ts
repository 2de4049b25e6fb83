import { describe, expect, it, jest } from '@jest/globals';
import { AxiosError, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  ApiError,
  CANCEL_MESSAGE,
  CODES,
  LOCAL_CODES,
  SESSION_CODES,
  createHttp,
  type HttpClients,
  type HttpDeps,
  type ServiceName,
} from './http';

type Reply =
  | { status: number; body: unknown }
  | { network: string; code?: string };

interface Harness {
  http: HttpClients;
  deps: HttpDeps & {
    clearToken: jest.Mock<() => void>;
    requestLogin: jest.Mock<() => void>;
    notifyNetworkError: jest.Mock<(message?: string) => void>;
  };
  calls: string[];
  sent: InternalAxiosRequestConfig[];
  reply(service: ServiceName, reply: Reply): void;
}

function setup(options: { token?: string | null; host?: boolean; language?: string } = {}): Harness {
  const calls: string[] = [];
  const sent: InternalAxiosRequestConfig[] = [];
  let token = options.token === undefined ? 'tok-1' : options.token;
  const deps = {
    domains: {
      betting: 'https://bet.example',
      match: 'https://match.example',
      forehead: 'https://fh.example',
      media: 'https://media.example',
      results: 'https://results.example',
      banner: 'https://banner.example',
    },
    getToken: () => token,
    clearToken: jest.fn(() => {
      calls.push('clearToken');
      token = null;
    }),
    getLanguage: () => options.language ?? 'ENG',
    requestLogin: jest.fn(() => {
      calls.push('requestLogin');
    }),
    notifyNetworkError: jest.fn((message?: string) => {
      calls.push(`network:${message}`);
    }),
    logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
    ...(options.host
      ? {
          onSessionCode: jest.fn((code: number) => {
            calls.push(`host:${code}`);
          }),
        }
      : {}),
  };
  const http = createHttp(deps);
  const reply = (service: ServiceName, next: Reply) => {
    const adapter: AxiosAdapter = async (config) => {
      sent.push(config);
      if ('network' in next) throw new AxiosError(next.network, next.code ?? AxiosError.ERR_NETWORK, config);
      const response: AxiosResponse = {
        data: next.body,
        status: next.status,
        statusText: String(next.status),
        headers: {},
        config,
      };
      if (next.status >= 200 && next.status < 300) return response;
      throw new AxiosError(`Request failed with status code ${next.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    };
    http[service].defaults.adapter = adapter;
  };
  return { http, deps, calls, sent, reply };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to be rejected');
}

const MAIN_SERVICES: ServiceName[] = ['match', 'forehead', 'results', 'media'];

describe('constants', () => {
  it('exports the catalogue codes', () => {
    // The spec's values, grouped by what the client does with them (the tests below use each group by number).
    expect([CODES.nodeSuccess, CODES.success]).toEqual([0, 1]);
    expect([CODES.noUser, CODES.forbidden, CODES.expired, CODES.kicked]).toEqual([400, 403, 405, 505]);
    expect([CODES.imageCodeError, CODES.validateCode]).toEqual([200025, 200028]);
    expect(CODES.bettingExpired).toBe(14010);
    expect(Object.keys(CODES)).toHaveLength(9);
    expect([...SESSION_CODES].sort()).toEqual([400, 403, 405, 505]);
  });
});

describe('main clients: success envelope', () => {
  it.each(MAIN_SERVICES.flatMap((service) => [0, 1].map((code) => [service, code] as const)))(
    '%s resolves the envelope data for code %i',
    async (service, code) => {
      const h = setup();
      h.reply(service, { status: 200, body: { code, msg: 'ok', data: { records: [1, 2] } } });
      await expect(h.http[service].post('/x', {})).resolves.toEqual({ records: [1, 2] });
    },
  );

  it('accepts a numeric string code', async () => {
    const h = setup();
    h.reply('match', { status: 200, body: { code: '1', data: 7 } });
    await expect(h.http.match.get('/x')).resolves.toBe(7);
  });

  it('passes a body without a code through as is', async () => {
    const h = setup();
    h.reply('media', { status: 200, body: { video: 'v.m3u8', animation: 'a.html' } });
    await expect(h.http.media.get('/video')).resolves.toEqual({ video: 'v.m3u8', animation: 'a.html' });
  });
});

describe('main clients: error codes', () => {
  it.each(MAIN_SERVICES)('%s rejects any other code with an ApiError', async (service) => {
    const h = setup();
    h.reply(service, { status: 200, body: { code: 500, msg: 'Under maintenance', data: null } });
    const error = await rejection(h.http[service].post('/x', {}));
    expect(error).toMatchObject({ code: 500, message: 'Under maintenance', service });
    expect(error.httpStatus).toBeUndefined();
    expect(h.deps.notifyNetworkError).not.toHaveBeenCalled();
  });

  it.each([200025, 200028])('rejects code %i without session handling', async (code) => {
    const h = setup({ host: true });
    h.reply('forehead', { status: 200, body: { code, msg: 'code error' } });
    expect(await rejection(h.http.forehead.post('/login', {}))).toMatchObject({ code });
    expect(h.deps.onSessionCode).not.toHaveBeenCalled();
    expect(h.deps.clearToken).not.toHaveBeenCalled();
  });

  it.each(SESSION_CODES)('session code %i goes to the host navigation function and rejects', async (code) => {
    const h = setup({ host: true });
    h.reply('forehead', { status: 200, body: { code, msg: 'session' } });
    expect(await rejection(h.http.forehead.post('/x', {}))).toMatchObject({ code, service: 'forehead' });
    expect(h.deps.onSessionCode).toHaveBeenCalledWith(code);
    expect(h.deps.requestLogin).not.toHaveBeenCalled();
  });

  it.each(SESSION_CODES)('session code %i only rejects when there is no host navigation', async (code) => {
    const h = setup();
    h.reply('match', { status: 200, body: { code, msg: 'session' } });
    expect(await rejection(h.http.match.post('/x', {}))).toMatchObject({ code });
    expect(h.deps.clearToken).not.toHaveBeenCalled();
  });

  it('a host navigation function that throws does not change the rejection', async () => {
    const h = setup();
    const http = createHttp({
      ...h.deps,
      onSessionCode: () => {
        throw new Error('host broke');
      },
    });
    http.forehead.defaults.adapter = async (config) => ({ data: { code: 505 }, status: 200, statusText: 'OK', headers: {}, config });
    expect(await rejection(http.forehead.post('/x', {}))).toMatchObject({ code: 505 });
  });
});

describe('betting client', () => {
  it('resolves the data of code 0', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { code: 0, msg: 'success', data: [{ oid: 'a', st: 4 }] } });
    await expect(h.http.betting.post('/v1/order/getStakeOrderStatus', { orderIds: ['a'] })).resolves.toEqual([
      { oid: 'a', st: 4 },
    ]);
  });

  it('rejects code 1, which is success only on the main clients', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { code: 1, msg: 'x', data: {} } });
    expect(await rejection(h.http.betting.post('/v1/order/bet/singlePass', {}))).toMatchObject({ code: 1, service: 'betting' });
  });

  it('rejects an answer with errcode 0', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { errcode: 0, errmsg: 'Market suspended' } });
    const error = await rejection(h.http.betting.post('/v1/order/bet/singlePass', {}));
    expect(error).toMatchObject({ code: 0, message: 'Market suspended', service: 'betting' });
    expect(error.body).toEqual({ errcode: 0, errmsg: 'Market suspended' });
  });

  it('rejects an answer with another errcode, even beside a success code', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { code: 0, errcode: 3001, msg: 'Odds changed', data: {} } });
    expect(await rejection(h.http.betting.post('/v1/order/betMultiple', {}))).toMatchObject({
      code: 3001,
      message: 'Odds changed',
    });
  });

  it('rejects other codes', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { code: 2001, msg: 'Bet failed' } });
    expect(await rejection(h.http.betting.post('/v1/order/bet/singlePass', {}))).toMatchObject({
      code: 2001,
      message: 'Bet failed',
    });
    expect(h.deps.clearToken).not.toHaveBeenCalled();
  });

  it('code 14010 removes the token, then opens the login dialog, and rejects', async () => {
    const h = setup();
    h.reply('betting', { status: 200, body: { code: 14010, msg: 'expired' } });
    expect(await rejection(h.http.betting.post('/v1/order/bet/list', {}))).toMatchObject({ code: 14010 });
    expect(h.calls).toEqual(['clearToken', 'requestLogin']);
    expect(h.deps.getToken()).toBeNull();
  });

  it('code 14010 also goes to the host navigation function when there is one', async () => {
    const h = setup({ host: true });
    h.reply('betting', { status: 200, body: { code: 14010, msg: 'expired' } });
    await rejection(h.http.betting.post('/v1/order/bet/list', {}));
    expect(h.calls).toEqual(['clearToken', 'requestLogin', 'host:14010']);
  });

  it('code 14010 on another service is an ordinary error', async () => {
    const h = setup({ host: true });
    h.reply('match', { status: 200, body: { code: 14010, msg: 'x' } });
    await rejection(h.http.match.post('/x', {}));
    expect(h.calls).toEqual([]);
  });
});

describe('HTTP errors', () => {
  it('a non-2xx answer without an envelope shows the network toast and rejects with code -1', async () => {
    const h = setup();
    h.reply('match', { status: 502, body: '<html>Bad Gateway</html>' });
    const error = await rejection(h.http.match.post('/getList', {}));
    expect(error).toMatchObject({
      code: LOCAL_CODES.network,
      message: 'Request failed with status code 502',
      service: 'match',
      httpStatus: 502,
    });
    expect(error.network).toBe(true);
    expect(h.deps.notifyNetworkError).toHaveBeenCalledWith('Request failed with status code 502');
  });

  it('a network failure shows the network toast and rejects with code -1', async () => {
    const h = setup();
    h.reply('forehead', { network: 'Network Error' });
    const error = await rejection(h.http.forehead.get('/x'));
    expect(error).toMatchObject({ code: -1, message: 'Network Error', service: 'forehead' });
    expect(error.httpStatus).toBeUndefined();
    expect(h.calls).toEqual(['network:Network Error']);
  });

  it('a timeout shows the network toast and rejects with code -1', async () => {
    const h = setup();
    h.reply('results', { network: 'timeout of 15000ms exceeded', code: AxiosError.ECONNABORTED });
    expect(await rejection(h.http.results.post('/matchResultList', {}))).toMatchObject({
      code: -1,
      message: 'timeout of 15000ms exceeded',
    });
    expect(h.deps.notifyNetworkError).toHaveBeenCalledTimes(1);
  });

  it('a 4xx that carries an envelope is handled by its code, without the network toast', async () => {
    const h = setup({ host: true });
    h.reply('forehead', { status: 422, body: { code: 10001, msg: 'sportId must be a number' } });
    expect(await rejection(h.http.forehead.post('/x', {}))).toMatchObject({
      code: 10001,
      message: 'sportId must be a number',
      httpStatus: 422,
    });
    h.reply('forehead', { status: 401, body: { code: 405, msg: 'expired' } });
    expect(await rejection(h.http.forehead.post('/x', {}))).toMatchObject({ code: 405, httpStatus: 401 });
    expect(h.deps.onSessionCode).toHaveBeenCalledWith(405);
    expect(h.deps.notifyNetworkError).not.toHaveBeenCalled();
  });

  it('a 4xx betting envelope with 14010 logs out', async () => {
    const h = setup();
    h.reply('betting', { status: 401, body: { code: 14010, msg: 'expired' } });
    await rejection(h.http.betting.post('/v1/order/bet/list', {}));
    expect(h.calls).toEqual(['clearToken', 'requestLogin']);
  });

  it('a 5xx whose envelope claims success is still an HTTP error', async () => {
    const h = setup();
    h.reply('match', { status: 500, body: { code: 0, data: {} } });
    expect(await rejection(h.http.match.post('/x', {}))).toMatchObject({ code: -1, httpStatus: 500 });
    expect(h.deps.notifyNetworkError).toHaveBeenCalledTimes(1);
  });
});

describe('cancelled requests', () => {
  it('reject with "http cancel" and no toast when aborted before sending', async () => {
    const h = setup();
    h.reply('match', { status: 200, body: { code: 0, data: 1 } });
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(h.http.match.post('/x', {}, { signal: controller.signal }));
    expect(error.message).toBe(CANCEL_MESSAGE);
    expect(error.message).toBe('http cancel');
    expect(error.cancelled).toBe(true);
    expect(error.code).toBe(LOCAL_CODES.cancelled);
    expect(h.deps.notifyNetworkError).not.toHaveBeenCalled();
    expect(h.sent).toHaveLength(0);
  });

  it('reject with "http cancel" and no toast when aborted in flight', async () => {
    const h = setup();
    h.http.forehead.defaults.adapter = (config) =>
      new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, undefined, config)));
      });
    const controller = new AbortController();
    const pending = h.http.forehead.get('/x', { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.message).toBe('http cancel');
    expect(h.deps.notifyNetworkError).not.toHaveBeenCalled();
  });
});

describe('auth header', () => {
  it('carries the token on every service', async () => {
    const h = setup({ token: 'abc' });
    for (const service of ['betting', 'match', 'forehead', 'media', 'results'] as const) {
      h.reply(service, { status: 200, body: { code: 0, data: null } });
      await h.http[service].post('/x', {});
    }
    expect(h.sent.map((config) => config.headers.get('Authorization'))).toEqual(['abc', 'abc', 'abc', 'abc', 'abc']);
  });

  it('reads the token on each request', async () => {
    const h = setup({ token: 'first' });
    h.reply('betting', { status: 200, body: { code: 14010 } });
    await rejection(h.http.betting.post('/x', {}));
    h.reply('betting', { status: 200, body: { code: 0, data: null } });
    await h.http.betting.post('/x', {});
    expect(h.sent[0]?.headers.get('Authorization')).toBe('first');
    expect(h.sent[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no header without a token', async () => {
    const h = setup({ token: null });
    h.reply('match', { status: 200, body: { code: 0, data: null } });
    await h.http.match.post('/x', {});
    expect(h.sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('skips the token for calls marked noAuth', async () => {
    const h = setup();
    h.reply('match', { status: 200, body: { code: 0, data: null } });
    await h.http.match.post('/getOnSaleLeagues', {}, { noAuth: true });
    expect(h.sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('skips the token for the x-no-auth header flag and strips the flag', async () => {
    const h = setup();
    h.reply('forehead', { status: 200, body: { code: 0, data: null } });
    await h.http.forehead.post('/staticList', {}, { headers: { 'x-no-auth': '1' } });
    await h.http.forehead.post('/staticList', {}, { headers: { 'X-No-Auth': 1 } });
    await h.http.forehead.post('/staticList', {}, { headers: { 'x-no-auth': '0' } });
    expect(h.sent[0]?.headers.has('Authorization')).toBe(false);
    expect(h.sent[0]?.headers.has('x-no-auth')).toBe(false);
    expect(h.sent[1]?.headers.has('Authorization')).toBe(false);
    expect(h.sent[1]?.headers.has('x-no-auth')).toBe(false);
    expect(h.sent[2]?.headers.get('Authorization')).toBe('tok-1');
    expect(h.sent[2]?.headers.has('x-no-auth')).toBe(false);
  });
});

describe('language field', () => {
  const body = (config: InternalAxiosRequestConfig | undefined): unknown =>
    typeof config?.data === 'string' ? JSON.parse(config.data) : config?.data;

  it.each(['forehead', 'results', 'match', 'media'] as const)('%s adds language to POST bodies and GET params', async (service) => {
    const h = setup({ language: 'VIE' });
    h.reply(service, { status: 200, body: { code: 0, data: null } });
    await h.http[service].post('/x', { sportId: 1 });
    await h.http[service].post('/x');
    await h.http[service].get('/x', { params: { gameId: 7 } });
    await h.http[service].get('/x');
    expect(body(h.sent[0])).toEqual({ sportId: 1, language: 'VIE' });
    expect(body(h.sent[1])).toEqual({ language: 'VIE' });
    expect(h.sent[2]?.params).toEqual({ gameId: 7, language: 'VIE' });
    expect(h.sent[3]?.params).toEqual({ language: 'VIE' });
  });

  it('never overwrites an explicit language', async () => {
    const h = setup({ language: 'ENG' });
    h.reply('results', { status: 200, body: { code: 0, data: null } });
    await h.http.results.post('/gamebetim/getCompletedResults', { language: 'chs', sportId: 1 });
    await h.http.results.get('/x', { params: { language: 'vn' } });
    expect(body(h.sent[0])).toEqual({ language: 'chs', sportId: 1 });
    expect(h.sent[1]?.params).toEqual({ language: 'vn' });
  });

  it('leaves form bodies and strings alone and extends URLSearchParams params', async () => {
    const h = setup({ language: 'THA' });
    h.reply('forehead', { status: 200, body: { code: 0, data: null } });
    const form = new URLSearchParams({ matchId: '1' });
    await h.http.forehead.post('/x', form);
    await h.http.forehead.post('/x', '{"raw":true}');
    const params = new URLSearchParams({ id: '3' });
    await h.http.forehead.get('/x', { params });
    expect(String(h.sent[0]?.data)).toBe('matchId=1');
    expect(h.sent[1]?.data).toBe('{"raw":true}');
    expect(params.get('language')).toBe('THA');
  });

  it.each(['betting'] as const)('%s carries no language', async (service) => {
    const h = setup();
    h.reply(service, { status: 200, body: { code: 0, data: null } });
    await h.http[service].post('/x', { a: 1 });
    await h.http[service].get('/x');
    expect(body(h.sent[0])).toEqual({ a: 1 });
    expect(h.sent[1]?.params).toBeUndefined();
  });
});

describe('timeouts and base URLs', () => {
  it('defaults to 15 s and allows a per-call override', async () => {
    const h = setup();
    h.reply('match', { status: 200, body: { code: 0, data: null } });
    await h.http.match.get('/ssapi/team/logo');
    await h.http.match.get('/ssapi/anchor/search', { timeout: 10000 });
    expect(h.sent.map((config) => config.timeout)).toEqual([15000, 10000]);
  });

  it('gives each service its own base URL', () => {
    const h = setup();
    expect(h.http.betting.defaults.baseURL).toBe('https://bet.example');
    expect(h.http.media.defaults.baseURL).toBe('https://media.example');
    expect(h.http.results.defaults.baseURL).toBe('https://results.example');
  });
});
