import { KitError, type KitErrorParameters } from '../../../kernel/errors/base.js'

/** SPEC §8: the balance service failed or the network is not supported for balances. */
export class TokenBalanceUnavailableError extends KitError {
  static readonly code = 'KIT_ACCOUNT_TOKEN_BALANCE_UNAVAILABLE'
  override name = 'TokenBalanceUnavailableError'
  constructor({ cause }: Pick<KitErrorParameters, 'cause'> = {}) {
    super('Token Balance Unavailable', { code: TokenBalanceUnavailableError.code, cause })
  }
}

/** SPEC §5: a send needs an amount and a receiver. */
export class SendAmountAndReceiverRequiredError extends KitError {
  static readonly code = 'KIT_SEND_AMOUNT_RECEIVER_REQUIRED'
  override name = 'SendAmountAndReceiverRequiredError'
  constructor() {
    super('An amount and receiver address are required', { code: SendAmountAndReceiverRequiredError.code })
  }
}

/** SPEC §5: a send needs a token. */
export class SendTokenRequiredError extends KitError {
  static readonly code = 'KIT_SEND_TOKEN_REQUIRED'
  override name = 'SendTokenRequiredError'
  constructor() {
    super('A token is required', { code: SendTokenRequiredError.code })
  }
}

/** SPEC §8 names: a receiver name that resolves to no address. */
export class NameResolutionError extends KitError {
  static readonly code = 'KIT_SEND_NAME_RESOLUTION'
  override name = 'NameResolutionError'
  constructor({ name, cause }: { name: string; cause?: unknown }) {
    super('Error resolving name', { code: NameResolutionError.code, details: name.slice(0, 64), cause })
  }
}
