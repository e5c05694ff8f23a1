import { KitError } from '../../../kernel/errors/base.js'
import { AccountErrorCodes } from './codes.js'

/** SPEC §5: a send needs an amount and a receiver. */
export class SendAmountAndReceiverRequiredError extends KitError {
  static readonly code = AccountErrorCodes.SendAmountAndReceiverRequired
  override name = 'SendAmountAndReceiverRequiredError'
  constructor() {
    super('An amount and receiver address are required', { code: SendAmountAndReceiverRequiredError.code })
  }
}

/** SPEC §5: a send needs a token. */
export class SendTokenRequiredError extends KitError {
  static readonly code = AccountErrorCodes.SendTokenRequired
  override name = 'SendTokenRequiredError'
  constructor() {
    super('A token is required', { code: SendTokenRequiredError.code })
  }
}

/** SPEC §8 names: a receiver name that resolves to no address. */
export class NameResolutionError extends KitError {
  static readonly code = AccountErrorCodes.SendNameResolution
  override name = 'NameResolutionError'
  constructor({ name, cause }: { name: string; cause?: unknown }) {
    super('Error resolving name', { code: NameResolutionError.code, details: name.slice(0, 64), cause })
  }
}
