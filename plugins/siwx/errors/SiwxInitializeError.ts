import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/**
 * The sign-in could not start or was not accepted by the server (no nonce, the message or the
 * signature refused): SPEC §8's sign-in error, after which the visitor is disconnected.
 */
export class SiwxInitializeError extends KitError {
  static readonly code = SiwxErrorCodes.Initialize
  override name = 'SiwxInitializeError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('A problem occurred while trying initialize authentication', { code: SiwxInitializeError.code, cause })
  }
}
