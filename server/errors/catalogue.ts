import { ServerErrorCodes } from './codes.js'
import { ServerError } from './ServerError.js'

/**
 * A page whose origin no entry of the project's allow-list matches: 403 `ORIGIN_NOT_ALLOWED`.
 * On analytics this is what AppKit and the kit show as 'Invalid App Configuration' (SPEC §8).
 */
export class OriginNotAllowedError extends ServerError {
  static readonly code = ServerErrorCodes.OriginNotAllowed
  override name = 'OriginNotAllowedError'
  constructor() {
    super('Origin not allowed', { code: OriginNotAllowedError.code, statusCode: 403, replyCode: 'ORIGIN_NOT_ALLOWED' })
  }
}

/** An image id the catalogue does not know: 404 `IMAGE_NOT_FOUND`. */
export class ImageNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.ImageNotFound
  override name = 'ImageNotFoundError'
  constructor() {
    super('Image not found', { code: ImageNotFoundError.code, statusCode: 404, replyCode: 'IMAGE_NOT_FOUND' })
  }
}
