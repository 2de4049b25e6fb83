import type { ComponentType } from 'react';
import { createExtensionPoint } from '../../kernel/extensionPoint';

/**
 * Screens of their own that plugins bring (the experts' lists, the banker's detail): the main column shows one when
 * the address says `?screen=<name>` or something opens it through the `screenRef` service. Declared here, by the home
 * route that shows them, so the app's screen switch stays the only place that picks a main view.
 */
export interface PluginScreenMatch {
  /** The screen's name in the address (`?screen=<name>`), unique across plugins. */
  screen: string;
  /** Offer it on home's list of screens (a screen reached only from elsewhere, a banker from a link, says false). */
  listed?: boolean;
}

export interface PluginScreenModule {
  Screen: ComponentType;
  /** The screen's name as home's list and the page title show it (in the plugin's namespace, loaded with the module). */
  Title: ComponentType;
}

export const pluginScreenPoint = /*#__PURE__*/ createExtensionPoint<PluginScreenModule, PluginScreenMatch, { screen?: string; listed?: boolean }>({
  id: 'app.screen',
  accepts: (match, select) => (select.screen === undefined || match.screen === select.screen) && (!select.listed || match.listed === true),
});
