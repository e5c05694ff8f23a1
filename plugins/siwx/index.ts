import { definePlugin } from '../../kernel/loader/definePlugin.js'
import type { PluginContext } from '../../kernel/loader/PluginContext.js'
import { SiweAndSiwxConflictError } from './errors/SiweAndSiwxConflictError.js'
import { SiwxServerNotConfiguredError } from './errors/SiwxServerNotConfiguredError.js'
import type { SiwxStorage } from './siwxStorage.js'

declare module '../../kernel/KitOptions.js' {
  interface KitOptions {
    /** Deprecated sign-in option kept for migration; cannot be combined with `siwx`. */
    siweConfig?: unknown
    /** Sign in with the wallet (SPEC §4). */
    siwx?: unknown
  }
}

/** Options of the siwx plugin. */
export interface SiwxPluginOptions {
  /** The visitor must sign in: cancelling disconnects, and the sign view cannot be closed (default false). */
  required?: boolean
  /** The statement line of the message. */
  statement?: string
  /**
   * Where sessions are kept: `'local'` (default) in the kit's storage on this page; `'server'` on
   * the kit's backend (`blockchainApiUrl` or `apiUrl`), which issues the nonce, verifies the
   * signature and answers a token the page keeps; or a host's own `SiwxStorage`.
   */
  storage?: 'local' | 'server' | ((ctx: PluginContext) => SiwxStorage)
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Sign in with the wallet (SPEC §4): after a connection, and after a switch to a network with
 * no session, the SIWXSignMessage view asks the visitor to sign an EIP-4361 (CAIP-122) message;
 * the session is kept (on this page by default). A kit given both `siweConfig` and `siwx` is
 * refused when created (SPEC §1). Gated on the `siwx` feature flag: when it is off, its code is
 * never fetched.
 *
 * @example
 * createKit(options, [connectors({ networks }), connect(), siwx({ required: true })])
 */
export const siwx = (options: SiwxPluginOptions = {}) =>
  definePlugin({
    id: 'siwx',
    feature: 'siwx',
    requires: ['connectors'],
    setupTimeoutMs: options.setupTimeoutMs,
    checkOptions(kitOptions) {
      if (kitOptions.siweConfig !== undefined && kitOptions.siwx !== undefined) throw new SiweAndSiwxConflictError()
      if (options.storage === 'server' && !kitOptions.blockchainApiUrl && !kitOptions.apiUrl) throw new SiwxServerNotConfiguredError()
    },
    load: async () => {
      const { createSiwxSetup } = await import('./setup.js')
      return { default: createSiwxSetup({ required: options.required === true, statement: options.statement, storage: options.storage }) }
    },
  })

export { SiweAndSiwxConflictError } from './errors/SiweAndSiwxConflictError.js'
export { SiwxServerNotConfiguredError } from './errors/SiwxServerNotConfiguredError.js'
export { SiwxInitializeError } from './errors/SiwxInitializeError.js'
export { SiwxNotEnabledError } from './errors/SiwxNotEnabledError.js'
export { SiwxNoAccountError } from './errors/SiwxNoAccountError.js'
export { SiwxNoNetworkError } from './errors/SiwxNoNetworkError.js'
export type { SiwxSession, SiwxStorage } from './siwxStorage.js'
export { useLatchSession } from './useLatchSession.js'
