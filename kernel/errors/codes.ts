/**
 * Every error code the kernel throws, in one registry. A code is never reused or renamed:
 * UI and server logic branch on it. Each package keeps its own registry of `KIT_<AREA>_*` codes.
 */
export const KernelErrorCodes = {
  PluginMissingDependency: 'KIT_PLUGIN_MISSING_DEPENDENCY',
  PluginCycle: 'KIT_PLUGIN_CYCLE',
  PluginDuplicate: 'KIT_PLUGIN_DUPLICATE',
  PluginInvalid: 'KIT_PLUGIN_INVALID',
  PluginSetupFailed: 'KIT_PLUGIN_SETUP_FAILED',
  PluginTimeout: 'KIT_PLUGIN_TIMEOUT',
  PluginTeardownFailed: 'KIT_PLUGIN_TEARDOWN_FAILED',
  PluginTokenNotRequired: 'KIT_PLUGIN_TOKEN_NOT_REQUIRED',
  TokenNotProvided: 'KIT_TOKEN_NOT_PROVIDED',
  KitDisposed: 'KIT_DISPOSED',
  KitDisposeFailed: 'KIT_DISPOSE_FAILED',
  StorageKeyUndefined: 'KIT_STORAGE_KEY_UNDEFINED',
  StorageValueInvalid: 'KIT_STORAGE_VALUE_INVALID',
  RpcNotAllowed: 'KIT_RPC_NOT_ALLOWED',
  RpcHandlerExists: 'KIT_RPC_HANDLER_EXISTS',
  ViewExists: 'KIT_VIEW_EXISTS',
  Unknown: 'KIT_UNKNOWN',
} as const

/**
 * The codes a `KitError` may carry: the kernel's, and each package's registry, merged in under
 * the package's name (see ui-shell/errors/codes.ts), so a code outside every registry is a type error.
 */
export interface ErrorCodeMap {
  kernel: (typeof KernelErrorCodes)[keyof typeof KernelErrorCodes]
}

export type ErrorCode = ErrorCodeMap[keyof ErrorCodeMap]
