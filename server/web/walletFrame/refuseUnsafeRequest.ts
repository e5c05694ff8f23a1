import { base58 } from '@scure/base'
import { FrameInvalidRequestError } from './errors.js'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Refuses, before any card shows, a signing request the visitor could not judge from it: a
 * Solana "message" that is not UTF-8 text (it could be a serialized transaction's message, which
 * the signature would then authorize), and a `wallet_sendCalls` batch for another chain than the
 * one the request came for (the card does not name a chain). The server refuses both too.
 *
 * @param method - the signing method
 * @param params - its params, as the app sent them
 * @param chainId - the CAIP-2 chain the request came for
 * @throws FrameInvalidRequestError
 */
export function refuseUnsafeRequest(method: string, params: unknown, chainId: string): void {
  if (method === 'solana_signMessage') {
    const message = (params as { message?: unknown } | undefined)?.message
    try {
      utf8.decode(base58.decode(typeof message === 'string' ? message : ''))
    } catch {
      throw new FrameInvalidRequestError({ method, reason: 'the message is not UTF-8 text' })
    }
  }
  if (method === 'wallet_sendCalls') {
    const requested = (Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId
    if (requested !== undefined && (typeof requested !== 'string' || !/^0x[0-9a-fA-F]+$/.test(requested) || `eip155:${Number(requested)}` !== chainId))
      throw new FrameInvalidRequestError({ method, reason: `the batch's chainId is not the request's chain ${chainId}` })
  }
}
