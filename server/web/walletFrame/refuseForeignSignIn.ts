import { base58 } from '@scure/base'
import { hexToString, isHex } from 'viem'
import { FrameInvalidRequestError } from './errors.js'

/**
 * The first line of an EIP-4361 (Ethereum) or CAIP-122 (any chain, e.g. Solana) sign-in message:
 * `[scheme://]domain wants you to sign in with your <chain> account:`.
 */
const SIGN_IN_FIRST_LINE = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?([^\s/?#]+) wants you to sign in with your [^\n]+ account:\r?\n/
/** EIP-4361's `URI:` line: the resource the sign-in is for. */
const URI_LINE = /^URI: (\S+)$/m

/**
 * Refuses a sign-in message made for another site than the page asking (EIP-4361 asks wallets
 * to): its domain (and scheme, when given) must be the asking origin's, and so must its URI's
 * origin. Without this, a page signs the visitor in to another site with a message the card
 * shows like any text, and that site's server cannot tell (the Origin header it checks is
 * forgeable outside browsers). Messages that are not sign-in messages pass untouched.
 *
 * @param method - the signing method (`personal_sign` or `solana_signMessage`; others pass)
 * @param params - its params, as the app sent them
 * @param appOrigin - the origin the frame checked the request comes from
 * @throws FrameInvalidRequestError naming both domains
 *
 * @example
 * refuseForeignSignIn('personal_sign', [toHex('evil.example wants you to sign in with your Ethereum account:\n0x…'), '0x…'], 'https://shop.example')
 * // throws: the message signs you in to evil.example, not shop.example
 */
export function refuseForeignSignIn(method: string, params: unknown, appOrigin: string): void {
  const text = messageText(method, params)
  const firstLine = text === undefined ? null : SIGN_IN_FIRST_LINE.exec(text)
  if (!firstLine) return
  const asking = new URL(appOrigin)
  const [, scheme, domain] = firstLine
  const refuse = (target: string) => {
    throw new FrameInvalidRequestError({ method, reason: `the message signs you in to ${target}, not ${asking.host}, the site asking` })
  }
  if (domain!.toLowerCase() !== asking.host.toLowerCase()) refuse(domain!)
  if (scheme !== undefined && `${scheme.toLowerCase()}:` !== asking.protocol) refuse(`${scheme}://${domain}`)
  const uri = URI_LINE.exec(text!)?.[1]
  if (uri !== undefined && (!URL.canParse(uri) || new URL(uri).origin !== asking.origin)) refuse(uri)
}

function messageText(method: string, params: unknown): string | undefined {
  try {
    if (method === 'personal_sign') {
      const message = Array.isArray(params) ? params[0] : undefined
      if (typeof message !== 'string') return undefined
      return isHex(message) ? hexToString(message) : message
    }
    if (method === 'solana_signMessage') {
      const message = (params as { message?: unknown } | undefined)?.message
      return typeof message === 'string' ? new TextDecoder().decode(base58.decode(message)) : undefined
    }
  } catch {
    // Not text: not a sign-in message (refuseUnsafeRequest deals with non-text Solana messages).
  }
  return undefined
}
