import type { LocalAccount } from 'viem'
import { createEip1193Connector } from '../../chains/eip155/createEip1193Connector.js'
import type { ChainConnector } from '../../chains/connectors/ChainConnector.js'

/**
 * A third-party (EXTERNAL) connector: it lists "Burner Wallet" in the modal and, when chosen,
 * hands the kit an EIP-1193 provider. The provider's code is imported only then, so hosts
 * that never pick it never download it.
 *
 * @param options - the key and chain of the burner wallet
 */
export function burnerConnector(options: { account: LocalAccount; chainId: number; rpcUrl: string }): ChainConnector {
  let provider: Awaited<ReturnType<typeof loadProvider>> | undefined
  const loadProvider = async () => (await import('./createBurnerProvider.js')).createBurnerProvider(options)
  const connector = createEip1193Connector({
    id: 'burner',
    name: 'Burner Wallet',
    type: 'EXTERNAL',
    getProvider: () => provider,
  })
  return {
    ...connector,
    // Load the wallet SDK first, then let the eip155 adapter drive it.
    async createAdapter(context) {
      provider ??= await loadProvider()
      return connector.createAdapter(context)
    },
    isAvailable: () => true,
  }
}
