import { KitError } from '../../kernel/index.js'
import { ShellErrorCodes } from './codes.js'

/** A Latch hook or button rendered outside `<LatchProvider kit={kit}>`. */
export class NoKitProviderError extends KitError {
  static readonly code = ShellErrorCodes.NoKitProvider
  override name = 'NoKitProviderError'
  constructor() {
    super('Latch: wrap this component in <LatchProvider kit={kit}>.', { code: NoKitProviderError.code })
  }
}
