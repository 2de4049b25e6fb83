import { consoleLogger, type Logger } from './logger';
import { tryJsonParse } from './safeJson';

export interface CollectedMatch {
  matchId: string | number;
  sportId: number;
  sportName: string;
}

export interface WaitingOrder {
  orderId: string;
  /** Order status code (spec section 4: Created 0, Confirming 1, ...). */
  status: number;
  description?: string;
}

/** An order whose cash out is being confirmed, followed by the early-settlement poll (figures as before the cash out). */
export interface PollingCashOut {
  orderId: string;
  /** The cash out followed, when known (the execute answer); otherwise the order's newest cash out. */
  cashOutId?: string;
  remainingPrincipal: string;
  cashOutPayoutStake: string;
  cashOutTotalAmount: string;
  lastWinAmount: string;
  rate: string;
  cashOutCount: number;
}

export interface LanguageFile {
  lng: string;
  data: Record<string, unknown>;
  /** Epoch ms of the last download; the file is refreshed after one day. */
  updatedAt: number;
}

/** Odds formats: Europe 1, Hong Kong 2, Malaysia 3, Indonesia 4. */
export type OddsFormatId = 1 | 2 | 3 | 4;
/** Odds-change acceptance: none 0, better only 1, any 2. */
export type OddsChangeAcceptance = 0 | 1 | 2;
export type ListOrder = 0 | 1;

export interface StorageValues {
  collectedMatches: CollectedMatch[];
  waitingOrders: WaitingOrder[];
  cashOutPolling: PollingCashOut[];
  languageFile: LanguageFile | null;
  locale: string;
  handicapFormat: OddsFormatId;
  oddsChange: OddsChangeAcceptance;
  /** A visitor's order of match lists (getList orderBy: 0 kick-off time, 1 league); a member's is stored on the platform. */
  listOrder: ListOrder;
  auth: string | null;
  domain: string | null;
  deviceId: string | null;
  betSlip: unknown;
  barrageVisible: boolean;
}

export type StorageKey = keyof StorageValues;

export interface AppStorage {
  readonly merchantId: string;
  /** The stored value, or the key's default when nothing valid is stored. Never throws. */
  get<K extends StorageKey>(key: K): StorageValues[K];
  /** Stores the value; `null` or `undefined` removes it. False when the browser refused the write. */
  set<K extends StorageKey>(key: K, value: StorageValues[K] | null | undefined): boolean;
  remove(key: StorageKey): void;
  /** Removes every key of this merchant; the shared keys (auth, domain, deviceId) stay. */
  clearMerchant(): void;
}

const PREFIX = 'sport-pc';

/*
 * The login token, the API domain and the device id describe this browser and its session, not a
 * merchant: the host hands over one token and one domain whichever merchant skin is mounted, and
 * the device id must stay stable for the platform's device tracking. So these three live under
 * `sport-pc:<key>`; everything else is per merchant under `sport-pc:<merchantId>:<key>`.
 */
const SHARED_KEYS: ReadonlySet<StorageKey> = new Set<StorageKey>(['auth', 'domain', 'deviceId']);

type Reader<T> = (value: unknown) => T | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString: Reader<string> = (v) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Lists keep their valid items, so one bad entry does not cost the user all the others. */
const listOf =
  <T>(isItem: (item: unknown) => item is T): Reader<T[]> =>
  (v) =>
    Array.isArray(v) ? v.filter(isItem) : undefined;

const isCollectedMatch = (item: unknown): item is CollectedMatch =>
  isRecord(item) &&
  (typeof item.matchId === 'string' || typeof item.matchId === 'number') &&
  typeof item.sportId === 'number' &&
  typeof item.sportName === 'string';

const isWaitingOrder = (item: unknown): item is WaitingOrder =>
  isRecord(item) &&
  typeof item.orderId === 'string' &&
  typeof item.status === 'number' &&
  (item.description === undefined || typeof item.description === 'string');

const isPollingCashOut = (item: unknown): item is PollingCashOut =>
  isRecord(item) &&
  typeof item.orderId === 'string' &&
  item.orderId !== '' &&
  (item.cashOutId === undefined || typeof item.cashOutId === 'string') &&
  ['remainingPrincipal', 'cashOutPayoutStake', 'cashOutTotalAmount', 'lastWinAmount', 'rate'].every((k) => typeof item[k] === 'string') &&
  typeof item.cashOutCount === 'number';

interface KeySpec<T> {
  fallback: () => T;
  read: Reader<T>;
}

