import {
  isSportKey as isKey,
  inOrder,
  offeredSports,
  sortedIdsA,
  sortSportIdsA as sortIdsA,
  sportI18nKeyOf as nameKeyOf,
  sportIdOf as idOf,
  sportKeyOf as keyOf,
  sportRows,
  toScheme as translate,
  type OfferedSports,
  type SportKey,
  type SportScheme,
} from '../../domain/sports';
import type { LocaleCode, ResolvedPlugin } from '../../contract/appConfig';
import type { AddedStrings } from '../services/i18n';
import type { Plugin } from './definePlugin';
import { registry } from './registry';

/**
 * The app's sport catalogue: the sports every registered sport plugin's manifest declares (switched on or not, so a
 * name is known for every id the platform sends). The platform builds the same from the same manifests. Each lookup
 * is its own binding so the bundler drops those the app does not use.
 */
const CATALOGUE = inOrder([...registry.values()].flatMap((p) => p.manifest.sports ?? []));
export const SPORTS = /*#__PURE__*/ sportRows(CATALOGUE);
export const SPORT_KEYS: readonly SportKey[] = /*#__PURE__*/ SPORTS.map((s) => s.key);
export const SORTED_SPORT_IDS_A = /*#__PURE__*/ sortedIdsA(CATALOGUE);
export const isSportKey = (value: unknown): value is SportKey => isKey(CATALOGUE, value);
export const sportKeyOf = (id: number, scheme: SportScheme) => keyOf(CATALOGUE, id, scheme);
export const sportIdOf = (key: SportKey, scheme: SportScheme) => idOf(CATALOGUE, key, scheme);
export const toScheme = (id: number, from: SportScheme, to: SportScheme) => translate(CATALOGUE, id, from, to);
export const sportI18nKeyOf = (id: number, scheme: SportScheme) => nameKeyOf(CATALOGUE, id, scheme);
export const sortSportIdsA = (ids: readonly number[]) => sortIdsA(CATALOGUE, ids);

/**
 * The strings the kernel adds to i18next (createI18n's `added`): every catalogued sport's name from its plugin's
 * manifest under `sport.<key>` of the common namespace, where sportI18nKeyOf points. The core's locale files name no
 * sport, so a new sport plugin brings its name in its own folder.
 */
export const SPORT_NAME_STRINGS: ReadonlyMap<string, AddedStrings> = new Map([
  ['common', (lng: LocaleCode) => ({ sport: Object.fromEntries(CATALOGUE.map((s) => [s.key, s.names[lng]])) })],
]);

export { EMPTY_SPORT_ID_A, type SportKey, type SportScheme } from '../../domain/sports';

/**
 * The sports a merchant's resolved config offers (docs/config.md "Sports a merchant offers"): the one answer every
 * screen, store and the slip asks, computed once at start-up from the same config the plugins load from.
 */
export function offeredSportsOf(config: { plugins: readonly Pick<ResolvedPlugin, 'id' | 'enabled'>[] }, plugins: ReadonlyMap<string, Plugin> = registry): OfferedSports {
  return offeredSports(CATALOGUE, config.plugins, [...plugins.values()].map((p) => p.manifest));
}
export type { OfferedSports } from '../../domain/sports';
