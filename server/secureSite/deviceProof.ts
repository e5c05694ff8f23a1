import type { FastifyRequest } from 'fastify'
import type { DpopProofs } from './DpopProofs.js'

/**
 * Checks the `DPoP` proof of a request against the request itself and returns the device key's
 * thumbprint. The URL is the site's public one (`siteUrl`), never the listen address: the frame
 * signs the URL it called.
 *
 * @param accessToken - the session token the request carries, which the proof must name (ath)
 */
export function deviceProof(proofs: DpopProofs, request: FastifyRequest, siteUrl: string, accessToken?: string): Promise<string> {
  const header = request.headers.dpop
  return proofs.verify({
    proof: typeof header === 'string' ? header : undefined,
    method: request.method,
    url: new URL(request.url.split('?')[0] ?? '/', siteUrl).href,
    ...(accessToken === undefined ? {} : { accessToken }),
  })
}
