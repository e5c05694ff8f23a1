import type { FastifyRequest } from 'fastify'
import type { DpopProofs } from './DpopProofs.js'

/**
 * Checks the `DPoP` proof of a request against the request itself and returns the device key's
 * thumbprint. The URL is the site's public one (`siteUrl`), never the listen address: the frame
 * signs the URL it called.
 *
 * @param session - for a request that uses a session: its token, which the proof must name (ath),
 *   and the key it is bound to, which must have made the proof
 */
export function deviceProof(proofs: DpopProofs, request: FastifyRequest, siteUrl: string, session?: { accessToken?: string; boundTo: string }): Promise<string> {
  const header = request.headers.dpop
  return proofs.verify({
    proof: typeof header === 'string' ? header : undefined,
    method: request.method,
    url: new URL(request.url.split('?')[0] ?? '/', siteUrl).href,
    ...session,
  })
}
