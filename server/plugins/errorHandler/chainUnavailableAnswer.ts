import { BaseError, HttpRequestError, TimeoutError } from 'viem'
import type { ReplyCode } from '../../errors/codes.js'

/** An HTTP answer for a chain that did not answer. */
export interface ChainUnavailableAnswer {
  status: 502 | 503
  code: Extract<ReplyCode, 'CHAIN_UNAVAILABLE' | 'CHAIN_TIMEOUT'>
  message: string
}

/**
 * What to answer when a route failed because a chain node could not be reached (viem
 * `HttpRequestError`: connection refused, node dead → 502) or did not answer in time (viem
 * `TimeoutError` → 503), however deep viem wrapped it; undefined for any other error.
 *
 * @param error - what a route threw
 * @returns the status, code and message, or undefined
 * @example
 * const answer = chainUnavailableAnswer(error)
 * if (answer) reply.code(answer.status).send({ code: answer.code, message: answer.message })
 */
export function chainUnavailableAnswer(error: unknown): ChainUnavailableAnswer | undefined {
  if (!(error instanceof BaseError)) return undefined
  const cause = error.walk((inner) => inner instanceof TimeoutError || inner instanceof HttpRequestError)
  if (cause instanceof TimeoutError) return { status: 503, code: 'CHAIN_TIMEOUT', message: 'The chain node did not answer in time' }
  if (cause instanceof HttpRequestError) return { status: 502, code: 'CHAIN_UNAVAILABLE', message: 'The chain node is unavailable' }
  return undefined
}
