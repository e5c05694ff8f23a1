import { mnemonicToAccount } from 'viem/accounts'
import { createStorage } from '../../kernel/index.js'
import type { AnyConnector } from '../../chains/connectors/ChainConnector.js'
import { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { eip155Connectors } from '../../chains/eip155/eip155Connectors.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import type { Network } from '../../chains/networks/Network.js'
import { createMemoryStorage } from './createMemoryStorage.js'
import { announceEip6963, createTestEip1193Wallet, type TestEip1193Wallet } from './wallets/createTestEip1193Wallet.js'

/** The well-known dev mnemonic every local account derives from. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/** A closed port: connecting needs only the wallet; reads there fail at once. */
export const DEAD_RPC = 'http://127.0.0.1:9'

export interface TestAccount {
  store: ConnectionStore
  wallet: TestEip1193Wallet
  address: `0x${string}`
  storage: ReturnType<typeof createStorage>
  dispose(): void
}

/**
 * A real ConnectionStore connected to a real EIP-1193 test wallet (announced by EIP-6963 on
 * an EventTarget), for Node tests of the account views' stores.
 *
 * @param options.rpc - chain id to RPC URL for the networks and the wallet (default: both local chains on a dead port)
 * @param options.approve - the wallet's prompt answers (false = the user rejects)
 * @param options.networks - the host's networks (default: one per `rpc` entry)
 */
export async function connectTestAccount(
  options: { rpc?: Record<number, string>; approve?: (method: string) => boolean; networks?: Network[]; addressIndex?: number } = {},
): Promise<TestAccount> {
  const rpc = options.rpc ?? { 31337: DEAD_RPC, 31338: DEAD_RPC }
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: options.addressIndex ?? 1 })
  const wallet = createTestEip1193Wallet({ account, chains: rpc, approve: options.approve })
  const target = new EventTarget()
  const stopAnnounce = announceEip6963(target, wallet, { uuid: '00000000-0000-4000-8000-00000000000a', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'test.wallet' })
  const registered = new Map<string, AnyConnector>()
  const stopSource = eip155Connectors({ target, injected: false }).start((c) => {
    registered.set(c.id, c)
    return () => registered.delete(c.id)
  })
  const storage = createStorage({ backend: createMemoryStorage() })
  const store = new ConnectionStore({
    storage,
    networks: options.networks ?? Object.entries(rpc).map(([id, url]) => localEvmNetwork(Number(id), url)),
    findConnector: (id) => registered.get(id),
    rpcUrls: (n) => [...n.rpcUrls.default.http],
    emit: () => {},
  })
  await store.connect('test.wallet')
  return {
    store,
    wallet,
    address: account.address,
    storage,
    dispose() {
      store.dispose()
      stopSource()
      stopAnnounce()
    },
  }
}
