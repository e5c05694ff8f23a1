/**
 * Every error code the kit can throw, in one registry.
 * A code is never reused or renamed: UI and server logic branch on it.
 */
export const ErrorCodes = {
  PluginMissingDependency: 'KIT_PLUGIN_MISSING_DEPENDENCY',
  PluginCycle: 'KIT_PLUGIN_CYCLE',
  PluginDuplicate: 'KIT_PLUGIN_DUPLICATE',
  PluginInvalid: 'KIT_PLUGIN_INVALID',
  PluginSetupFailed: 'KIT_PLUGIN_SETUP_FAILED',
  PluginTimeout: 'KIT_PLUGIN_TIMEOUT',
  PluginTeardownFailed: 'KIT_PLUGIN_TEARDOWN_FAILED',
  ConfigSiweAndSiwx: 'KIT_CONFIG_SIWE_AND_SIWX',
  KitDisposed: 'KIT_DISPOSED',
  HttpStatus: 'KIT_HTTP_STATUS',
  HttpRateLimited: 'KIT_HTTP_RATE_LIMITED',
  HttpServerError: 'KIT_HTTP_SERVER_ERROR',
  HttpTimeout: 'KIT_HTTP_TIMEOUT',
  HttpAborted: 'KIT_HTTP_ABORTED',
  HttpNetwork: 'KIT_HTTP_NETWORK',
  HttpNotConfigured: 'KIT_HTTP_NOT_CONFIGURED',
  RpcNotAllowed: 'KIT_RPC_NOT_ALLOWED',
  RpcHandlerExists: 'KIT_RPC_HANDLER_EXISTS',
  ViewExists: 'KIT_VIEW_EXISTS',
  Unknown: 'KIT_UNKNOWN',
} as const

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | `KIT_${string}`
