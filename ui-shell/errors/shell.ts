import { KitError } from '../../kernel/errors/base.js'
import { ShellErrorCodes } from './codes.js'

/** A Latch hook or button rendered outside `<LatchProvider kit={kit}>`. */
export class NoKitProviderError extends KitError {
  static readonly code = ShellErrorCodes.NoKitProvider
  override name = 'NoKitProviderError'
  constructor() {
    super('Latch: wrap this component in <LatchProvider kit={kit}>.', { code: NoKitProviderError.code })
  }
}

/** `createKit` was given an option of the wrong type or shape; nothing was built. */
export class InvalidOptionsError extends KitError {
  static readonly code = ShellErrorCodes.OptionsInvalid
  override name = 'InvalidOptionsError'
  constructor({ option, reason }: { option: string; reason: string }) {
    super('Invalid App Configuration', { code: InvalidOptionsError.code, details: `createKit option "${option}": ${reason}` })
  }
}

/** `kit.open` was given something other than `{ view?: string, namespace?: string, data? }`. */
export class InvalidOpenArgsError extends KitError {
  static readonly code = ShellErrorCodes.OpenArgsInvalid
  override name = 'InvalidOpenArgsError'
  constructor() {
    super('Invalid open arguments', { code: InvalidOpenArgsError.code, details: 'kit.open takes { view?: string, namespace?: string, data? }' })
  }
}
