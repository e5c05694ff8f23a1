import { KitError, type KitErrorParameters } from '../../kernel/errors/base.js'

/** The wallet declined to sign a message or a transaction (SPEC §8 'Signature declined'). */
export class SignatureDeclinedError extends KitError {
  static readonly code = 'KIT_REQUEST_SIGNATURE_DECLINED'
  override name = 'SignatureDeclinedError'
  constructor({ cause }: Pick<KitErrorParameters, 'cause'> = {}) {
    super('Signature declined', { code: SignatureDeclinedError.code, cause })
  }
}
