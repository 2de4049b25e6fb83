import { getEnv, types, type Instance } from 'mobx-state-tree';
import { DELAYS } from '../services/scheduler';
import { envOf } from './env';
import { FOOTBALL_EVENT_CHANNEL, lineFromEvent } from './footballEvents';
import { onDemand, type OnDemandRoot } from './onDemand';

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
}

/** The accept list's scopes by index (spec document 2): 0 collected matches, 1 matches with unsettled orders, 2 all. */
const SCOPE_COLLECTED = 0;
const SCOPE_ALL = 2;

function kindOf(type: number, team: 'home' | 'away' | null, period: number): GoalPushKind | undefined {
  if (type === START) return period === FIRST_HALF ? 'begin' : undefined;
  if (type !== GOAL && type !== OWN_GOAL) return undefined;
  // An own goal is listed under the side that conceded it, so the score goes to the other side.
  const scorer = type === OWN_GOAL ? (team === 'home' ? 'away' : team === 'away' ? 'home' : null) : team;
  return scorer === 'home' ? 'homeScore' : scorer === 'away' ? 'guestScore' : undefined;
}

interface Root extends OnDemandRoot {
  settings: { acceptPush: number; acceptList: readonly number[] | undefined; apiLanguage: string };
  favourites: { isCollected(matchId: number): boolean };
}

const rootOf = (node: { root: Root | undefined }): Root => {
  if (!node.root) throw new Error('the goal push store is used before goalPushOf attached it to the app root');
  return node.root;
};

/**
 * The goal-push popup: document 1 calls it the "batter popup" that auto-hides after 5 s, document 2 the "goal-push
 * popup". A football kick-off or goal on the `football:js1` channel shows it when the member accepts pushes and the
 * match is in the accepted scope; it hides 5 s later (through the scheduler, so unmount leaves no timer) or when the
 * member closes it. A newer event replaces the one showing and starts its own 5 s.
 */
export const GoalPushStore = types
  .model('GoalPushStore', {})
  .volatile(() => ({ root: undefined as Root | undefined, popup: undefined as GoalPopup | undefined, unsubscribe: undefined as (() => void) | undefined }))
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
      // Scope 1 (matches with unsettled orders) needs the order list, which the app loads only on my bets.
      return scopes[SCOPE_ALL] === 1 || (scopes[SCOPE_COLLECTED] === 1 && favourites.isCollected(matchId));
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
    },
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
      self.show({ matchId: event.matchId, kind, text: event.line.text });
    },
  }))
  .actions((self) => ({
    /** Listens until stopped (goalPushOf stops it when the app unmounts). */
    start(root: Root) {
      self.root = root;
      self.unsubscribe = envOf(self).push.subscribe(FOOTBALL_EVENT_CHANNEL, (data) => self.receive(data));
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
export const { of: goalPushOf, existing: existingGoalPush } = onDemand((root: Root) => {
  const store = GoalPushStore.create({}, getEnv(root));
  store.start(root);
  return { store, close: () => store.stop() };
});

export type GoalPushStoreInstance = Instance<typeof GoalPushStore>;
