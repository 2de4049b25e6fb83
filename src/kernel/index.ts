export { createExtensionPoint, type ExtensionPoint, type ModuleOf, type MatchOf, type SelectOf } from './extensionPoint';
export { defineManifest, extensionIdOf, type PluginManifest, type ExtensionDeclaration, type SportDeclaration, type SportScheme } from './manifest';
export { definePlugin, extension, type Plugin, type PluginExtension, type ExtensionBinding } from './definePlugin';
export { createServiceRef, provideServices, type ServiceRef, type ServiceMap } from './services';
export { loadPlugins, PluginStartError, type ActivePlugin, type ActiveExtension, type PluginSet } from './loadPlugins';
export { ConfigError, type ConfigIssue } from '../../contract/issues';
export type { ResolvedConfig } from '../../contract/appConfig';
export { Slot, KernelProvider, useKernel, usePlugin, useService, type KernelValue } from './Slot';
export { createKernelEvents, type KernelEmitter, type KernelEvents, type SelectionEvent } from './events';
