import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/** A sign-in was asked for while the connection has no active network to state in the message (SPEC §8). */
export class SiwxNoNetworkError extends KitError {
  static readonly code = SiwxErrorCodes.NoNetwork
  override name = 'SiwxNoNetworkError'
  constructor() {
    super('No ActiveCaipNetwork or client found', { code: SiwxNoNetworkError.code })
  }
}
