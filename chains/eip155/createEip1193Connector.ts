import type { ConnectorType } from '../connectors/KitConnector.js'
import type { ChainConnector } from '../connectors/ChainConnector.js'
import type { Eip1193Provider } from './Eip1193Provider.js'
import { WalletUnavailableError } from '../errors/chain.js'

export interface Eip1193ConnectorParams {
  id: string
  name: string
  type: Extract<ConnectorType, 'INJECTED' | 'ANNOUNCED' | 'EXTERNAL'>
  /** Returns the provider, or undefined when the wallet is gone. */
  getProvider(): Eip1193Provider | undefined
  imageUrl?: string
  info?: { rdns?: string; icon?: string }
  explorerId?: string
  usdtContracts?: ReadonlySet<string>
}

/**
 * An eip155 connector over any EIP-1193 provider. viem and the adapter load only when a
 * visitor connects.
 *
 * @param params - listing fields and the provider getter
 * @returns the connector
 *
 * @example
 * createEip1193Connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', getProvider: () => window.ethereum })
 */
export function createEip1193Connector(params: Eip1193ConnectorParams): ChainConnector {
  const { getProvider, usdtContracts, ...listing } = params
  return {
    ...listing,
    chain: 'eip155',
    isAvailable: () => getProvider() !== undefined,
    get provider() {
      return getProvider()
    },
    async createAdapter(context) {
      const provider = getProvider()
      if (!provider) throw new WalletUnavailableError({ name: params.name })
      const { Eip155Adapter } = await import('./adapter.js')
      return new Eip155Adapter(provider, context, { usdtContracts })
    },
  }
}
