import { KitError } from '../../../kernel/index.js'
import { SocialsErrorCodes } from './codes.js'

/** SPEC §8: the visitor closed the sign-in popup (or the browser blocked it) before the provider answered. */
export class PopupClosedError extends KitError {
  static readonly code = SocialsErrorCodes.PopupClosed
  override name = 'PopupClosedError'
  constructor({ details }: { details?: string } = {}) {
    super('Popup closed', { code: PopupClosedError.code, details })
  }
}

/** SPEC §8: the redirect URI could not be had, the provider refused, or the frame refused the result. */
export class SocialConnectionFailedError extends KitError {
  static readonly code = SocialsErrorCodes.SocialConnectionFailed
  override name = 'SocialConnectionFailedError'
  constructor({ details, cause }: { details?: string; cause?: unknown } = {}) {
    super('Failed to initiate social connection', { code: SocialConnectionFailedError.code, details, cause })
  }
}

/** SPEC §8: the Farcaster URI could not be had, or the frame refused or did not see the approval in time. */
export class FarcasterConnectionFailedError extends KitError {
  static readonly code = SocialsErrorCodes.FarcasterConnectionFailed
  override name = 'FarcasterConnectionFailedError'
  constructor({ details, cause }: { details?: string; cause?: unknown } = {}) {
    super('Failed to connect to farcaster', { code: FarcasterConnectionFailedError.code, details, cause })
  }
}
