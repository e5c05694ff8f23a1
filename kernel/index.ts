// The kernel's public surface: what plugin authors and hosts import from 'latch/kernel'.
export { createKernel, DEFAULT_PLUGIN_SETUP_TIMEOUT_MS } from './createKernel.js'
export type { KernelHooks } from './createKernel.js'
export type { ContributedStateKey, Kit, KitState, KitStateMap } from './Kit.js'
export type { KitOptions } from './KitOptions.js'
export type { ModalController, ModalState, OpenArgs, ViewEntry, ViewStack } from './views/ModalController.js'
export { definePlugin } from './loader/definePlugin.js'
export type { PluginDefinition, PluginSetup, PluginTeardown } from './loader/definePlugin.js'
export type { PluginContext } from './loader/PluginContext.js'
export type { PluginStatus } from './loader/PluginLoader.js'
export { createToken, EventBusToken, FeatureStoreToken, ModalStoreToken, ModalControllerToken, ViewRegistryToken, ViewStackToken } from './token.js'
export type { Token } from './token.js'
export type { EventBus, KitEventMap, KitEventName, KitEventListener, Unsubscribe } from './events.js'
export { isFeatureOn } from './features/defaults.js'
export type { FeatureFlags } from './features/defaults.js'
export type { FeatureStore } from './features/FeatureStore.js'
export type { ViewRegistry, ViewDataMap, ViewDefinition, ViewName } from './views/ViewRegistry.js'
export type { RpcRegistry, RpcHandler } from './RpcRegistry.js'
export { cacheSchema, createStorage, DEFAULT_STORAGE_PREFIX } from './storage/createStorage.js'
export type { KitStorage, StorageBackend } from './storage/createStorage.js'
export type { StorageDefinitions, StorageItemDefinition, StorageItemMap, StorageKey, StorageValue } from './storage/storageKeys.js'
export { KitError, UnknownError, toKitError } from './errors/base.js'
export type { KitErrorParameters } from './errors/base.js'
export { KernelErrorCodes } from './errors/codes.js'
export type { ErrorCode, ErrorCodeMap } from './errors/codes.js'
export {
  PluginCycleError,
  PluginDuplicateError,
  PluginInvalidError,
  PluginMissingDependencyError,
  PluginSetupError,
  PluginTeardownError,
  PluginTimeoutError,
  PluginTokenNotRequiredError,
} from './errors/plugin.js'
export { KitDisposedError, KitDisposeError, TokenNotProvidedError } from './errors/kit.js'
export { RpcHandlerExistsError, RpcNotAllowedError, ViewExistsError } from './errors/rpc.js'
export { withTimeout } from './withTimeout.js'
export { nextTask } from './loader/nextTask.js'
export { KIT_VERSION } from './version.js'
