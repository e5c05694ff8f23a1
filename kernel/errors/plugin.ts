import { KitError } from './base.js'
import { KernelErrorCodes as ErrorCodes } from './codes.js'

/** A plugin requires another plugin that was not registered with the kit. */
export class PluginMissingDependencyError extends KitError {
  static readonly code = ErrorCodes.PluginMissingDependency
  override name = 'PluginMissingDependencyError'
  constructor({ plugin, dependency }: { plugin: string; dependency: string }) {
    super(`Plugin "${plugin}" requires plugin "${dependency}", which is not registered.`, {
      code: PluginMissingDependencyError.code,
      metaMessages: [`Pass "${dependency}" to createKit before or after "${plugin}".`],
    })
  }
}

/** Plugins require each other in a loop, so none of them can load first. */
export class PluginCycleError extends KitError {
  static readonly code = ErrorCodes.PluginCycle
  override name = 'PluginCycleError'
  constructor({ cycle }: { cycle: readonly string[] }) {
    super(`Plugins require each other in a cycle: ${cycle.join(' -> ')}.`, { code: PluginCycleError.code })
  }
}

/** Two plugins share one id. */
export class PluginDuplicateError extends KitError {
  static readonly code = ErrorCodes.PluginDuplicate
  override name = 'PluginDuplicateError'
  constructor({ plugin }: { plugin: string }) {
    super(`Plugin "${plugin}" is registered twice.`, { code: PluginDuplicateError.code })
  }
}

/** A plugin definition is malformed: no id, or not exactly one of setup and load. */
export class PluginInvalidError extends KitError {
  static readonly code = ErrorCodes.PluginInvalid
  override name = 'PluginInvalidError'
  constructor({ plugin, reason }: { plugin: string; reason: string }) {
    super(`Plugin "${plugin}" is invalid: ${reason}.`, { code: PluginInvalidError.code })
  }
}

/** A plugin's setup threw or rejected; the plugin was skipped. */
export class PluginSetupError extends KitError {
  static readonly code = ErrorCodes.PluginSetupFailed
  override name = 'PluginSetupError'
  constructor({ plugin, cause }: { plugin: string; cause: unknown }) {
    super(`Plugin "${plugin}" failed to set up and was skipped.`, { code: PluginSetupError.code, cause })
  }
}

/** A plugin's setup did not settle before its deadline; the plugin was skipped. */
export class PluginTimeoutError extends KitError {
  static readonly code = ErrorCodes.PluginTimeout
  override name = 'PluginTimeoutError'
  constructor({ plugin, timeoutMs }: { plugin: string; timeoutMs: number }) {
    super(`Plugin "${plugin}" did not finish setting up within ${timeoutMs} ms and was skipped.`, { code: PluginTimeoutError.code })
  }
}

/** One of a plugin's disposers threw while the plugin was torn down. */
export class PluginTeardownError extends KitError {
  static readonly code = ErrorCodes.PluginTeardownFailed
  override name = 'PluginTeardownError'
  constructor({ plugin, cause }: { plugin: string; cause: unknown }) {
    super(`Plugin "${plugin}" failed while tearing down.`, { code: PluginTeardownError.code, cause })
  }
}

/** A plugin resolved a token another plugin provides without requiring that plugin. */
export class PluginTokenNotRequiredError extends KitError {
  static readonly code = ErrorCodes.PluginTokenNotRequired
  override name = 'PluginTokenNotRequiredError'
  constructor({ plugin, provider, token }: { plugin: string; provider: string; token: symbol }) {
    super(`Plugin "${plugin}" resolved ${token.description ?? 'a token'} of plugin "${provider}", which it does not require.`, {
      code: PluginTokenNotRequiredError.code,
      metaMessages: [`Add "${provider}" to the \`requires\` of "${plugin}".`],
    })
  }
}
