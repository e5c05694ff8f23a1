import type { ChainNamespace } from './ChainNamespace.js'
import { isEvmAddress } from './isEvmAddress.js'
import { isSolanaAddress } from './isSolanaAddress.js'

// CAIP-10's account_address charset, for namespaces whose formats SPEC §5 leaves open.
const CAIP10_ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/
// SS58 addresses are base58; their length depends on the network prefix.
const SS58 = /^[1-9A-HJ-NP-Za-km-z]{32,50}$/
// Bitcoin: bech32(m) or base58check.
const BITCOIN = /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[13mn2][1-9A-HJ-NP-Za-km-z]{24,34})$/

/**
 * Whether an address is well formed for its namespace.
 *
 * @param namespace - the chain namespace
 * @param address - anything
 * @returns true when the address fits the namespace's format
 *
 * @example
 * isNamespaceAddress('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 */
export function isNamespaceAddress(namespace: ChainNamespace, address: unknown): address is string {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address)
    case 'solana':
      return isSolanaAddress(address)
    case 'polkadot':
      return typeof address === 'string' && SS58.test(address)
    case 'bip122':
      return typeof address === 'string' && BITCOIN.test(address)
    case 'cosmos':
      return typeof address === 'string' && CAIP10_ACCOUNT.test(address)
  }
}
