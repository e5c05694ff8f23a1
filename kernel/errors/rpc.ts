import { KitError } from './base.js'
import { KernelErrorCodes as ErrorCodes } from './codes.js'

/** A method no plugin registered a handler for (SPEC §8): the allow-list is the registry. */
export class RpcNotAllowedError extends KitError {
  static readonly code = ErrorCodes.RpcNotAllowed
  override name = 'RpcNotAllowedError'
  constructor({ method }: { method: string }) {
    super('Requested RPC call is not allowed', { code: RpcNotAllowedError.code, details: method })
  }
}

/** Two plugins registered a handler for one method. */
export class RpcHandlerExistsError extends KitError {
  static readonly code = ErrorCodes.RpcHandlerExists
  override name = 'RpcHandlerExistsError'
  constructor({ method }: { method: string }) {
    super(`A handler for "${method}" is already registered.`, { code: RpcHandlerExistsError.code })
  }
}

/** Two views registered under one name. */
export class ViewExistsError extends KitError {
  static readonly code = ErrorCodes.ViewExists
  override name = 'ViewExistsError'
  constructor({ view }: { view: string }) {
    super(`A view named "${view}" is already registered.`, { code: ViewExistsError.code })
  }
}
