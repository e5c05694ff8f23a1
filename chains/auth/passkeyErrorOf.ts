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

// The frame answers an error with its sentence and a code (`FrameErrorPayload`): the secure site's
// reply code (`REPLY_CODES` in server/errors/codes.ts) when the server refused, else the frame's own
// (server/web/walletFrame/errors.ts). The kit maps codes, never sentences; a sentence is read only
// for the reason it carries. An unknown code stays the frame's FrameRequestError, shown as it is.
type Make = (error: FrameRequestError) => KitError

/** The reason in "Passkey refused (reason): …" or "The passkey step did not finish: reason". */
const reasonIn = (sentence: string, pattern: RegExp) => pattern.exec(sentence)?.[1] ?? sentence

const PASSKEY_CODES: Record<string, Make> = {
  PASSKEY_REFUSED: (cause) => new PasskeyRefusedError({ reason: reasonIn(cause.shortMessage, /^Passkey refused \((.+)\):/), cause }),
  NO_PASSKEY: (cause) => new NoPasskeyError({ cause }),
  NO_RECOVERY_VAULT: (cause) => new NoPasskeyError({ cause }),
  // A device share is missing, or (on a backend without a recovery vault) the recovery secret a passkey needs.
  KIT_FRAME_NO_DEVICE_SHARE: (cause) => (/recovery secret/.test(cause.shortMessage) ? new PasskeyNotAddableError({ cause }) : new DeviceShareMissingError({ cause })),
  KIT_FRAME_PASSKEY_FAILED: (cause) => new PasskeyNotFinishedError({ reason: reasonIn(cause.shortMessage, /^The passkey step did not finish: (.+)$/), cause }),
  KIT_FRAME_USER_REJECTED: (cause) => new PasskeyCancelledError({ cause }),
  KIT_FRAME_APPROVAL_WINDOW_BLOCKED: (cause) => new SecureWindowBlockedError({ cause }),
  RESHARE_REFUSED: (cause) => new RecoveryRefusedError({ cause }),
  KIT_FRAME_KEY_SHARES_MISMATCH: (cause) => new RecoveryRefusedError({ cause }),
}

/**
 * Signing on a device without the wallet's share that the vault cannot restore (a passkey seals
 * it), or with a share another device's recovery made stale, or a split key the server will not
 * sign: the cure is recovery with the passkey.
 */
const MISSING_SHARE_ON_SIGN = new Set(['KIT_FRAME_NO_DEVICE_SHARE', 'KIT_FRAME_KEY_SHARES_MISMATCH', 'SIGN_IN_FRAME'])

/**
 * The catalogue error (issue 26, SPEC §8) for a frame's refusal of a passkey request (ADD_PASSKEY,
 * RECOVER_WITH_PASSKEY, EXPORT_PRIVATE_KEY, CONNECT_PASSKEY).
 *
 * @param error - what the request threw
 * @returns the mapped error, or `error` itself when it is not a frame refusal the kit knows
 * @example
 * passkeyErrorOf(new FrameRequestError("This wallet's recovery share is not sealed by a passkey", { frameCode: 'NO_PASSKEY' })) // NoPasskeyError
 */
export function passkeyErrorOf(error: unknown): unknown {
  if (!(error instanceof FrameRequestError) || !error.frameCode) return error
  return PASSKEY_CODES[error.frameCode]?.(error) ?? error
}

/**
 * Whether a signing request failed because this device lacks the wallet's key share, which the
 * passkey recovers (the Account view then offers "Recover with passkey").
 *
 * @param error - what the RPC request threw
 * @returns a DeviceShareMissingError wrapping it, or undefined
 */
export function missingShareOf(error: unknown): DeviceShareMissingError | undefined {
  return error instanceof FrameRequestError && error.frameCode && MISSING_SHARE_ON_SIGN.has(error.frameCode) ? new DeviceShareMissingError({ cause: error }) : undefined
}
