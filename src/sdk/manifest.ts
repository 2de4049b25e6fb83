import * as z from 'zod/mini';
import type { SportDeclaration, SportScheme } from '../kernel/manifest';

/**
 * The SDK's static entry: what a plugin's manifest (plugins/<id>/manifest.ts) may use. Pure (zod/mini only), because
 * the platform reads manifests to validate config and build the sport catalogue, and the app keeps them in its
 * initial bundle.
 */
export { defineManifest, type PluginManifest, type ExtensionDeclaration, type SportDeclaration, type SportScheme } from '../kernel/manifest';

/** Option schemas several plugins share, so every plugin names and bounds them the same way. */
export const pluginOptions = {
  /** Rows fetched per page of a match list (lists load page by page until the last). */
  listPageSize: () => z._default(z.int().check(z.minimum(10), z.maximum(200)), 50),
};

/** The ids of `sports` in one scheme, in catalogue order: what a sport extension's static match lists. */
export function sportIdsIn(sports: readonly SportDeclaration[], scheme: SportScheme): number[] {
  return [...sports].sort((a, b) => a.order - b.order).flatMap((s) => (s.ids[scheme] === undefined ? [] : [s.ids[scheme]!]));
}
