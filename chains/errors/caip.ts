import { KitError } from '../../kernel/index.js'
import { ChainsErrorCodes } from './codes.js'

/** A CAIP-10 account id that is not `namespace:reference:address` with a known namespace (SPEC §5). */
export class InvalidCaipAddressError extends KitError {
  static readonly code = ChainsErrorCodes.CaipInvalidAddress
  override name = 'InvalidCaipAddressError'
  constructor({ value }: { value?: unknown } = {}) {
    super('Invalid CAIP-10 address', { code: InvalidCaipAddressError.code, details: describe(value) })
  }
}

/** A CAIP-2 chain id that is not `namespace:reference` with a known namespace (SPEC §5). */
export class InvalidCaipNetworkIdError extends KitError {
  static readonly code = ChainsErrorCodes.CaipInvalidNetworkId
  override name = 'InvalidCaipNetworkIdError'
  constructor({ value }: { value?: unknown } = {}) {
    super('Invalid CAIP-2 network id', { code: InvalidCaipNetworkIdError.code, details: describe(value) })
  }
}

// Hostile input may be huge or not a string: keep the detail short and printable.
function describe(value: unknown): string | undefined {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value : typeof value
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}
