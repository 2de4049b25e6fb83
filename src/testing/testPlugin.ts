import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { definePlugin, extension, type Plugin } from '../kernel/definePlugin';
import type { ExtensionPoint } from '../kernel/extensionPoint';
import { defineManifest } from '../kernel/manifest';
import type { ServiceRef } from '../kernel/services';

/** A one-extension plugin for tests: the manifest and its binding in one call. */
export function testPlugin<M, Match, Select>(spec: {
  id: string;
  point: ExtensionPoint<M, Match, Select>;
  match: Match;
  loader: () => Promise<{ default: M }>;
  options?: ZodMiniType;
  i18nNs?: string;
  extensionId?: string;
  services?: readonly ServiceRef<unknown>[];
}): Plugin {
  const extensionId = spec.extensionId ?? 'main';
  const manifest = defineManifest({
    id: spec.id,
    ...(spec.i18nNs ? { i18nNs: spec.i18nNs } : {}),
    options: spec.options ?? z.strictObject({}),
    extensions: [{ id: extensionId, point: spec.point.id, match: spec.match }],
  });
  return definePlugin(manifest, { services: spec.services ?? [], extensions: { [extensionId]: extension(spec.point, spec.loader) } });
}
