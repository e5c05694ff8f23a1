import { definePlugin } from '../../kernel/index.js'
import { SiweAndSiwxConflictError } from './errors/SiweAndSiwxConflictError.js'

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
  /** Deadline for the plugin's setup; defaults to the kit's. */
  setupTimeoutMs?: number
}

/**
 * Sign in with the wallet (SPEC §4). Today it owns the options rule only: a kit given both
 * `siweConfig` and `siwx` is refused when created (SPEC §1); the sign-in views are issue 13.
 * Gated on the `siwx` feature flag. It contributes nothing yet (issue 13), so it has no code chunk:
 * the page fetches nothing for it until it does.
 *
 * @example
 * createKit(options, [siwx()])
 */
export const siwx = (options: SiwxPluginOptions = {}) =>
  definePlugin({
    id: 'siwx',
    feature: 'siwx',
    setupTimeoutMs: options.setupTimeoutMs,
    checkOptions(kitOptions) {
      if (kitOptions.siweConfig !== undefined && kitOptions.siwx !== undefined) throw new SiweAndSiwxConflictError()
    },
    setup() {},
  })

export { SiweAndSiwxConflictError } from './errors/SiweAndSiwxConflictError.js'
