import { KitError } from './base.js'
import { ErrorCodes } from './codes.js'

/** Both sign-in options were given; the kit supports one sign-in flow at a time (SPEC §1). */
export class SiweAndSiwxConflictError extends KitError {
  static readonly code = ErrorCodes.ConfigSiweAndSiwx
  override name = 'SiweAndSiwxConflictError'
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options.', {
      code: SiweAndSiwxConflictError.code,
      metaMessages: ['Pass `siwx` alone: it replaces `siweConfig`.'],
    })
  }
}

/** The kit was used after `dispose()`. */
export class KitDisposedError extends KitError {
  static readonly code = ErrorCodes.KitDisposed
  override name = 'KitDisposedError'
  constructor() {
    super('This kit has been disposed.', { code: KitDisposedError.code })
  }
}
