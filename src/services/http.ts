import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { CallFailure } from '../sdk/services';
import { consoleLogger, type Logger } from './logger';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send this call without the Authorization header (anonymous calls: leagues, recommend search, results, ...). */
    noAuth?: boolean;
  }
}

/** `banner` is the spec's banner host ({banner-host}/ssapi/bannerList/search), which names its language `languageType`. */
export type ServiceName = 'betting' | 'match' | 'forehead' | 'media' | 'results' | 'banner';

/** Response codes of the spec's error catalogue (document 1 section 8, document 2 section 8). */
export const CODES = {
  nodeSuccess: 0,
  success: 1,
  expired: 405,
  noUser: 400,
  kicked: 505,
  forbidden: 403,
  imageCodeError: 200025,
  validateCode: 200028,
  bettingExpired: 14010,
} as const;

/** Codes that end or refuse the session; they go to the host's navigation function when there is one. */
export const SESSION_CODES: readonly number[] = [CODES.expired, CODES.noUser, CODES.kicked, CODES.forbidden];

/** Codes this client gives failures that never reached a platform answer. */
export const LOCAL_CODES = { network: -1, cancelled: -2 } as const;

export const CANCEL_MESSAGE = 'http cancel';
export const DEFAULT_TIMEOUT_MS = 15000;
/** Request header that marks a call as anonymous; it is removed before the request leaves. */
export const NO_AUTH_HEADER = 'x-no-auth';

export interface ApiErrorInit {
  code: number;
  message: string;
  service: ServiceName;
  httpStatus?: number;
  /** The whole answer body, when there was one: some callers show platform details. */
  body?: unknown;
}

