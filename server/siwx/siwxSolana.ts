import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'

/** The fields of a CAIP-122 sign-in message for a Solana account, as the kit writes it. */
export interface SolanaSignInMessage {
  domain: string
  address: string
  /** The CAIP-2 reference (`Chain ID:` line). */
  chainId: string
  uri: string
  version: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
}

const FIRST_LINE = /^(?<domain>[^\s]{1,255}) wants you to sign in with your solana account:$/
const FIELDS: Record<string, keyof SolanaSignInMessage> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
}
const DATES = new Set<keyof SolanaSignInMessage>(['issuedAt', 'expirationTime', 'notBefore'])
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Reads a CAIP-122 message for a Solana account (`<domain> wants you to sign in with your solana
 * account:`, the address, an optional statement, then `Key: value` lines).
 *
 * @param text - the message as signed
 * @returns its fields (those missing left out, for the checks to name), or undefined when it is not a Solana sign-in message
 */
export function parseSolanaSignInMessage(text: string): Partial<SolanaSignInMessage> | undefined {
  const [first, address, ...rest] = text.split('\n')
  const domain = first?.match(FIRST_LINE)?.groups?.domain
  if (!domain) return undefined
  const fields: Partial<Record<keyof SolanaSignInMessage, unknown>> = { domain, address }
  // The `Key: value` block follows the last blank line: a statement cannot pose as a field.
  for (const line of rest.slice(rest.lastIndexOf('') + 1)) {
    const at = line.indexOf(': ')
    const key = at > 0 ? FIELDS[line.slice(0, at)] : undefined
    if (!key || fields[key] !== undefined) continue
    const value = line.slice(at + 2)
    fields[key] = DATES.has(key) ? new Date(RFC3339.test(value) ? value : Number.NaN) : value
  }
  return fields as Partial<SolanaSignInMessage>
}

/**
 * Whether `signature` (base58, as the kit's Solana adapter answers) is the ed25519 signature of
 * the message's UTF-8 bytes by the account `address` (its base58 public key).
 */
export function verifySolanaSignature(text: string, signature: string, address: string): boolean {
  try {
    const publicKey = base58.decode(address)
    const bytes = base58.decode(signature)
    if (publicKey.length !== 32 || bytes.length !== 64) return false
    return ed25519.verify(bytes, new TextEncoder().encode(text), publicKey)
  } catch {
    return false
  }
}
