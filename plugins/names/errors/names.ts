import { KitError } from '../../../kernel/errors/base.js'
import { NamesErrorCodes } from './codes.js'

/** SPEC §5: a name is registered on the active network; there is none. */
export class NameNetworkNotFoundError extends KitError {
  static readonly code = NamesErrorCodes.NetworkNotFound
  override name = 'NameNetworkNotFoundError'
  constructor() {
    super('Network not found', { code: NameNetworkNotFoundError.code })
  }
}

/** SPEC §5: a name is registered by an address connected through the embedded wallet's AUTH connector. */
export class NameAuthAddressNotFoundError extends KitError {
  static readonly code = NamesErrorCodes.AuthAddressNotFound
  override name = 'NameAuthAddressNotFoundError'
  constructor() {
    super('Address or auth connector not found', { code: NameAuthAddressNotFoundError.code })
  }
}

/** SPEC §5: an EVM chain id at or above 2^31 has no ENSIP-11 coin type. */
export class NameInvalidChainIdError extends KitError {
  static readonly code = NamesErrorCodes.InvalidChainId
  override name = 'NameInvalidChainIdError'
  constructor({ chainId }: { chainId: string | number }) {
    super('Invalid chainId', { code: NameInvalidChainIdError.code, details: String(chainId).slice(0, 32) })
  }
}

/** SPEC §5: the name breaks a rule; the sentence says which. */
export class InvalidAccountNameError extends KitError {
  static readonly code = NamesErrorCodes.InvalidName
  override name = 'InvalidAccountNameError'
  constructor({ rule }: { rule: string }) {
    super(rule, { code: InvalidAccountNameError.code })
  }
}

/**
 * SPEC §8: a refused registration, in the server's words (its first reason's description) when
 * it gave one, else 'Error registering name {name}'.
 */
export class NameRegistrationError extends KitError {
  static readonly code = NamesErrorCodes.Registration
  override name = 'NameRegistrationError'
  constructor({ name, reason, cause }: { name: string; reason?: string; cause?: unknown }) {
    super(reason ?? `Error registering name ${name}`, { code: NameRegistrationError.code, cause })
  }
}

/** SPEC §8: the suggestions route failed. */
export class NameSuggestionsError extends KitError {
  static readonly code = NamesErrorCodes.Suggestions
  override name = 'NameSuggestionsError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error fetching name suggestions', { code: NameSuggestionsError.code, cause })
  }
}

/** SPEC §8: the reverse lookup (the names an address holds) failed. */
export class AccountNamesError extends KitError {
  static readonly code = NamesErrorCodes.AccountNames
  override name = 'AccountNamesError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error fetching names for address', { code: AccountNamesError.code, cause })
  }
}
