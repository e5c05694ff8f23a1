import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/**
 * `POST /api/sign` (or any server-side signature) asked of a key kept in shares (KEY_SHARES.md):
 * the server never assembles it. The wallet frame signs and the server only sends what it signed
 * (`/api/submit/*`). 403 `SIGN_IN_FRAME`.
 */
export class SignInFrameRequiredError extends ServerError {
  static readonly code = ServerErrorCodes.SignInFrameRequired
  override name = 'SignInFrameRequiredError'
  constructor() {
    super("This wallet's key is split: only its wallet frame signs, and the server only sends what the frame signed (POST /api/submit/...)", {
      code: SignInFrameRequiredError.code,
      statusCode: 403,
      replyCode: 'SIGN_IN_FRAME',
    })
  }
}

/**
 * Signed bytes the server will not send: a transaction or UserOperation not signed by the
 * session's user, for another chain, over the gas cap, or malformed. Nothing is sent. 400
 * `SIGNED_BYTES_REFUSED`.
 */
export class SignedSubmissionRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.SignedSubmissionRefused
  override name = 'SignedSubmissionRefusedError'
  /**
   * @param what - what was submitted ('transaction', 'UserOperation', 'Solana transaction')
   * @param reason - why it is refused, e.g. 'its signer is not this session's wallet'
   */
  constructor({ what, reason, cause }: { what: string; reason: string; cause?: unknown }) {
    super(`Signed ${what} refused: ${reason}; nothing was sent`, { code: SignedSubmissionRefusedError.code, statusCode: 400, replyCode: 'SIGNED_BYTES_REFUSED', cause })
  }
}
