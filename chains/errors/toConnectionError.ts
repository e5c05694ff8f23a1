import { KitError } from '../../kernel/index.js'
import { ConnectionRejectedError, FailedToConnectError } from './connection.js'

// EIP-1193 4001, and WalletConnect's 5000 (user rejected) and 5002 (rejected chains).
const REJECTED_CODES = new Set([4001, 5000, 5002])

/**
 * Maps what a wallet threw while connecting to a catalogue error (SPEC §8): a user
 * rejection becomes 'Connection rejected', anything else 'Failed to connect'. Kit errors pass.
 *
 * @param error - the wallet's error
 * @returns a KitError keeping the wallet's error as `cause`
 */
export function toConnectionError(error: unknown): KitError {
  if (error instanceof KitError) return error
  if (isUserRejection(error)) return new ConnectionRejectedError({ cause: error })
  return new FailedToConnectError({ cause: error })
}

/**
 * Whether an error is a wallet's user rejection, looking through viem's wrappers.
 *
 * @param error - anything thrown by a wallet
 */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && REJECTED_CODES.has(code)) return true
    if ((current as { name?: unknown }).name === 'UserRejectedRequestError') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
