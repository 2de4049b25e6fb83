export { definePlugin, type PluginManifest, type AnyPluginManifest } from './definePlugin';
export { loadPlugins, type ActivePlugin, type PluginSet } from './loadPlugins';
export { ConfigError, type ConfigIssue } from './configError';
export type { ResolvedConfig } from './config';
export { Slot, KernelProvider, useKernel, usePlugin, type KernelValue } from './Slot';
export type * from './points';
export { createKernelEvents, type KernelEmitter, type KernelEvents, type SelectionEvent } from './events';