/** A failed call; what plugins read of it is the SDK's CallFailure. */
export class ApiError extends Error implements CallFailure {
  readonly code: number;
  readonly service: ServiceName;
  readonly httpStatus?: number;
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.service = init.service;
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
    if (init.body !== undefined) this.body = init.body;
  }

  get cancelled(): boolean {
    return this.code === LOCAL_CODES.cancelled;
  }

  get network(): boolean {
    return this.code === LOCAL_CODES.network;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

export interface HttpDeps {
  /** Base URL of each service. */
  domains: Record<ServiceName, string>;
  getToken(): string | null;
  clearToken(): void;
  /** Language code sent on forehead, results, match-data and media calls (CMN, ENG, VIE, THA, ...), passed through as given. */
  getLanguage(): string;
  /** The host's navigation function; present only when the host supplies one. */
  onSessionCode?: (code: number) => void;
  /** Opens the app's login dialog. */
  requestLogin(): void;
  /** Shows the network error toast. */
  notifyNetworkError(message?: string): void;
  logger?: Logger;
  timeoutMs?: number;
}

/**
 * One axios instance per service. The interceptors resolve a call with the envelope's `data`, not
 * the AxiosResponse, so every caller deals with the payload and never re-checks codes; type a call
 * with the second type parameter: `http.match.post<unknown, Page>(url, body)`.
 */
export type HttpClients = Record<ServiceName, AxiosInstance>;
// Plugins get these clients as the SDK's narrower HttpClients (httpRef): the app binds them where that type is expected.

const SERVICES: readonly ServiceName[] = ['betting', 'match', 'forehead', 'media', 'results', 'banner'];
// Every service that answers names carries the language; the betting service answers none.
const LANGUAGE_SERVICES: ReadonlySet<ServiceName> = new Set<ServiceName>(['forehead', 'results', 'match', 'media']);
const BODY_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const toCode = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

const isFlagSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== false && value !== '' && value !== '0' && value !== 'false';

type Verdict =
  | { kind: 'plain' }
  | { kind: 'ok'; data: unknown }
  | { kind: 'error'; code: number; message: string };

function judge(service: ServiceName, body: unknown): Verdict {
  if (!isRecord(body)) return { kind: 'plain' };
  if (service === 'betting' && 'errcode' in body) {
    // Spec: "Betting answer with errcode 0 -> rejected". The betting service's own envelope is
    // { code, msg, data }; an `errcode` field only appears on its error bodies (gateway and
    // validation failures), and those carry errcode 0 as well, so the field's presence, whatever
    // its value, marks the answer as a failure.
    return {
      kind: 'error',
      code: toCode(body.errcode) ?? toCode(body.code) ?? 0,
      message: String(body.errmsg ?? body.msg ?? 'betting error'),
    };
  }
  const code = toCode(body.code);
  // A body without a code is not an envelope (media and score hosts answer bare JSON): passed on as is.
  if (code === undefined) return { kind: 'plain' };
  const success = service === 'betting' ? code === CODES.nodeSuccess : code === CODES.nodeSuccess || code === CODES.success;
  if (success) return { kind: 'ok', data: body.data };
  return { kind: 'error', code, message: typeof body.msg === 'string' && body.msg !== '' ? body.msg : `code ${code}` };
}

export function createHttp(deps: HttpDeps): HttpClients {
  const logger = deps.logger ?? consoleLogger;

  const safely = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      logger.error(`[http] ${what} failed`, error);
    }
  };

  const readToken = (): string | null => {
    try {
      return deps.getToken();
    } catch (error) {
      logger.warn('[http] cannot read the token', error);
      return null;
    }
  };

  const failWithCode = (service: ServiceName, code: number, message: string, body: unknown, httpStatus?: number) => {
    if (service === 'betting' && code === CODES.bettingExpired) {
      safely('clearToken', () => deps.clearToken());
      safely('requestLogin', () => deps.requestLogin());
      const navigate = deps.onSessionCode;
      if (navigate) safely('onSessionCode', () => navigate(code));
    } else if (SESSION_CODES.includes(code)) {
      const navigate = deps.onSessionCode;
      if (navigate) safely('onSessionCode', () => navigate(code));
    }
    return new ApiError({ code, message, service, body, ...(httpStatus === undefined ? {} : { httpStatus }) });
  };

  const addLanguage = (config: InternalAxiosRequestConfig) => {
    const language = deps.getLanguage();
    if (!language) return;
    const method = (config.method ?? 'get').toLowerCase();
    if (BODY_METHODS.has(method)) {
      // Object bodies only: form bodies and pre-serialised strings are the caller's exact payload.
      if (config.data === undefined || config.data === null) config.data = { language };
      else if (isPlainObject(config.data) && config.data.language === undefined) config.data = { ...config.data, language };
      return;
    }
    const params: unknown = config.params;
    if (params instanceof URLSearchParams) {
      if (!params.has('language')) params.set('language', language);
    } else if (params === undefined || params === null) {
      config.params = { language };
    } else if (isPlainObject(params) && params.language === undefined) {
      config.params = { ...params, language };
    }
  };

  const build = (service: ServiceName): AxiosInstance => {
    const instance = axios.create({ baseURL: deps.domains[service], timeout: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS });

    instance.interceptors.request.use((config) => {
      const headers = AxiosHeaders.from(config.headers);
      const headerFlag = headers.get(NO_AUTH_HEADER);
      headers.delete(NO_AUTH_HEADER);
      if (config.noAuth !== true && !isFlagSet(headerFlag) && !headers.has('Authorization')) {
        const token = readToken();
        if (token) headers.set('Authorization', token);
      }
      config.headers = headers;
      if (LANGUAGE_SERVICES.has(service)) addLanguage(config);
      return config;
    });

    instance.interceptors.response.use(
      (response) => {
        const verdict = judge(service, response.data);
        if (verdict.kind === 'plain') return response.data;
        if (verdict.kind === 'ok') return verdict.data;
        throw failWithCode(service, verdict.code, verdict.message, response.data);
      },
      (error: unknown) => {
        if (error instanceof ApiError) throw error;
        if (axios.isCancel(error) || (axios.isAxiosError(error) && error.code === 'ERR_CANCELED')) {
          throw new ApiError({ code: LOCAL_CODES.cancelled, message: CANCEL_MESSAGE, service });
        }
        if (!axios.isAxiosError(error)) throw error;
        const axiosError: AxiosError = error;
        const response = axiosError.response;
        if (response) {
          // The platform answers bad input with a 4xx that still carries an envelope: that is a
          // business answer, handled by its code, not a network failure. A success code on a failed
          // status contradicts itself and counts as an HTTP error.
          const verdict = judge(service, response.data);
          if (verdict.kind === 'error') {
            throw failWithCode(service, verdict.code, verdict.message, response.data, response.status);
          }
        }
        const message = axiosError.message || 'Network Error';
        logger.warn(`[http] ${service} ${axiosError.config?.method ?? ''} ${axiosError.config?.url ?? ''}: ${message}`);
        safely('notifyNetworkError', () => deps.notifyNetworkError(message));
        throw new ApiError({
          code: LOCAL_CODES.network,
          message,
          service,
          ...(response ? { httpStatus: response.status, body: response.data } : {}),
        });
      },
    );

    return instance;
  };

  const clients = {} as HttpClients;
  for (const service of SERVICES) clients[service] = build(service);
  return clients;
}
