/**
 * Sport ids. The spec has three numbering schemes and does not always say
 * which call uses which, so every sport has one canonical key and its id in
 * each scheme that knows it:
 *   A - match lists and bet slip (and the results sport selector order);
 *   B - a second betting-side numbering;
 *   C - live side (anchors, live rooms).
 * The rows themselves are declared by the sport plugins' manifests (plugins/sport-* /manifest.ts): this module only
 * builds the lookups over them, so the app (src/kernel/sports.ts) and the platform (server/src/config/pluginManifests.ts)
 * read one catalogue.
 */

export type SportScheme = 'A' | 'B' | 'C';

export const SPORT_SCHEMES: readonly SportScheme[] = ['A', 'B', 'C'];

export type SportKey = string;

/** A sport as a plugin manifest declares it. Every lookup below takes the catalogue's rows first. */
export interface SportDeclarationRow {
  readonly key: string;
  readonly ids: Readonly<Partial<Record<SportScheme, number>>>;
  readonly icon?: string;
  readonly order: number;
}

export interface SportRow {
  readonly key: SportKey;
  /** i18n key of the sport's name in the common namespace, `sport.<key>` (the app adds the manifests' names there). */
  readonly i18nKey: string;
  readonly a?: number;
  readonly b?: number;
  readonly c?: number;
}

/** Scheme A's "empty" sport id: no sport selected. It maps to no sport. */
export const EMPTY_SPORT_ID_A = 0;

function assertScheme(scheme: SportScheme): void {
  if (!SPORT_SCHEMES.includes(scheme)) throw new RangeError(`Unknown sport id scheme: ${String(scheme)}`);
}

type Sports = readonly SportDeclarationRow[];

/** The declarations in catalogue order (their `order`): what every lookup below takes first. */
export const inOrder = <S extends SportDeclarationRow>(declarations: readonly S[]): readonly S[] => [...declarations].sort((x, y) => x.order - y.order);

const nameKeyOf = (sport: SportDeclarationRow) => `sport.${sport.key}`;

/** The catalogue as rows with a column per scheme (the spec's tables' shape). */
export const sportRows = (sports: Sports): readonly SportRow[] =>
  sports.map((d) => ({ key: d.key, i18nKey: nameKeyOf(d), a: d.ids.A, b: d.ids.B, c: d.ids.C }));

/** The scheme-A ids in catalogue order (the sports menu and the results sport selector). */
export const sortedIdsA = (sports: Sports): readonly number[] => sports.flatMap((s) => (s.ids.A === undefined ? [] : [s.ids.A]));

function byId(sports: Sports, id: number, scheme: SportScheme): SportDeclarationRow | undefined {
  assertScheme(scheme);
  return sports.find((s) => s.ids[scheme] === id);
}

export const isSportKey = (sports: Sports, value: unknown): value is SportKey => sports.some((s) => s.key === value);

/** The sport behind `id` in `scheme`; undefined for unknown ids and for A's empty 0. */
export const sportKeyOf = (sports: Sports, id: number, scheme: SportScheme): SportKey | undefined => byId(sports, id, scheme)?.key;

/** The id of `key` in `scheme`; undefined when that scheme has no such sport. */
export function sportIdOf(sports: Sports, key: SportKey, scheme: SportScheme): number | undefined {
  assertScheme(scheme);
  return sports.find((s) => s.key === key)?.ids[scheme];
}

/** Translates an id between schemes; undefined when either side does not know the sport. */
export function toScheme(sports: Sports, id: number, from: SportScheme, to: SportScheme): number | undefined {
  assertScheme(to);
  return byId(sports, id, from)?.ids[to];
}

/** The name key for an id (`sport.<key>`), or undefined when the id names no sport. */
export function sportI18nKeyOf(sports: Sports, id: number, scheme: SportScheme): string | undefined {
  const sport = byId(sports, id, scheme);
  return sport && nameKeyOf(sport);
}

/** Scheme-A ids in the catalogue's order; ids outside it go last, ascending. Returns a new array. */
export function sortSportIdsA(sports: Sports, ids: readonly number[]): number[] {
  const rank = (id: number) => {
    const i = sports.findIndex((s) => s.ids.A === id);
    return i === -1 ? sports.length : i;
  };
  return [...ids].sort((x, y) => rank(x) - rank(y) || x - y);
}

/**
 * Which sports a merchant offers (its resolved config's plugins): one answer for the app's screens and the platform's
 * lists and bets, so the two cannot disagree.
 */
export interface OfferedSports {
  /**
   * False when `id` names a sport of the catalogue that the merchant switched off; true otherwise. An id the catalogue
   * does not know is left to the caller (no plugin draws it, and the feed has none).
   */
  offers(id: number, scheme: SportScheme): boolean;
  /** The offered sports' scheme-A ids in catalogue order. */
  readonly idsA: readonly number[];
  /** Whether every sport of the catalogue is offered (nothing to filter). */
  readonly all: boolean;
}

/** A config's plugin entry: a plugin's id, or `<plugin>/<extension>` for one extension. */
interface SwitchedPlugin {
  readonly id: string;
  readonly enabled: boolean;
}

/** What the rule reads of a plugin's manifest. */
interface SportManifest {
  readonly id: string;
  readonly sports?: Sports;
  readonly extensions: readonly { readonly id: string; readonly point: string }[];
}

/** The extension point whose extensions draw a sport's menu entry, lists and scoreboard. */
const SPORT_POINT = 'matchList.sport';

/**
 * The sports a config offers: those declared by a plugin it switches on, unless it switches off that plugin's
 * `matchList.sport` extension (then nothing could list or draw them). A plugin the config does not name is off, as
 * everywhere else (docs/config.md).
 */
export function offeredSports(catalogue: Sports, plugins: readonly SwitchedPlugin[], manifests: readonly SportManifest[]): OfferedSports {
  const enabled = new Map(plugins.map((p) => [p.id, p.enabled]));
  const offered = new Set<string>();
  for (const manifest of manifests) {
    if (enabled.get(manifest.id) !== true) continue;
    const sportExtensionOff = manifest.extensions.some((e) => e.point === SPORT_POINT && enabled.get(`${manifest.id}/${e.id}`) === false);
    if (sportExtensionOff) continue;
    for (const sport of manifest.sports ?? []) offered.add(sport.key);
  }
  const ordered = inOrder(catalogue);
  return {
    offers: (id, scheme) => {
      const sport = byId(ordered, id, scheme);
      return sport === undefined || offered.has(sport.key);
    },
    idsA: sortedIdsA(ordered.filter((s) => offered.has(s.key))),
    all: ordered.every((s) => offered.has(s.key)),
  };
}
