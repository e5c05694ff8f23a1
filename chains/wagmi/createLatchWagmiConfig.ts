import { createConfig, http, type Config, type Transport } from '@wagmi/core'
import type { Chain } from 'viem'
import type { Network } from '../networks/Network.js'
import { toViemChain } from '../eip155/toViemChain.js'
import { latchConnector, type LatchWagmiKit } from './latchConnector.js'
import { NoEip155NetworkError } from './errors.js'

export interface LatchWagmiConfigOptions {
  kit: LatchWagmiKit
  /** The networks given to the connectors plugin; wagmi gets their eip155 ones. */
  networks: readonly Network[]
}

/**
 * A wagmi config over the kit: its eip155 networks as wagmi chains, reads on their RPC URLs
 * (the chain RPC the host listed, never a public default), and the Latch connector alone (no
 * EIP-6963 discovery of wagmi's own).
 *
 * @example
 * const wagmiConfig = createLatchWagmiConfig({ kit, networks })
 * <WagmiProvider config={wagmiConfig}>...
 */
export function createLatchWagmiConfig({ kit, networks }: LatchWagmiConfigOptions): Config {
  const chains = networks
    .filter((network) => network.chainNamespace === 'eip155')
    .map((network) => toViemChain(network, network.rpcUrls.default.http))
  if (chains.length === 0) throw new NoEip155NetworkError()
  const transports: Record<number, Transport> = Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])]))
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    connectors: [latchConnector(kit)],
    transports,
    // The modal finds EIP-6963 wallets itself: wagmi listing them too would give the dapp a
    // second, parallel connection to the same wallet.
    multiInjectedProviderDiscovery: false,
  })
}
