import type { Wallet } from '@wallet-standard/base'
import type { ChainConnector, ConnectorSource } from '../connectors/ChainConnector.js'
import { safeWalletIcon, watchWalletStandard } from '../connectors/watchWalletStandard.js'
import { isBitcoinWallet } from './WalletStandardBitcoin.js'

/**
 * A connector for one Wallet Standard bitcoin wallet.
 *
 * @param wallet - the registered wallet
 */
export function createBitcoinConnector(wallet: Wallet): ChainConnector {
  const icon = safeWalletIcon(wallet.icon)
  return {
    id: `ws:${wallet.name}`,
    name: wallet.name.slice(0, 100),
    type: 'ANNOUNCED',
    chain: 'bip122',
    imageUrl: icon,
    info: icon ? { icon } : {},
    provider: wallet,
    async createAdapter(context) {
      const { BitcoinAdapter } = await import('./adapter.js')
      return new BitcoinAdapter(wallet, context)
    },
  }
}

/**
 * Finds bitcoin wallets through Wallet Standard discovery, kept live.
 *
 * @example
 * connectors({ networks: [BITCOIN_NETWORK], sources: [bitcoinConnectors()] })
 */
export function bitcoinConnectors(): ConnectorSource {
  return {
    id: 'bip122',
    start: (register) => watchWalletStandard({ register, fits: isBitcoinWallet, toConnector: createBitcoinConnector }),
  }
}
