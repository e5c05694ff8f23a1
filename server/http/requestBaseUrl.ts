import type { FastifyRequest } from 'fastify'

/**
 * The URL this server is reached at, for links in answers (icons, checkout). Taken from the
 * socket's own address rather than the Host header, which a client controls.
 */
export function requestBaseUrl(request: FastifyRequest): string {
  const address = request.socket.address()
  if ('port' in address && address.address) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `http://${host}:${address.port}`
  }
  return `http://127.0.0.1`
}
