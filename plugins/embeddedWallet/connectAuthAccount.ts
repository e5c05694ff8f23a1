import type { CaipAddress } from '../../chains/caip/ChainNamespace.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { AUTH_CONNECTOR_ID } from './embeddedWalletTokens.js'

/**
 * Connects the embedded wallet's account on the namespace the visitor is on: Solana on a Solana
 * network, else eip155. Email, social and Farcaster logins all end here, so each lands the visitor
 * on the same account.
 *
 * @param connection - the kit's connection store
 * @returns the CAIP-10 address now active
 */
export function connectAuthAccount(connection: ConnectionStore): Promise<CaipAddress> {
  return connection.connect(AUTH_CONNECTOR_ID, { namespace: connection.activeNamespace === 'solana' ? 'solana' : 'eip155' })
}
