import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** The name routes' body adds `reasons`, whose first description the kit shows (SPEC §8). */
export const nameReasons = (sentence: string) => ({ reasons: [{ description: sentence }] })

/** A registration message that is not JSON with name, attributes and timestamp: 400 `INVALID_MESSAGE`. */
export class NameMessageInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.NameMessageInvalid
  override name = 'NameMessageInvalidError'
  constructor() {
    const sentence = 'message must be JSON with name, attributes and timestamp'
    super(sentence, { code: NameMessageInvalidError.code, statusCode: 400, replyCode: 'INVALID_MESSAGE', body: nameReasons(sentence) })
  }
}

/** A name that is not letters, digits and hyphens, at least 4 characters (SPEC §5): 400 `INVALID_NAME`. */
export class NameInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.NameInvalid
  override name = 'NameInvalidError'
  constructor() {
    const sentence = 'message/name must be letters, digits and hyphens, at least 4 characters'
    super(sentence, { code: NameInvalidError.code, statusCode: 400, replyCode: 'INVALID_NAME', body: nameReasons(sentence) })
  }
}

/** A registration message too old or dated in the future (a replayed signature): 400 `MESSAGE_EXPIRED`. */
export class NameMessageExpiredError extends ServerError {
  static readonly code = ServerErrorCodes.NameMessageExpired
  override name = 'NameMessageExpiredError'
  constructor() {
    const sentence = 'message/timestamp is too old or in the future'
    super(sentence, { code: NameMessageExpiredError.code, statusCode: 400, replyCode: 'MESSAGE_EXPIRED', body: nameReasons(sentence) })
  }
}

/** Attributes that are not a map of names to strings, or too long: 400 `INVALID_ATTRIBUTES`. */
export class NameAttributesInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.NameAttributesInvalid
  override name = 'NameAttributesInvalidError'
  /** @param maxChars - set when the attributes are too long as JSON */
  constructor({ maxChars }: { maxChars?: number } = {}) {
    const sentence = maxChars === undefined ? 'message/attributes must map names to strings' : `message/attributes must be at most ${maxChars} characters as JSON`
    super(sentence, { code: NameAttributesInvalidError.code, statusCode: 400, replyCode: 'INVALID_ATTRIBUTES', body: nameReasons(sentence) })
  }
}

/** A name someone registered first: 409 `NAME_TAKEN` (one conditional insert, never a unique-key 500). */
export class NameTakenError extends ServerError {
  static readonly code = ServerErrorCodes.NameTaken
  override name = 'NameTakenError'
  constructor({ name }: { name: string }) {
    const sentence = `${name} is already registered`
    super(sentence, { code: NameTakenError.code, statusCode: 409, replyCode: 'NAME_TAKEN', body: nameReasons(sentence) })
  }
}

/** A lookup of a name nobody registered: 404 `NAME_NOT_FOUND`. */
export class NameNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.NameNotFound
  override name = 'NameNotFoundError'
  /** @param name - as asked, cut to 64 characters */
  constructor({ name }: { name: string }) {
    const sentence = `${name.slice(0, 64)} is not registered`
    super(sentence, { code: NameNotFoundError.code, statusCode: 404, replyCode: 'NAME_NOT_FOUND', body: nameReasons(sentence) })
  }
}
