import type { Plugin } from './definePlugin';
import { checkPluginManifest, LOCALE_CODES } from '../../contract/appConfig';

/**
 * The problems of a plugin, each naming it: its manifest's, every declared sport without its name in one of the app's
 * languages (the core's locale files name no sport), and every declared extension without exactly one binding to the
 * point it declared, so the manifest the platform reads and the code the app runs cannot drift apart.
 */
export function checkPlugin(plugin: Plugin): string[] {
  const { manifest } = plugin;
  const problems = checkPluginManifest(manifest);
  for (const sport of manifest.sports ?? []) {
    for (const lng of LOCALE_CODES) {
      if (!sport.names?.[lng]?.trim()) problems.push(`plugin "${manifest.id}": sport "${sport.key}" has no name in ${lng} (names.${lng})`);
    }
  }
  const declared = new Set(manifest.extensions.map((e) => e.id));
  for (const extension of plugin.extensions) {
    const { declaration, binding } = extension;
    if (!binding) problems.push(`plugin "${manifest.id}": extension "${declaration.id}" has no code`);
    else if (binding.point.id !== declaration.point) {
      problems.push(`plugin "${manifest.id}": extension "${declaration.id}" is declared at "${declaration.point}" but its code attaches to "${binding.point.id}"`);
    }
  }
  if (Boolean(manifest.i18nNs) !== Boolean(plugin.locales)) problems.push(`plugin "${manifest.id}": an i18n namespace and a locales loader go together`);
  for (const id of plugin.bound) if (!declared.has(id)) problems.push(`plugin "${manifest.id}": code for extension "${id}", which its manifest does not declare`);
  return problems;
}
