import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyServerOptions } from 'fastify'

/** Fastify's `trustProxy` option: which peers may say, in X-Forwarded-For, who the client is. */
export type TrustProxy = FastifyServerOptions['trustProxy']

/**
 * The client IP of a raw request, read as Fastify's `request.ip` reads it: from X-Forwarded-For
 * only through the proxies `trustProxy` trusts, else the TCP peer. For WebSocket upgrades,
 * which never reach Fastify's request object.
 *
 * @param trustProxy - the same value given to Fastify
 * @returns a function from a raw request to its client IP
 * @example
 * const ipOf = clientIpOf(true)
 * ipOf(upgradeRequest) // '203.0.113.7' when a trusted proxy forwarded it
 */
export function clientIpOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const peer = (request: IncomingMessage) => request.socket.remoteAddress ?? ''
  if (!trustProxy) return peer
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : // Like Fastify: a hop count cannot check the immediate peer, so it trusts no one.
          typeof trustProxy === 'number'
          ? () => false
          : proxyAddr.compile(typeof trustProxy === 'string' ? trustProxy.split(',').map((entry) => entry.trim()) : trustProxy)
  return (request) => {
    const chain = proxyAddr.all(request, trust)
    return chain[chain.length - 1] ?? peer(request)
  }
}
