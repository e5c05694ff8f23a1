import type { SiweMessage } from 'viem/siwe'
import { SignInDomainMismatchError, SignInMessageExpiredError, SignInMessageInvalidError, SignInMessageNotYetValidError } from './errors.js'

/** A message may be dated this far in the future (clocks of a phone and a server differ). */
const CLOCK_SKEW_MS = 60_000

/** What EIP-4361 and its CAIP-122 kin for other namespaces share (the chain id a number for eip155). */
export type SignInFields = Partial<Pick<SiweMessage, 'domain' | 'uri' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore'>> & {
  version?: string
  address?: string
  chainId?: number | string
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime())

/**
 * The checks of a sign-in message (EIP-4361, or CAIP-122 for Solana) that need no chain: it is EIP-4361 for this page (`domain` is
 * the request Origin's host, `uri` on that origin) and within its time bounds. The nonce and the
 * signature are checked by the route.
 *
 * @param message - `parseSiweMessage` of the text the wallet signed
 * @param origin - the request's Origin (already admitted by the project)
 * @param now - the server's time
 * @throws the sign-in error naming the field at fault (SignInMessageInvalidError, SignInDomainMismatchError, ...)
 */
export function checkSiweMessage(message: SignInFields, origin: string, now: Date): void {
  if (!message.address || !message.chainId || !message.domain || !message.uri || !message.nonce || message.version !== '1')
    throw new SignInMessageInvalidError({ reason: 'message must be an EIP-4361 (CAIP-122) message with address, chain id, domain, URI, version 1 and nonce' })
  if (!isDate(message.issuedAt)) throw new SignInMessageInvalidError({ reason: 'message/issuedAt must be an RFC 3339 time' })
  const page = new URL(origin)
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(message.uri).origin
  } catch {
    uriOrigin = undefined
  }
  if (message.domain !== page.host || uriOrigin !== page.origin)
    throw new SignInDomainMismatchError({ host: page.host })
  if (message.issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new SignInMessageNotYetValidError({ field: 'issuedAt' })
  if (message.notBefore !== undefined && (!isDate(message.notBefore) || message.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS))
    throw new SignInMessageNotYetValidError({ field: 'notBefore' })
  if (message.expirationTime !== undefined && (!isDate(message.expirationTime) || message.expirationTime.getTime() <= now.getTime()))
    throw new SignInMessageExpiredError()
}
