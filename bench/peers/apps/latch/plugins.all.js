// Every plugin: the connectors of plugins.connectors.js (injected, EIP-6963, WalletConnect on
// mainnet and Sepolia) with the connect and account views, plus email, socials, swaps, onramp,
// activity, names and siwx: the feature set AppKit loads by default. The 'Latch (every plugin)'
// row (harness/apps.ts, id latch-all); used only when the built package has all these entries.
import { account } from 'latch/plugins/account'
import { activity } from 'latch/plugins/activity'
import { connect } from 'latch/plugins/connect'
import { connectors } from 'latch/plugins/connectors'
import { email } from 'latch/plugins/email'
import { names } from 'latch/plugins/names'
import { onramp } from 'latch/plugins/onramp'
import { siwx } from 'latch/plugins/siwx'
import { socials } from 'latch/plugins/socials'
import { swaps } from 'latch/plugins/swaps'
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
  email(),
  socials(),
  swaps(),
  onramp(),
  activity(),
  names(),
  siwx(),
]
