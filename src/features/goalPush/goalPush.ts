import { reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { PushChannel } from '../../../contract/channels';
import { BET_OPTION_KEYS, BET_RECORD_KEYS } from '../../../domain/betRecord';
import { isRecord, lineFromEvent, pick } from '../../../domain/footballEvents';
import { DELAYS } from '../../services/scheduler';
import { envOf } from '../../core/store/env';
import { existingMemberSettings } from '../settings/memberSettings';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { BETTING_PATHS } from '../../../contract/paths';

/** Spec football event types (document 1, section 3) that raise the popup: kick-off, a goal, an own goal. */
const START = 10;
const GOAL = 1;
const OWN_GOAL = 17;
/** The match's first period: a Start event in it is the kick-off, later ones are restarts nobody needs told about. */
const FIRST_HALF = 1;

const POPUP_TIMER = 'goalPush.popup';

/** Which event the popup reports (spec document 2: "begin, home-score and guest-score events"). */
export type GoalPushKind = 'begin' | 'homeScore' | 'guestScore';

export interface GoalPopup {
  matchId: number;
  kind: GoalPushKind;
  /** The pushed event's own wording in the member's language (it names the team and the player). */
  text: string;
  /** The teams in the member's language ('' when the push did not name them) and the score after the event. */
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
}

/** The accept list's scopes by index (spec document 2): 0 collected matches, 1 matches with unsettled orders, 2 all. */
const SCOPE_COLLECTED = 0;
const SCOPE_UNSETTLED = 1;
const SCOPE_ALL = 2;

/** The bet list call the unsettled scope reads, and its largest page (docs/api.md "Betting": unsettled pages hold 200). */
const UNSETTLED_PAGE = 200;
/** Events remembered for de-duplication: far more than a page's matches can score between two reloads. */
const SEEN_LIMIT = 500;

/** The match ids of an unsettled bet list page: every leg's match of every order (short keys, domain/betRecord.ts). */
export function unsettledMatchIds(page: unknown): Set<number> {
  const ids = new Set<number>();
  const records = isRecord(page) && Array.isArray(page.records) ? page.records : [];
  for (const record of records) {
    const legs = isRecord(record) ? record[BET_RECORD_KEYS.options] : undefined;
    if (!Array.isArray(legs)) continue;
    for (const leg of legs) {
      const id = isRecord(leg) ? Number(leg[BET_OPTION_KEYS.matchId]) : NaN;
      if (Number.isInteger(id) && id > 0) ids.add(id);
    }
  }
  return ids;
}

function kindOf(type: number, team: 'home' | 'away' | null, period: number): GoalPushKind | undefined {
  if (type === START) return period === FIRST_HALF ? 'begin' : undefined;
  if (type !== GOAL && type !== OWN_GOAL) return undefined;
  // The feed tags a goal, own goals included, with the side it counts for (contract/push.ts matchEventSchema.team):
  // the side whose score rose, which is the side the popup names.
  return team === 'home' ? 'homeScore' : team === 'away' ? 'guestScore' : undefined;
}

interface Root extends OnDemandRoot {
  settings: { acceptPush: number; acceptList: readonly number[] | undefined; apiLanguage: string };
  favourites: { isCollected(matchId: number): boolean };
  /** balanceWanted counts the app's balance refreshes, which follow every bet taken or refused and every cash out paid. */
  session: { isLogin: boolean; balanceWanted: number };
}

const rootOf = (node: { root: Root | undefined }): Root => {
  if (!node.root) throw new Error('the goal push store is used before goalPushOf attached it to the app root');
  return node.root;
};

/**
 * The goal-push popup: document 1 calls it the "batter popup" that auto-hides after 5 s, document 2 the "goal-push
 * popup". A football kick-off or goal on the `football:js1` channel shows it when the member accepts pushes and the
 * match is in the accepted scope; it hides 5 s later (through the scheduler, so unmount leaves no timer) or when the
 * member closes it. A newer event replaces the one showing and starts its own 5 s. One event (match, type and score)
 * shows once, however often it arrives. The first popup brings the goal-push alert (spec 001 section 8), which stays
 * until the member confirms it; the confirmation is stored with their settings, so it never comes back.
 */
export const GoalPushStore = types
  .model('GoalPushStore', {})
  .volatile(() => ({
    root: undefined as Root | undefined,
    popup: undefined as GoalPopup | undefined,
    unsubscribe: undefined as (() => void) | undefined,
    /** Matches the member holds unsettled orders on (scope 1), from the bet list; empty until it loads. */
    unsettled: new Set<number>(),
    seen: new Set<string>(),
    alertOpen: false,
    /** Confirmed in this page, for a member whose settings did not load (the platform then still says true). */
    alertConfirmed: false,
  }))
  .views((self) => ({
    /**
     * Spec document 2: only if push acceptance is on; the accept list decides the scope. Without a list (a visitor,
     * or a host that sends none) no scope is chosen, so nothing pops up over the page uninvited.
     */
    wants(matchId: number): boolean {
      const { settings, favourites } = rootOf(self);
      if (settings.acceptPush !== 1) return false;
      const scopes = settings.acceptList;
      if (scopes === undefined) return false;
      return (
        scopes[SCOPE_ALL] === 1 ||
        (scopes[SCOPE_COLLECTED] === 1 && favourites.isCollected(matchId)) ||
        (scopes[SCOPE_UNSETTLED] === 1 && self.unsettled.has(matchId))
      );
    },
  }))
  .actions((self) => ({
    hide() {
      self.popup = undefined;
      envOf(self).scheduler.stop(POPUP_TIMER);
    },
  }))
  .actions((self) => ({
    show(popup: GoalPopup) {
      self.popup = popup;
      envOf(self).scheduler.once(POPUP_TIMER, DELAYS.batterPopup, () => self.hide());
      const tipWanted = existingMemberSettings(rootOf(self))?.showSettingChangableTip ?? true;
      if (tipWanted && !self.alertConfirmed) self.alertOpen = true;
    },
    /** "Got it" on the goal-push alert. */
    confirmAlert() {
      self.alertOpen = false;
      self.alertConfirmed = true;
      existingMemberSettings(rootOf(self))?.confirmTip();
    },
    /** True the first time an event is seen; the set forgets its oldest entries past SEEN_LIMIT. */
    firstSight(key: string): boolean {
      if (self.seen.has(key)) return false;
      self.seen.add(key);
      if (self.seen.size > SEEN_LIMIT) self.seen.delete(self.seen.values().next().value!);
      return true;
    },
    setUnsettled(ids: Set<number>) {
      self.unsettled = ids;
    },
  }))
  .actions((self) => ({
    /** The member's unsettled orders' matches (scope 1); a failed read keeps the last known ones. */
    loadUnsettled: flow(function* loadUnsettled() {
      const { http, logger } = envOf(self);
      try {
        const page: unknown = yield Promise.resolve(http.betting.post(BETTING_PATHS.betList, { isSettled: false, current: 1, size: UNSETTLED_PAGE }));
        self.setUnsettled(unsettledMatchIds(page));
      } catch (error) {
        logger.warn('[goal push] unsettled orders not read; their matches stay as last known', error);
      }
    }),
  }))
  .actions((self) => ({
    /** Handles one `football:js1` frame. */
    receive(data: unknown) {
      const { settings } = rootOf(self);
      const event = lineFromEvent(data, settings.apiLanguage);
      const period = (data as { event?: { period?: unknown } }).event?.period;
      if (!event || typeof period !== 'number') return;
      const kind = kindOf(event.line.type, event.line.team, period);
      if (kind === undefined || !self.wants(event.matchId)) return;
      const pushed = data as { event: { homeScore?: unknown; awayScore?: unknown }; teams?: { home?: unknown; away?: unknown } };
      const homeScore = Number(pushed.event.homeScore) || 0;
      const awayScore = Number(pushed.event.awayScore) || 0;
      if (!self.firstSight(`${event.matchId}:${event.line.type}:${homeScore}-${awayScore}`)) return;
      const language = settings.apiLanguage;
      self.show({
        matchId: event.matchId,
        kind,
        text: event.line.text,
        home: pick(pushed.teams?.home, language) ?? '',
        away: pick(pushed.teams?.away, language) ?? '',
        homeScore,
        awayScore,
      });
    },
  }))
  .actions((self) => ({
    /** Listens until stopped (goalPushOf stops it when the app unmounts). */
    start(root: Root) {
      self.root = root;
      const stopSubscription = envOf(self).push.subscribe(PushChannel.footballEvent, (data) => self.receive(data));
      // Scope 1 reads the member's unsettled orders at sign-in, when the scope is turned on, and after every bet
      // taken or refused and every cash out (each refreshes the balance); a settled order's match has ended, so it
      // scores no more and needs no reading.
      const stopOrders = reaction(
        () => root.session.isLogin && root.settings.acceptList?.[SCOPE_UNSETTLED] === 1 && root.session.balanceWanted + 1,
        (wanted) => {
          if (wanted) void self.loadUnsettled();
          else self.setUnsettled(new Set());
        },
        { fireImmediately: true },
      );
      self.unsubscribe = () => {
        stopSubscription();
        stopOrders();
      };
    },
    stop() {
      self.hide();
      self.unsubscribe?.();
      self.unsubscribe = undefined;
    },
  }));

/**
 * The goal push of an app root, made once the member's push setting asks for it (RootStore.watchGoalPush): visitors
 * and members who turned pushes off neither download it nor listen to every football event.
 */
export const { of: goalPushOf, existing: existingGoalPush } = onDemand('goalPush', GoalPushStore, (store, root: Root) => {
  store.start(root);
  addDisposer(store, () => store.stop());
});

export type GoalPushStoreInstance = Instance<typeof GoalPushStore>;
