// The kernel's public surface: what plugin authors and hosts import from 'latch/kernel'.
export { createKit, DEFAULT_PLUGIN_SETUP_TIMEOUT_MS } from './createKit.js'
export type { Kit, KitState } from './Kit.js'
export type { KitOptions, KitMetadata } from './KitOptions.js'
export type { NavigationPolicy, OpenArgs } from './NavigationPolicy.js'
export { definePlugin } from './loader/definePlugin.js'
export type { PluginDefinition, PluginSetup, PluginTeardown } from './loader/definePlugin.js'
export type { PluginContext } from './loader/PluginContext.js'
export type { PluginStatus } from './loader/PluginLoader.js'
export {
  createToken,
  AlertStoreToken,
  ApiClientToken,
  BlockchainClientToken,
  ConnectorRegistryToken,
  EventBusToken,
  EventReporterToken,
  FeatureStoreToken,
  KitOptionsToken,
  KitToken,
  ModalStoreToken,
  NavigationPolicyToken,
  RpcRegistryToken,
  StorageToken,
  ViewRegistryToken,
  ViewStackToken,
} from './container.js'
export type { Token } from './container.js'
export type { EventBus, KitEventMap, KitEventName, KitEventListener, Unsubscribe } from './events.js'
export { Alerts } from './alerts.js'
export type { Alert, AlertCode } from './alerts.js'
export { AlertStore } from './AlertStore.js'
export { DEFAULT_FEATURES, REMOTE_FEATURES, isFeatureOn } from './features/defaults.js'
export type { FeatureFlags, SocialProvider } from './features/defaults.js'
export { FeatureStore } from './features/FeatureStore.js'
export { ViewRegistry } from './views/ViewRegistry.js'
export type { ViewDefinition } from './views/ViewRegistry.js'
export { ViewStackStore } from './views/ViewStackStore.js'
export type { ViewEntry } from './views/ViewStackStore.js'
export { ModalStore } from './ModalStore.js'
export { RpcRegistry } from './RpcRegistry.js'
export type { RpcHandler } from './RpcRegistry.js'
export { ConnectorRegistry } from './ConnectorRegistry.js'
export type { ConnectorType, KitConnector } from './ConnectorRegistry.js'
export { createStorage, DEFAULT_STORAGE_PREFIX } from './storage/createStorage.js'
export type { KitStorage, StorageBackend } from './storage/createStorage.js'
export { CacheTtlMs } from './storage/storageKeys.js'
export type { CacheKey, StorageKey, StorageValue } from './storage/storageKeys.js'
export { createHttpClient, statusError } from './http/createHttpClient.js'
export type { HttpClient, RequestOptions } from './http/createHttpClient.js'
export { createEventReporter, ERROR_REPORT_LIMIT, ERROR_REPORT_WINDOW_MS } from './http/createEventReporter.js'
export type { ErrorReport, EventReporter } from './http/createEventReporter.js'
export { KitError, UnknownError, toKitError } from './errors/base.js'
export { ErrorCodes } from './errors/codes.js'
export type { ErrorCode } from './errors/codes.js'
export {
  PluginCycleError,
  PluginDuplicateError,
  PluginInvalidError,
  PluginMissingDependencyError,
  PluginSetupError,
  PluginTeardownError,
  PluginTimeoutError,
} from './errors/plugin.js'
export { KitDisposedError, SiweAndSiwxConflictError } from './errors/config.js'
export {
  HttpAbortedError,
  HttpNetworkError,
  HttpNotConfiguredError,
  HttpStatusError,
  HttpTimeoutError,
  RateLimitedError,
  ServerError,
} from './errors/http.js'
export { RpcHandlerExistsError, RpcNotAllowedError, ViewExistsError } from './errors/rpc.js'
export { withTimeout } from './withTimeout.js'
export { KIT_VERSION, SDK_TYPE } from './version.js'
