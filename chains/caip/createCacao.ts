/**
 * A CAIP-74 CACAO: a sign-in (CAIP-122) as a capability object a server can check without
 * parsing the message text. The header says which message layout was signed, the payload holds
 * the message's fields with the signer as a `did:pkh` issuer, and the signature says its scheme.
 */
export interface Cacao {
  h: { t: 'caip122' }
  p: {
    domain: string
    /** `did:pkh:<CAIP-10 account>`. */
    iss: string
    /** The URI the visitor signed in to. */
    aud: string
    version: string
    nonce: string
    iat: string
    exp?: string
    statement?: string
  }
  s: { t: string; s: string }
}

/** What the sign-in message stated, and the account (CAIP-2 network plus address) that signed it. */
export interface CacaoFields {
  domain: string
  chainId: string
  accountAddress: string
  uri: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  statement?: string
}

/** A 65-byte secp256k1 signature is an account key's (EIP-191); anything longer is a contract account's (ERC-1271, or ERC-6492 before deployment). */
const eip155SignatureType = (signature: string) => (signature.length === 132 ? 'eip191' : 'eip1271')

const SIGNATURE_TYPES: Record<string, (signature: string) => string> = {
  eip155: eip155SignatureType,
  solana: () => 'solana:ed25519',
  bip122: () => 'bip122:ecdsa',
  polkadot: () => 'polkadot:sr25519',
}

/**
 * The CACAO of a signed sign-in message.
 *
 * @param fields - the message's fields as the session records them
 * @param signature - the wallet's signature over the message text
 */
export function createCacao(fields: CacaoFields, signature: string): Cacao {
  const namespace = fields.chainId.split(':')[0]!
  const signatureType = SIGNATURE_TYPES[namespace]?.(signature) ?? namespace
  return {
    h: { t: 'caip122' },
    p: {
      domain: fields.domain,
      iss: `did:pkh:${fields.chainId}:${fields.accountAddress}`,
      aud: fields.uri,
      version: '1',
      nonce: fields.nonce,
      iat: fields.issuedAt,
      ...(fields.expirationTime ? { exp: fields.expirationTime } : {}),
      ...(fields.statement ? { statement: fields.statement } : {}),
    },
    s: { t: signatureType, s: signature },
  }
}

/**
 * The statement line of a CAIP-122 message (EIP-4361's layout, which every namespace here uses):
 * the paragraph between the account line and the `URI:` line, when there is one.
 */
export function statementOf(message: string): string | undefined {
  const lines = message.split('\n')
  // Line 0 names the domain, line 1 the account, line 2 is blank; a statement follows, then a blank.
  const candidate = lines[3]
  return lines[2] === '' && candidate && !candidate.startsWith('URI: ') && lines[4] === '' ? candidate : undefined
}
