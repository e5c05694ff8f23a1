import { verifyMessage, type Address, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/** What a Sign-In-With-Farcaster message must say to be accepted. */
export interface SiwfExpectations {
  message: string
  signature: Hex
  fid: number
  /** The fid's custody address (the ID registry's answer). */
  custody: Address
  domain: string
  nonce: string
  now?: Date
}

/**
 * Checks a Sign-In-With-Farcaster message (FIP-11: an EIP-4361 message whose resources include
 * `farcaster://fid/<fid>`): its domain and nonce are the relying party's, it is within its time
 * window, names that fid, and is signed by the fid's custody address (checked with viem).
 *
 * @returns undefined when valid, else why not (a short sentence)
 */
export async function verifySiwfMessage({ message, signature, fid, custody, domain, nonce, now = new Date() }: SiwfExpectations): Promise<string | undefined> {
  const parsed = parseSiweMessage(message)
  if (!parsed.address || !parsed.domain || !parsed.nonce) return 'the message is not a sign-in message'
  if (parsed.domain !== domain) return 'the message is for another domain'
  if (parsed.nonce !== nonce) return 'the message has another nonce'
  if (!(parsed.resources ?? []).includes(`farcaster://fid/${fid}`)) return 'the message does not name this fid'
  if (parsed.address.toLowerCase() !== custody.toLowerCase()) return "the message's address is not the fid's custody address"
  if (parsed.expirationTime && parsed.expirationTime <= now) return 'the message has expired'
  if (parsed.notBefore && parsed.notBefore > now) return 'the message is not valid yet'
  let valid = false
  try {
    valid = await verifyMessage({ address: custody, message, signature })
  } catch {
    valid = false
  }
  return valid ? undefined : 'the signature is not by the custody address'
}
