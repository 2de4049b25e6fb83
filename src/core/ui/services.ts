import type { i18n as I18n } from 'i18next';
import { createServiceRef } from '../../kernel/services';
import type { SelectionEvent } from '../../kernel/events';
import type { AddPickOutcome, SlipPick } from '../../sdk/services';
import type { HttpClients } from '../../services/http';
import type { PushClient } from '../../services/push';
import type { Scheduler } from '../../services/scheduler';
import type { Toaster } from '../store/toast';

/**
 * The refs of the services the app provides to plugins (through the SDK). A plugin lists the refs it uses in its
 * definePlugin call and reads them with useService(ref); the app binds a value to each ref at start-up. The refs of
 * the app's own services (http, push, scheduler, toast) carry the app's types here, for the app's screens; the SDK
 * (src/sdk/plugin.ts) gives plugins the same refs typed by its narrower interfaces (src/sdk/services.ts).
 */
export const httpRef = createServiceRef<HttpClients>('http');
export const pushRef = createServiceRef<PushClient>('push');
export const schedulerRef = createServiceRef<Scheduler>('scheduler');
export const toastRef = createServiceRef<Toaster>('toast');
export const i18nRef = createServiceRef<I18n>('i18n');

/** What a plugin may know of the member's session: whether someone is signed in, and who (for their private channels). */
export interface SessionView {
  readonly isLogin: boolean;
  /** The signed-in member's uid (their `member:<uid>:...` push channels); undefined for a visitor. */
  readonly uid?: string;
  /**
   * The spec's language code calls go out in (CMN, ENG, ...), observable: names the platform answers come in it, so a
   * plugin that keeps such names asks for them again when it changes.
   */
  readonly language?: string;
  /** The operator's time zone (config `timezone`) every time on screen is shown in, never the browser's. */
  readonly timeZone?: string;
}
export const sessionRef = createServiceRef<SessionView>('session');

/**
 * The bet slip's actions a plugin may take: add a selection a member clicked; add a pick named only by its market and
 * option (an expert's recommendation), priced from the live book, which says what became of it
 * (src/features/slip/pickToSlip.ts, the SDK's SlipPick and AddPickOutcome).
 */
export interface BetSlipActions {
  add(selection: SelectionEvent): void;
  addPick(pick: SlipPick): Promise<AddPickOutcome>;
}
export const betSlipRef = createServiceRef<BetSlipActions>('betSlip');

/** An icon or image path from the platform as a URL on the icon host (absolute URLs pass through). */
export type AssetUrl = (path: string) => string;
export const assetUrlRef = createServiceRef<AssetUrl>('assetUrl');

/** Opens a plugin's own screen (an `app.screen` extension) by its name, as `?screen=<name>` does. */
/**
 * Opens a plugin's own screen (an `app.screen` extension), with the one thing it shows open (`detail`, a word the
 * plugin defines, e.g. `expert-12`): the page's address carries both, so reload, Back and a shared link find it.
 */
export interface ScreenOpener {
  open(screen: string, detail?: string): void;
  /** The detail the plugin screen showing has open (from its address, observable); undefined on its list. */
  readonly detail?: string;
}
export const screenRef = createServiceRef<ScreenOpener>('screen');
