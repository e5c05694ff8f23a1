import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/** The host asked for a sign-in while the `siwx` feature is off (SPEC §8): its code was never loaded. */
export class SiwxNotEnabledError extends KitError {
  static readonly code = SiwxErrorCodes.NotEnabled
  override name = 'SiwxNotEnabledError'
  constructor() {
    super('SIWX is not enabled', {
      code: SiwxNotEnabledError.code,
      metaMessages: ['Turn the `siwx` feature on (kit options or the project configuration) before asking for a sign-in.'],
    })
  }
}
