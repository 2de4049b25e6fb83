/**
 * An extension point: a place on screen (or a role) that a feature owns and plugins' extensions attach to. The
 * feature declares it next to its own code (the match list, the match screen...), never the kernel, so adding a
 * place does not touch the kernel. `Module` is what an extension's code provides once loaded; `Match` the static
 * facts its manifest states up front, so a slot can filter extensions without downloading them; `Select` what a
 * slot asks for.
 */
export interface ExtensionPoint<Module, Match = unknown, Select = undefined> {
  readonly id: string;
  /** Whether an extension's static match accepts a slot's selection. */
  accepts(match: Match, select: Select): boolean;
  /** Carries the module type only; never set. */
  readonly __module?: Module;
}

export type ModuleOf<P> = P extends ExtensionPoint<infer M, unknown, unknown> ? M : never;
export type MatchOf<P> = P extends ExtensionPoint<unknown, infer M, unknown> ? M : never;
export type SelectOf<P> = P extends ExtensionPoint<unknown, unknown, infer S> ? S : never;

/** A point's id is `<feature>.<place>`, e.g. `matchDetail.dataPanel`. */
export function createExtensionPoint<Module, Match = unknown, Select = undefined>(definition: {
  id: string;
  accepts?: (match: Match, select: Select) => boolean;
}): ExtensionPoint<Module, Match, Select> {
  return { id: definition.id, accepts: definition.accepts ?? (() => true) };
}
