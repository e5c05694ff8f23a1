import { KitError } from 'latch/plugin'
import './declarations.js'

/** Every error code the faucet plugin throws. Never reused or renamed. */
export const FaucetErrorCodes = {
  RequestFailed: 'KIT_FAUCET_REQUEST_FAILED',
} as const

/** The faucet service refused the request or could not be reached. */
export class FaucetRequestError extends KitError {
  static readonly code = FaucetErrorCodes.RequestFailed
  override name = 'FaucetRequestError'
  constructor({ status, cause }: { status?: number; cause?: unknown }) {
    super('The faucet could not send funds', {
      code: FaucetRequestError.code,
      cause,
      details: status === undefined ? undefined : `The faucet answered HTTP ${status}.`,
    })
  }
}
