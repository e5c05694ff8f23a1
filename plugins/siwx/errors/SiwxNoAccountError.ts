import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/** A sign-in was asked for with no connected account to sign it (SPEC §8). */
export class SiwxNoAccountError extends KitError {
  static readonly code = SiwxErrorCodes.NoAccount
  override name = 'SiwxNoAccountError'
  constructor() {
    super('No ActiveCaipAddress found', { code: SiwxNoAccountError.code, metaMessages: ['Connect a wallet first: the sign-in is signed by the connected account.'] })
  }
}
