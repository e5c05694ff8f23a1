import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** An image id the catalogue does not know: 404 `IMAGE_NOT_FOUND`. */
export class ImageNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.ImageNotFound
  override name = 'ImageNotFoundError'
  constructor() {
    super('Image not found', { code: ImageNotFoundError.code, statusCode: 404, replyCode: 'IMAGE_NOT_FOUND' })
  }
}
