import type { KitError } from '../../kernel/index.js'
import {
  DeviceShareMissingError,
  FrameRequestError,
  NoPasskeyError,
  PasskeyCancelledError,
  PasskeyNotAddableError,
  PasskeyNotFinishedError,
  PasskeyRefusedError,
  RecoveryRefusedError,
  SecureWindowBlockedError,
} from './errors.js'

// The frame answers an error with its sentence only (frameProtocol: `{ message }`), so the kit
// reads the sentences the secure site writes: server/errors/passkeys.ts and keyShares.ts (passed
// through by the frame), server/secureSite/frame/errors.ts. A sentence the kit does not know stays
// the frame's own FrameRequestError, which the views show as it is.
type Match = { test: RegExp; error: (match: RegExpExecArray, cause: FrameRequestError) => KitError }

const PASSKEY_SENTENCES: Match[] = [
  { test: /^Passkey refused \((.+)\): nothing was released$/, error: (match, cause) => new PasskeyRefusedError({ reason: match[1]!, cause }) },
  { test: /^This wallet's recovery share is not sealed by a passkey$/, error: (_, cause) => new NoPasskeyError({ cause }) },
  { test: /^This device holds no recovery secret of this wallet$/, error: (_, cause) => new PasskeyNotAddableError({ cause }) },
  { test: /^This device holds no device share of this wallet$/, error: (_, cause) => new DeviceShareMissingError({ cause }) },
  { test: /^The passkey step did not finish: (.+)$/, error: (match, cause) => new PasskeyNotFinishedError({ reason: match[1]!, cause }) },
  { test: /^User rejected the request\.$/, error: (_, cause) => new PasskeyCancelledError({ cause }) },
  { test: /^The browser blocked the approval window/, error: (_, cause) => new SecureWindowBlockedError({ cause }) },
  { test: /^Re-split refused \(|^This device's key share does not match this wallet/, error: (_, cause) => new RecoveryRefusedError({ cause }) },
]

/**
 * Signing on a device without the wallet's share: the frame falls back to the server, which
 * refuses a split key (SIGN_IN_FRAME); after another device recovered and re-split the key, this
 * device's old share no longer matches. Either way the cure is recovery with the passkey.
 */
const MISSING_SHARE_ON_SIGN = /^This wallet's key is split: only its wallet frame signs|^This device's key share does not match this wallet|^This device holds no device share of this wallet$/

/**
 * The catalogue error (issue 26, SPEC §8) for a frame's refusal of a passkey request (ADD_PASSKEY,
 * RECOVER_WITH_PASSKEY, EXPORT_PRIVATE_KEY, CONNECT_PASSKEY).
 *
 * @param error - what the request threw
 * @returns the mapped error, or `error` itself when it is not a frame sentence the kit knows
 * @example
 * passkeyErrorOf(new FrameRequestError("This wallet's recovery share is not sealed by a passkey")) // NoPasskeyError
 */
export function passkeyErrorOf(error: unknown): unknown {
  if (!(error instanceof FrameRequestError)) return error
  for (const { test, error: make } of PASSKEY_SENTENCES) {
    const match = test.exec(error.shortMessage)
    if (match) return make(match, error)
  }
  return error
}

/**
 * Whether a signing request failed because this device lacks the wallet's key share, which the
 * passkey recovers (the Account view then offers "Recover with passkey").
 *
 * @param error - what the RPC request threw
 * @returns a DeviceShareMissingError wrapping it, or undefined
 */
export function missingShareOf(error: unknown): DeviceShareMissingError | undefined {
  return error instanceof FrameRequestError && MISSING_SHARE_ON_SIGN.test(error.shortMessage) ? new DeviceShareMissingError({ cause: error }) : undefined
}
