import type { Wallet } from '@wallet-standard/base'
import type { ChainConnector, ConnectorSource } from '../connectors/ChainConnector.js'
import { safeWalletIcon, watchWalletStandard } from '../connectors/watchWalletStandard.js'
import { isSolanaWallet } from './WalletStandardSolana.js'

/**
 * A connector for one Solana Wallet Standard wallet; @solana/web3.js loads on connect.
 *
 * @param wallet - the registered wallet
 */
export function createSolanaConnector(wallet: Wallet): ChainConnector {
  const icon = safeWalletIcon(wallet.icon)
  return {
    id: `ws:${wallet.name}`,
    name: wallet.name.slice(0, 100),
    type: 'ANNOUNCED',
    chain: 'solana',
    imageUrl: icon,
    info: icon ? { icon } : {},
    provider: wallet,
    async createAdapter(context) {
      const { SolanaAdapter } = await import('./adapter.js')
      return new SolanaAdapter(wallet, context)
    },
  }
}

/**
 * Finds Solana wallets through Wallet Standard discovery, kept live.
 *
 * @example
 * connectors({ networks, sources: [solanaConnectors()] })
 */
export function solanaConnectors(): ConnectorSource {
  return {
    id: 'solana',
    start: (register) => watchWalletStandard({ register, fits: isSolanaWallet, toConnector: createSolanaConnector }),
  }
}
