// The EVM connectors: injected and EIP-6963 (chains/eip155), WalletConnect when the package
// exports it. Used only when dist/plugins/connectors.js exists at build time.
import { connectors } from 'latch/plugins/connectors'
import { eip155Connectors } from 'latch/chains/eip155'
import { mainnet, sepolia } from 'viem/chains'

export const networks = [mainnet, sepolia]
export const plugins = [connectors({ sources: [eip155Connectors()], networks })]
