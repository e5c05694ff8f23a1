// The EVM connectors: window.ethereum and EIP-6963 (chains/eip155) and WalletConnect
// (chains/walletconnect), on mainnet and Sepolia, with the connect and account views: the
// 'Latch (connectors)' row. Used only when the built package has these entries (harness/buildApps.ts). WalletConnect's client loads only when a visitor picks it, so
// its relay, named on this loopback origin as the kit requires, is never contacted here.
import { account } from 'latch/plugins/account'
import { connect } from 'latch/plugins/connect'
import { connectors } from 'latch/plugins/connectors'
import { eip155Connectors } from 'latch/chains/eip155'
import { SUPPORTED_NETWORKS } from 'latch/chains/networks'
import { walletConnect } from 'latch/chains/walletconnect'

const networks = ['eip155:1', 'eip155:11155111'].map((id) => SUPPORTED_NETWORKS.find((network) => network.caipNetworkId === id))
const metadata = { name: 'Latch bench', description: 'bench', url: location.origin, icons: [] }

export const plugins = [
  connectors({
    networks,
    sources: [eip155Connectors(), walletConnect({ projectId: 'latch-dev', relayUrl: `ws://${location.host}/relay`, metadata })],
  }),
  connect(),
  account(),
]