const SPECS: { [K in StorageKey]: KeySpec<StorageValues[K]> } = {
  collectedMatches: { fallback: () => [], read: listOf(isCollectedMatch) },
  waitingOrders: { fallback: () => [], read: listOf(isWaitingOrder) },
  cashOutPolling: { fallback: () => [], read: listOf(isPollingCashOut) },
  languageFile: {
    fallback: () => null,
    read: (v) =>
      isRecord(v) && typeof v.lng === 'string' && isRecord(v.data) && typeof v.updatedAt === 'number'
        ? { lng: v.lng, data: v.data, updatedAt: v.updatedAt }
        : undefined,
  },
  // Empty means the member never chose: the merchant's default language applies.
  locale: { fallback: () => '', read: nonEmptyString },
  // Spec: "default handicap: Europe".
  handicapFormat: {
    fallback: () => 1,
    read: (v) => (v === 1 || v === 2 || v === 3 || v === 4 ? v : undefined),
  },
  // Spec: odds-change acceptance defaults to "better only" (1).
  oddsChange: { fallback: () => 1, read: (v) => (v === 0 || v === 1 || v === 2 ? v : undefined) },
  // The platform's default order: kick-off time.
  listOrder: { fallback: () => 0, read: (v) => (v === 0 || v === 1 ? v : undefined) },
  auth: { fallback: () => null, read: nonEmptyString },
  domain: { fallback: () => null, read: nonEmptyString },
  deviceId: { fallback: () => null, read: nonEmptyString },
  // The bet slip store validates its own snapshot; here any well-formed JSON is accepted.
  betSlip: { fallback: () => null, read: (v) => v },
  barrageVisible: { fallback: () => true, read: (v) => (typeof v === 'boolean' ? v : undefined) },
};

export function storageKey(merchantId: string, key: StorageKey): string {
  return SHARED_KEYS.has(key) ? `${PREFIX}:${key}` : `${PREFIX}:${merchantId}:${key}`;
}

/** Keeps the app working where localStorage is missing or throws (sandboxed iframes, some private modes). */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

function defaultBackend(): Storage {
  try {
    return window.localStorage;
  } catch {
    return createMemoryStorage();
  }
}

export function createStorage(
  merchantId: string,
  backend: Storage = defaultBackend(),
  logger: Logger = consoleLogger,
): AppStorage {
  if (merchantId === '') throw new TypeError('createStorage: merchantId must not be empty');

  const merchantPrefix = `${PREFIX}:${merchantId}:`;

  const get = <K extends StorageKey>(key: K): StorageValues[K] => {
    const spec = SPECS[key];
    let raw: string | null = null;
    try {
      raw = backend.getItem(storageKey(merchantId, key));
    } catch (error) {
      logger.warn(`[storage] cannot read ${key}`, error);
    }
    const parsed = tryJsonParse(raw);
    if (!parsed.ok) return spec.fallback();
    const value = spec.read(parsed.value);
    return value === undefined ? spec.fallback() : value;
  };

  const remove = (key: StorageKey) => {
    try {
      backend.removeItem(storageKey(merchantId, key));
    } catch (error) {
      logger.warn(`[storage] cannot remove ${key}`, error);
    }
  };

  const set = <K extends StorageKey>(key: K, value: StorageValues[K] | null | undefined): boolean => {
    if (value === null || value === undefined) {
      remove(key);
      return true;
    }
    try {
      backend.setItem(storageKey(merchantId, key), JSON.stringify(value));
      return true;
    } catch (error) {
      logger.warn(`[storage] cannot write ${key}`, error);
      return false;
    }
  };

  const clearMerchant = () => {
    try {
      const keys: string[] = [];
      for (let i = 0; i < backend.length; i += 1) {
        const key = backend.key(i);
        if (key !== null && key.startsWith(merchantPrefix)) keys.push(key);
      }
      for (const key of keys) backend.removeItem(key);
    } catch (error) {
      logger.warn('[storage] cannot clear merchant keys', error);
    }
  };

  return { merchantId, get, set, remove, clearMerchant };
}

export interface UrlParams {
  token?: string;
  apiSrc?: string;
}

/**
 * Spec section 9: the URL parameters `token` and `apiSrc`. Read here, stored by the callers only once they pass
 * the checks that keep a link from sending the member's token elsewhere (chooseApiBase) or silently switching
 * the signed-in account (SessionStore.acceptLinkToken).
 */
export function readUrlParams(search: string): UrlParams {
  const params = new URLSearchParams(search);
  const found: UrlParams = {};
  const token = params.get('token');
  if (token) found.token = token;
  const apiSrc = params.get('apiSrc');
  if (apiSrc) found.apiSrc = apiSrc;
  return found;
}

/**
 * Takes `token` out of the address bar (other parameters and the hash stay), so it is not left in the history,
 * a bookmark, a shared screenshot or the Referer of the next request.
 */
export function removeTokenFromAddress(location: Location, history: History): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
