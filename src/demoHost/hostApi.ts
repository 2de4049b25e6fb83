import type { LoginState } from '../host/hostProps';
import { FOREHEAD_PATHS } from '../../contract/paths';

/** The few platform calls an operator's own site makes: sign-in, sign-out, refreshing the login state. */
const TOKEN_KEY = 'demo-host:token';

export interface SignedIn extends LoginState {
  token: string;
}

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json().catch(() => ({}))) as { code?: number; msg?: string; data?: T };
  if (!response.ok || (envelope.code !== 0 && envelope.code !== 1)) {
    throw Object.assign(new Error(envelope.msg ?? `HTTP ${response.status}`), { code: envelope.code });
  }
  return envelope.data as T;
}

export const hostApi = {
  storedToken: () => localStorage.getItem(TOKEN_KEY),
  async signIn(username: string, password: string): Promise<SignedIn> {
    const state = await call<SignedIn>(FOREHEAD_PATHS.login, { username, password });
    localStorage.setItem(TOKEN_KEY, state.token);
    return state;
  },
  async refresh(token: string): Promise<SignedIn> {
    return { ...(await call<LoginState>(FOREHEAD_PATHS.loginState, {}, token)), token };
  },
  async signOut(token: string): Promise<void> {
    localStorage.removeItem(TOKEN_KEY);
    await call(FOREHEAD_PATHS.logout, {}, token).catch(() => undefined);
  },
  forget() {
    localStorage.removeItem(TOKEN_KEY);
  },
};
