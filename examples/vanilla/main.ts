// A host page without React: Latch's buttons as custom elements (`latch/elements`), on the
// reference backend. The markup is in index.html; this file only starts the kit.
import { createKit } from 'latch'
import { defineLatchElements } from 'latch/elements'
import { eip155Connectors } from 'latch/chains/eip155'
import { localEvmNetwork } from 'latch/chains/networks'
import { account } from 'latch/plugins/account'
import { connect } from 'latch/plugins/connect'
import { connectors } from 'latch/plugins/connectors'

const projectId = 'latch-dev'
// The reference backend serves this page: the catalogue, the blockchain service and the local
// chains' RPC (SPEC §7: /v1?chainId=…) are all on this origin.
const chainRpc = (chainId: number) => `${location.origin}/v1?chainId=eip155:${chainId}&projectId=${projectId}`

const kit = createKit(
  {
    projectId,
    apiUrl: location.origin,
    themeMode: new URLSearchParams(location.search).get('theme') === 'light' ? 'light' : 'dark',
    metadata: { name: 'Latch without React', url: location.origin, description: 'Latch buttons as custom elements', icons: [] },
  },
  [
    connectors({ networks: [localEvmNetwork(31337, chainRpc(31337)), localEvmNetwork(31338, chainRpc(31338))], sources: [eip155Connectors()] }),
    connect(),
    account(),
  ],
)
defineLatchElements(kit)

// The connect button gives way to the account button once a wallet is connected.
const connectButton = document.querySelector<HTMLElement>('latch-connect-button')!
const showConnectButton = () => (connectButton.hidden = kit.getAccount().isConnected)
kit.subscribeEvents(showConnectButton)
void kit.ready.then(showConnectButton)
