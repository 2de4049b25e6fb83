import { reaction } from 'mobx';
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { RootStoreInstance } from '../../core/store/RootStore';

/**
 * Which screen shows, as the query of the page's address: every screen has a link that can be shared, reloaded and
 * reached with Back and Forward, standalone and inside a host (whose page path stays its own). The same parameters
 * open a screen from a banner or a host's link: `?list=<type>&sport=<id>`, `?view=hot|favourites|myBets|rules|results|settings|titles|lobby`
 * (My bets and the rules with their inner state: `&tab=settled&range=custom&from=2026-11-20&to=2026-11-25`, `&tab=parlay`),
 * `?matchId=<id>`, `?outrightId=<id>` (an outright's screen: its id is a match id on the wire, but it is not a match, so
 * the address says which screen to open before anything loads), `?roomId=<liveRoomId>` (a live room), `?screen=<name>` (a
 * plugin's own screen, an `app.screen` extension, with `&detail=<word>` for the one thing it has open, e.g. an expert:
 * the plugin names and reads its own values); no parameter is home.
 */
export type Screen =
  | { view: 'home' }
  | { view: 'list'; type: number; sportId?: number }
  | { view: 'hot' | 'favourites' | 'results' | 'settings' | 'titles' | 'lobby' }
  | { view: ParamView; params?: Readonly<Record<string, string>> }
  | { view: OneThing; id: number }
  | { view: 'plugin'; screen: string; detail?: string };

/**
 * Screens of one thing and the parameter that names it, in the order an address is read: should an address name
 * both (written by hand, or by an older build's anchor badge), the room wins.
 */
const ONE_THING = { room: 'roomId', match: 'matchId', outright: 'outrightId' } as const;
type OneThing = keyof typeof ONE_THING;

/**
 * Screens whose inner state is part of their address (ui.screenParams), and the parameters each owns: My bets' tab
 * (unsettled, settled, reserved) and date range (today, yesterday, thisWeek, or custom `from`/`to` days), the rules tab.
 * Each screen checks its own values; the address only carries them.
 */
const SCREEN_PARAMS = { myBets: ['tab', 'range', 'from', 'to'], rules: ['tab'] } as const;
type ParamView = keyof typeof SCREEN_PARAMS;
const hasParams = (view: string): view is ParamView => Object.hasOwn(SCREEN_PARAMS, view);
/** A parameter value worth carrying: a word or a calendar day; anything else is dropped at the door. */
const PARAM_VALUE = /^[\w-]{1,20}$/;

/** The parameters this module owns; any other (merchant, a host's own) is left as it is. */
const SCREEN_KEYS = ['list', 'sport', 'view', 'screen', 'detail', ...Object.values(ONE_THING), ...new Set(Object.values(SCREEN_PARAMS).flat())];
const NAMED_VIEWS = new Set(['hot', 'favourites', 'myBets', 'rules', 'results', 'settings', 'titles', 'lobby']);

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function parseScreen(search: string): Screen {
  const params = new URLSearchParams(search);
  for (const view of Object.keys(ONE_THING) as OneThing[]) {
    const id = positiveInt(params.get(ONE_THING[view]));
    if (id !== undefined) return { view, id };
  }
  const type = positiveInt(params.get('list'));
  if (type !== undefined) {
    const sportId = positiveInt(params.get('sport'));
    return sportId === undefined ? { view: 'list', type } : { view: 'list', type, sportId };
  }
  const view = params.get('view');
  if (view !== null && hasParams(view)) {
    const own = Object.fromEntries(SCREEN_PARAMS[view].flatMap((key) => {
      const value = params.get(key);
      return value !== null && PARAM_VALUE.test(value) ? [[key, value]] : [];
    }));
    return Object.keys(own).length > 0 ? { view, params: own } : { view };
  }
  if (view !== null && NAMED_VIEWS.has(view)) return { view } as Screen;
  const screen = params.get('screen');
  if (!screen) return { view: 'home' };
  const detail = params.get('detail');
  return detail !== null && PARAM_VALUE.test(detail) ? { view: 'plugin', screen, detail } : { view: 'plugin', screen };
}

