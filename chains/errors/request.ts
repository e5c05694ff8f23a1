import { KitError, type KitErrorParameters } from '../../kernel/index.js'
import { ChainsErrorCodes } from './codes.js'

/** The wallet declined to sign a message or a transaction (SPEC §8 'Signature declined'). */
export class SignatureDeclinedError extends KitError {
  static readonly code = ChainsErrorCodes.RequestSignatureDeclined
  override name = 'SignatureDeclinedError'
  constructor({ cause }: Pick<KitErrorParameters, 'cause'> = {}) {
    super('Signature declined', { code: SignatureDeclinedError.code, cause })
  }
}
