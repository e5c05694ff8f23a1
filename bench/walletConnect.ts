// WalletConnect through the local relay, with the real clients: the kit's WalletConnect
// connector (universal-provider) and a WalletKit wallet, both in this process. Prints the median
// of several rounds: pairing URI shown to session approved, and a personal_sign round trip.
// Run alone with `npx tsx bench/walletConnect.ts`.
import { when } from 'mobx'
import { mnemonicToAccount } from 'viem/accounts'
import { createKernel } from '../kernel/index.js'
import { localEvmNetwork } from '../chains/networks/localNetworks.js'
import { walletConnect } from '../chains/walletconnect/walletConnect.js'
import { connectors, ConnectionStoreToken } from '../plugins/connectors/index.js'
import { createMemoryStorage } from '../test/support/createMemoryStorage.js'
import { startRelay } from '../test/support/startRelay.js'
import { startWalletKitWallet } from '../test/support/wallets/startWalletKitWallet.js'

const ROUNDS = Number(process.env.BENCH_WC_ROUNDS ?? 5)
// Connecting and signing need no chain: the balance read after connecting fails quietly.
const DEAD_RPC = 'http://127.0.0.1:9'
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 3 })
const metadata = { name: 'Latch bench dapp', description: 'bench', url: 'http://127.0.0.1', icons: [] }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const relay = await startRelay()
const approved: number[] = []
const signed: number[] = []
try {
  for (let round = 0; round < ROUNDS; round++) {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: `bench-wc-wallet-${round}` })
    const source = walletConnect({ projectId: 'latch-dev', relayUrl: relay.relayUrl, storagePrefix: `bench-wc-dapp-${round}`, metadata })
    const kit = createKernel({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [localEvmNetwork(31337, DEAD_RPC)], sources: [source] })])
    try {
      await kit.ready
      const store = kit.resolve(ConnectionStoreToken)
      const connecting = store.connect('walletConnect')
      await when(() => source.connector.pairing.uri !== undefined)
      const shown = performance.now()
      await wallet.pair(source.connector.pairing.uri!)
      await connecting
      approved.push(performance.now() - shown)
      const asked = performance.now()
      await store.signMessage('Hello over the local relay')
      signed.push(performance.now() - asked)
    } finally {
      await kit.dispose()
      await wallet.stop()
    }
  }
} finally {
  await relay.close()
}
console.log(`WalletConnect on the local relay, median of ${ROUNDS} rounds (real universal-provider and WalletKit clients, Node):`)
console.log(`  pairing URI shown → session approved: ${median(approved).toFixed(0)} ms (min ${Math.min(...approved).toFixed(0)}, max ${Math.max(...approved).toFixed(0)})`)
console.log(`  personal_sign round trip:             ${median(signed).toFixed(0)} ms (min ${Math.min(...signed).toFixed(0)}, max ${Math.max(...signed).toFixed(0)})`)
