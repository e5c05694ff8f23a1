import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/** Both sign-in options were given; the kit supports one sign-in flow at a time (SPEC §1). */
export class SiweAndSiwxConflictError extends KitError {
  static readonly code = SiwxErrorCodes.SiweAndSiwx
  override name = 'SiweAndSiwxConflictError'
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options.', {
      code: SiweAndSiwxConflictError.code,
      metaMessages: ['Pass `siwx` alone: it replaces `siweConfig`.'],
    })
  }
}
