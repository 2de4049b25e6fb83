export { definePlugin, type PluginManifest, type AnyPluginManifest } from './definePlugin';
export { loadPlugins, type ActivePlugin, type PluginSet } from './loadPlugins';
export { resolveConfig, parseConfigJson, ConfigError, type ResolvedConfig, type ConfigIssue } from './config';
export { Slot, KernelProvider, useKernel, usePlugin, type KernelValue } from './Slot';
export type * from './points';
