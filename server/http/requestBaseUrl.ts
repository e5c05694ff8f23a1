import type { FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** `createServer`'s `publicUrl`: the configured public URL behind a proxy, if any. */
    latchPublicUrl?: string
  }
}

/**
 * The URL this server is reached at, for links in answers (icons, history): the configured
 * public URL behind a proxy, else the socket's own address; never the Host header, which a
 * client controls.
 */
export function requestBaseUrl(request: FastifyRequest): string {
  if (request.server.latchPublicUrl) return request.server.latchPublicUrl.replace(/\/$/, '')
  const address = request.socket.address()
  if ('port' in address && address.address) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `http://${host}:${address.port}`
  }
  return `http://127.0.0.1`
}
