import { expect, it } from 'vitest'
import * as kernel from './index.js'

it('exports exactly the documented kernel surface', () => {
  expect(Object.keys(kernel).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_PLUGIN_SETUP_TIMEOUT_MS",
      "DEFAULT_STORAGE_PREFIX",
      "EventBusToken",
      "FeatureStoreToken",
      "KIT_VERSION",
      "KernelErrorCodes",
      "KitDisposeError",
      "KitDisposedError",
      "KitError",
      "ModalControllerToken",
      "ModalStoreToken",
      "PluginCycleError",
      "PluginDuplicateError",
      "PluginInvalidError",
      "PluginMissingDependencyError",
      "PluginSetupError",
      "PluginTeardownError",
      "PluginTimeoutError",
      "PluginTokenNotRequiredError",
      "RpcHandlerExistsError",
      "RpcNotAllowedError",
      "TokenNotProvidedError",
      "UnknownError",
      "ViewExistsError",
      "ViewRegistryToken",
      "ViewStackToken",
      "cacheSchema",
      "createKernel",
      "createStorage",
      "createToken",
      "definePlugin",
      "isFeatureOn",
      "nextTask",
      "toKitError",
      "withTimeout",
    ]
  `)
})
