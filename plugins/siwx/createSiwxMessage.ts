/** What a sign-in message states (CAIP-122). */
export interface SiwxMessageFields {
  domain: string
  address: string
  /** CAIP-2 of the network. */
  chainId: string
  uri: string
  nonce: string
  issuedAt: string
  statement?: string
}

/**
 * The text to sign: EIP-4361 through viem's SIWE helper for eip155, the same CAIP-122 layout
 * for other namespaces (their account in the first line's `account` wording).
 */
export async function createSiwxMessage(fields: SiwxMessageFields): Promise<string> {
  const [namespace, reference] = fields.chainId.split(':')
  if (namespace === 'eip155') {
    const { createSiweMessage } = await import('viem/siwe')
    return createSiweMessage({
      domain: fields.domain,
      address: fields.address as `0x${string}`,
      chainId: Number(reference),
      uri: fields.uri,
      version: '1',
      nonce: fields.nonce,
      issuedAt: new Date(fields.issuedAt),
      statement: fields.statement,
    })
  }
  return [
    `${fields.domain} wants you to sign in with your ${namespace} account:`,
    fields.address,
    '',
    ...(fields.statement ? [fields.statement, ''] : []),
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${reference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ].join('\n')
}

/** A nonce as EIP-4361 wants it: at least 8 alphanumeric characters. */
export function createNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(36).padStart(2, '0')).join('')
}
