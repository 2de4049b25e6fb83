import { types, type Instance } from 'mobx-state-tree';

/** The match the right column's live video panel follows: the last one with video shown or picked. */
export interface LiveVideoMatch {
  matchId: number;
  /** Scheme A: picks the animation plugin when the stage falls back to the animation. */
  sportId: number;
  /** The teams' names in `language`; after a switch the panel asks the platform for them in the new one. */
  title: string;
  /** The spec's language code (CMN, ENG, ...) the title is in. */
  language: string;
}

/** "Home – Away", as a match is named in titles (live video, the match screen's heading). */
export const matchTitle = (match: { matchInfo: { homeName: string; awayName: string } }) => `${match.matchInfo.homeName} – ${match.matchInfo.awayName}`;

/** The main views that are a screen of their own, shown by RootStore.showScreen. */
export type ScreenView = 'home' | 'hot' | 'favourites' | 'myBets' | 'rules' | 'results' | 'settings' | 'titles' | 'lobby';
export type MainView = 'home' | 'list' | 'hot' | 'favourites' | 'myBets' | 'rules' | 'results' | 'settings' | 'match' | 'outright' | 'room' | 'titles' | 'plugin' | 'lobby';

const VIEWS: MainView[] = ['home', 'list', 'hot', 'favourites', 'myBets', 'rules', 'results', 'settings', 'match', 'outright', 'room', 'titles', 'plugin', 'lobby'];
/** Screens of one thing (a match, an outright, a live room): Back from any of them returns to the view before the first. */
const ONE_THING = new Set<MainView>(['match', 'outright', 'room']);

export function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Screen state that is not data: which dialog is open, which sport is selected, maintenance. */
export const UiStore = types
  .model('UiStore', {
    loginDialogOpen: false,
    /** Why the dialog opened, shown as its hint (e.g. "please log in to place bets"). */
    loginReason: types.maybe(types.string),
    activeSportId: types.maybe(types.number),
    /** Which main view shows: home, the match list (its type and sport live in matchList), hot matches, favourites, my bets, the betting rules, match results, the member's settings, the live lobby (every live and upcoming room), or one match, outright or live room. */
    view: types.optional(types.enumeration<MainView>(VIEWS), 'home'),
    /**
     * The match the match screen shows (view 'match') or the outright its screen shows (view 'outright': an outright
     * is a match id on the wire), and the view it was opened from, where Back returns.
     */
    matchId: types.maybe(types.number),
    returnView: types.optional(types.enumeration<MainView>(VIEWS), 'home'),
    /** The live room its screen shows (view 'room'): the room asked for; the screen may show another when it is gone. */
    roomId: types.maybe(types.number),
    /** The live room's bet-slip toggle: the slip (the right column) hides while the room shows. */
    slipHidden: false,
    /** The platform's time zone (config `timezone`), in which "today" ends. */
    timezone: 'Asia/Shanghai',
    platformMaintenance: false,
    /** The merchant the app runs for (host prop, `?merchant=` or "default"): the product id (`pid`) of media calls. */
    merchantId: 'default',
    liveVideo: types.maybe(types.frozen<LiveVideoMatch>()),
    /** The plugin screen view 'plugin' shows: the `screen` an `app.screen` extension declares (src/features/home/points.ts). */
    pluginScreen: types.maybe(types.string),
    /** What the plugin screen has open (an expert, a message): its own word, carried by the address (`&detail=`). */
    pluginDetail: types.maybe(types.string),
    /**
     * What a screen shows inside that belongs in its address (src/features/home/screenUrl.ts SCREEN_PARAMS: My bets' tab and
     * dates, the rules tab), per view, so reload, Back and a shared link open it the same way, and a return to the
     * screen finds it as it was left. The screen reads and validates its own values; defaults are left out.
     */
    screenParams: types.frozen<Partial<Record<MainView, Readonly<Record<string, string>>>>>({}),
  })
  /**
   * now: client time, advanced once a second while the page is visible, for clocks that tick between updates.
   * listReturnMatchId: the match whose screen Back just left for the list, which scrolls to its row once so the member
   * is where they were (the list mounts anew, at the top or at the match screen's scroll).
   */
  .volatile(() => ({ now: Date.now(), listReturnMatchId: undefined as number | undefined }))
  .actions((self) => ({
    /** A screen of one thing: a match or an outright (`id` is a match id), or a live room (`id` is a room id: an anchor badge, another room of the anchor, `?roomId=`). */
    showOne(view: 'match' | 'outright' | 'room', id: number) {
      if (!ONE_THING.has(self.view)) self.returnView = self.view;
      if (view === 'room') self.roomId = id;
      else self.matchId = id;
      self.view = view;
    },
  }))
  .actions((self) => ({
    openLogin(reason?: string) {
      self.loginDialogOpen = true;
      self.loginReason = reason;
    },
    closeLogin() {
      self.loginDialogOpen = false;
      self.loginReason = undefined;
    },
    selectSport(sportId: number | undefined) {
      self.activeSportId = sportId;
    },
    showView(view: MainView) {
      self.view = view;
    },
    showMatch(matchId: number) {
      self.showOne('match', matchId);
    },
    /** An outright's own screen: its runners, no scoreboard or media. */
    showOutright(outrightId: number) {
      self.showOne('outright', outrightId);
    },
    setSlipHidden(hidden: boolean) {
      self.slipHidden = hidden;
    },
    /** Back from the match, outright or live room screen to where it was opened. */
    leaveMatch() {
      self.listReturnMatchId = self.view === 'match' && self.returnView === 'list' ? self.matchId : undefined;
      self.view = self.returnView;
    },
    /** The list has scrolled to the match Back returned from (or found it gone). */
    clearListReturn() {
      self.listReturnMatchId = undefined;
    },
    /** The live video panel plays this match (a match with video was shown, or the member picked it there). */
    watchLive(match: LiveVideoMatch) {
      self.liveVideo = match;
    },
    /** The followed match's names in another language (the panel asked for them after a switch). */
    renameLiveVideo(matchId: number, title: string, language: string) {
      if (self.liveVideo?.matchId === matchId) self.liveVideo = { ...self.liveVideo, title, language };
    },
    stopLive() {
      self.liveVideo = undefined;
    },
    setTimezone(timezone: string) {
      self.timezone = timezone;
    },
    setNow(now: number) {
      self.now = now;
    },
    setMerchantId(merchantId: string) {
      self.merchantId = merchantId;
    },
    setPlatformMaintenance(value: boolean) {
      self.platformMaintenance = value;
    },
    /** A screen's own address parameters (see screenParams); the same values again change nothing. */
    setScreenParams(view: MainView, params: Readonly<Record<string, string>>) {
      if (sameParams(self.screenParams[view] ?? {}, params)) return;
      self.screenParams = { ...self.screenParams, [view]: { ...params } };
    },
    showPluginScreen(screen: string, detail?: string) {
      self.pluginScreen = screen;
      self.pluginDetail = detail;
      self.view = 'plugin';
    },
  }));

export type UiStoreInstance = Instance<typeof UiStore>;
