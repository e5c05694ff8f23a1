import { KitError, type KitErrorParameters } from '../../../kernel/errors/base.js'
import { AccountErrorCodes } from './codes.js'

/** SPEC §8: the balance service failed or the network is not supported for balances. */
export class TokenBalanceUnavailableError extends KitError {
  static readonly code = AccountErrorCodes.TokenBalanceUnavailable
  override name = 'TokenBalanceUnavailableError'
  constructor({ cause, details }: Pick<KitErrorParameters, 'cause' | 'details'> = {}) {
    super('Token Balance Unavailable', { code: TokenBalanceUnavailableError.code, cause, details })
  }
}

/** A value that should be a decimal number is not: a corrupt service answer or a typo. */
export class InvalidDecimalError extends KitError {
  static readonly code = AccountErrorCodes.InvalidDecimal
  override name = 'InvalidDecimalError'
  constructor({ value }: { value: unknown }) {
    super('Not a decimal number', { code: InvalidDecimalError.code, details: String(value).slice(0, 40) })
  }
}
