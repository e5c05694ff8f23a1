import { KitError } from './base.js'
import { KernelErrorCodes } from './codes.js'

/** The kit was used after `dispose()`. */
export class KitDisposedError extends KitError {
  static readonly code = KernelErrorCodes.KitDisposed
  override name = 'KitDisposedError'
  constructor() {
    super('This kit has been disposed.', { code: KitDisposedError.code })
  }
}

/** `dispose()` undid everything, but some teardowns failed; `errors` holds each failure. */
export class KitDisposeError extends AggregateError {
  static readonly code = KernelErrorCodes.KitDisposeFailed
  readonly code = KitDisposeError.code
  override name = 'KitDisposeError'
  constructor(errors: readonly Error[]) {
    super(errors, `${errors.length} plugin teardown(s) failed while the kit was disposed.`)
  }
}

/** Nothing the caller may see provides the token it asked for. */
export class TokenNotProvidedError extends KitError {
  static readonly code = KernelErrorCodes.TokenNotProvided
  override name = 'TokenNotProvidedError'
  constructor({ token, plugin }: { token: symbol; plugin?: string }) {
    super(`Nothing provides ${token.description ?? 'this token'}${plugin ? ` to plugin "${plugin}"` : ''}.`, {
      code: TokenNotProvidedError.code,
    })
  }
}

/** A plugin read or wrote a storage key nobody defined (`ctx.storage.define`); reported, never thrown. */
export class StorageKeyUndefinedError extends KitError {
  static readonly code = KernelErrorCodes.StorageKeyUndefined
  override name = 'StorageKeyUndefinedError'
  constructor(key: string) {
    super(`No plugin defined the storage key ${key}.`, { code: StorageKeyUndefinedError.code })
  }
}

/** A stored or offered value failed its key's schema: corrupt, foreign or a bug; reported, never thrown. */
export class StorageValueInvalidError extends KitError {
  static readonly code = KernelErrorCodes.StorageValueInvalid
  override name = 'StorageValueInvalidError'
  constructor(key: string) {
    super(`The value for ${key} does not match its schema.`, { code: StorageValueInvalidError.code })
  }
}