/** The store's screen now. */
export function currentScreen(store: RootStoreInstance): Screen {
  const { ui, matchList } = store;
  switch (ui.view) {
    case 'list':
      return { view: 'list', type: matchList.type, sportId: matchList.sportId };
    case 'match':
    case 'outright':
    case 'room': {
      const id = ui.view === 'room' ? ui.roomId : ui.matchId;
      return id === undefined ? { view: 'home' } : { view: ui.view, id };
    }
    case 'myBets':
    case 'rules': {
      const params = ui.screenParams[ui.view];
      return params && Object.keys(params).length > 0 ? { view: ui.view, params } : { view: ui.view };
    }
    case 'hot':
    case 'favourites':
    case 'settings':
    case 'results':
    case 'titles':
    case 'lobby':
      return { view: ui.view };
    case 'plugin':
      if (!ui.pluginScreen) return { view: 'home' };
      return ui.pluginDetail === undefined ? { view: 'plugin', screen: ui.pluginScreen } : { view: 'plugin', screen: ui.pluginScreen, detail: ui.pluginDetail };
    default:
      return { view: 'home' };
  }
}

/** `search` with the screen's parameters replaced by `screen`'s, others kept in their order. */
export function searchFor(screen: Screen, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of SCREEN_KEYS) params.delete(key);
  if (screen.view === 'list') {
    params.set('list', String(screen.type));
    if (screen.sportId !== undefined) params.set('sport', String(screen.sportId));
  } else if ('id' in screen) {
    params.set(ONE_THING[screen.view], String(screen.id));
  } else if (screen.view === 'plugin') {
    params.set('screen', screen.screen);
    if (screen.detail !== undefined) params.set('detail', screen.detail);
  } else if (screen.view !== 'home') {
    params.set('view', screen.view);
    if ('params' in screen && screen.params) for (const key of SCREEN_PARAMS[screen.view]) if (screen.params[key] !== undefined) params.set(key, screen.params[key]);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

const sameScreen = (a: Screen, b: Screen) => searchFor(a, '') === searchFor(b, '');
/**
 * The same screen with other inner state (another My bets tab): a change of the entry, not a new one. A plugin
 * screen's detail is not such state: opening an expert is a new entry, so Back returns to the list.
 */
const withoutParams = (screen: Screen): Screen => ('params' in screen ? { view: screen.view } : screen);
const sameView = (a: Screen, b: Screen) => sameScreen(withoutParams(a), withoutParams(b));

/** Shows `screen` unless it already shows (so applying the address the store just wrote changes nothing). */
export function showScreen(store: RootStoreInstance, screen: Screen): void {
  const now = currentScreen(store);
  if (sameScreen(now, screen)) return;
  // A list link without a sport keeps the sport shown now.
  if (screen.view === 'list' && screen.sportId === undefined && now.view === 'list' && now.type === screen.type) return;
  switch (screen.view) {
    case 'list':
      void store.openList(screen.sportId === undefined ? { type: screen.type } : { type: screen.type, sportId: screen.sportId });
      return;
    case 'match':
    case 'outright':
    case 'room':
      store.ui.showOne(screen.view, screen.id);
      return;
    case 'plugin':
      store.showPluginScreen(screen.screen, screen.detail);
      return;
    case 'myBets':
    case 'rules':
      store.ui.setScreenParams(screen.view, screen.params ?? {});
      store.showScreen(screen.view);
      return;
    default:
      store.showScreen(screen.view);
  }
}

/**
 * wouter's navigate() and its patched history methods announce every change of address with these events; Back and
 * Forward come as popstate. A host's path change goes through navigate() too.
 */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/**
 * Keeps the address and the screen together: an address that changes (load, Back, Forward, a host's path change)
 * shows its screen; a screen the member opens becomes a new history entry. Listens to the address itself rather
 * than rendering from it, so a screen still loading (suspended) cannot hold the change back.
 */
export function useScreenUrl(store: RootStoreInstance): void {
  useEffect(() => {
    const apply = () => showScreen(store, parseScreen(window.location.search));
    apply();
    for (const event of ADDRESS_EVENTS) window.addEventListener(event, apply);
    const stopWriting = reaction(
      () => currentScreen(store),
      (screen, before) => {
        const next = searchFor(screen, window.location.search);
        // Another tab or date range of the screen showing replaces its entry: Back leaves the screen, and finds it as it was left.
        if (next !== window.location.search) navigate(`${window.location.pathname}${next}${window.location.hash}`, { replace: sameView(screen, before) });
      },
      { equals: (a, b) => sameScreen(a, b) },
    );
    return () => {
      for (const event of ADDRESS_EVENTS) window.removeEventListener(event, apply);
      stopWriting();
    };
  }, [store]);
}
