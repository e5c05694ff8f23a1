import { createHash } from 'node:crypto'

/** An answer serialized once and sent as bytes many times, with the ETag of those bytes. */
export interface SerializedResponse {
  body: Buffer
  /** A strong validator: the body's SHA-1, quoted. */
  etag: string
  contentType: string
}

/**
 * Serializes an answer once: JSON for a value, the bytes as they are for a string or Buffer.
 *
 * @param content - a JSON-serializable value, or SVG source / bytes with `contentType`
 * @param contentType - defaults to JSON
 * @returns the bytes, their ETag and their type
 * @example
 * serializeResponse({ count: 1, data: [wallet] })
 * serializeResponse('<svg …/>', 'image/svg+xml')
 */
export function serializeResponse(content: unknown, contentType = 'application/json; charset=utf-8'): SerializedResponse {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(typeof content === 'string' ? content : JSON.stringify(content))
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, contentType }
}
