// How a host adds the burner connector: pass it to the connectors plugin next to discovery.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createKernel } from '../../kernel/index.js'
import { eip155Connectors } from '../../chains/eip155/index.js'
import { localEvmNetwork } from '../../chains/networks/index.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { burnerConnector } from './burnerConnector.js'

const rpcUrl = 'http://127.0.0.1:8545'
const kit = createKernel({ projectId: 'latch-dev' }, [
  connectors({
    networks: [localEvmNetwork(31337, rpcUrl)],
    sources: [eip155Connectors()],
    connectors: [burnerConnector({ account: privateKeyToAccount(generatePrivateKey()), chainId: 31337, rpcUrl })],
  }),
])

await kit.ready
const caipAddress = await kit.resolve(ConnectionStoreToken).connect('burner')
console.log('connected', caipAddress)
