import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SerializedResponse } from './SerializedResponse.js'

/** Whether an If-None-Match header (`"a"`, `W/"a", "b"` or `*`) names this ETag (RFC 9110 §13.1.2, weak comparison). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Sends a serialized answer with its ETag, or 304 with no body when the client already holds it.
 *
 * @param request - for its If-None-Match header
 * @param reply - the route's reply
 * @param response - the cached answer
 * @param cacheControl - e.g. `no-cache` for catalogue pages (revalidate each time, 304 when unchanged)
 * @returns the sent reply, to `return` from the handler
 * @example
 * return sendSerialized(request, reply, page, 'no-cache')
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, response: SerializedResponse, cacheControl: string): FastifyReply {
  void reply.header('etag', response.etag).header('cache-control', cacheControl)
  if (matchesIfNoneMatch(request.headers['if-none-match'], response.etag)) return reply.code(304).send()
  return reply.header('content-type', response.contentType).send(response.body)
}
