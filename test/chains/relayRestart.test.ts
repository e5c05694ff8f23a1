import Fastify, { type FastifyInstance } from 'fastify'
import { when } from 'mobx'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { walletConnect } from '../../chains/walletconnect/walletConnect.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { relayPlugin } from '../../server/relay/relayPlugin.js'
import { openDatabase, type LatchDatabase } from '../../server/plugins/database/openDatabase.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { recordFaultFigure } from '../support/faultsPage.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Issue 15: the relay restarted (same port, same data dir) while a WalletConnect session is live
// and a request is waiting for an offline wallet: the request survives in SQLite and the
// dapp's personal_sign completes after the restart.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })
const dataDir = mkdtempSync(join(tmpdir(), 'latch-relay-'))
let chain: HardhatNode
let relay: { app: FastifyInstance; db: LatchDatabase } | undefined
let port = 0

async function startRelayOnDisk(): Promise<void> {
  const db = openDatabase(dataDir)
  const app = Fastify()
  // Pings often so both clients notice the dead socket and reconnect quickly.
  await app.register(relayPlugin, { path: '/relay', db, pingIntervalMs: 2_000 })
  await app.listen({ port, host: '127.0.0.1' })
  const address = app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
  relay = { app, db }
}

async function stopRelay(): Promise<void> {
  await relay?.app.close()
  relay?.db.close()
  relay = undefined
}

const storedMessages = () => (relay?.db.prepare('SELECT COUNT(*) AS n FROM relay_messages').get() as { n: number }).n

beforeAll(async () => {
  ;[chain] = await Promise.all([startHardhatNode({ chainId: 31337 }), startRelayOnDisk()])
})
afterAll(async () => {
  await Promise.all([chain?.stop(), stopRelay()])
})

describe('given a live WalletConnect session and the relay restarted on the same data dir', () => {
  it('delivers the request published before the restart, completes personal_sign after it, and follows a wallet-side disconnect', async () => {
    const relayUrl = `ws://127.0.0.1:${port}/relay`
    const wallet = await startWalletKitWallet({ relayUrl, account, chainId: 31337, storagePrefix: 'wc-restart-wallet' })
    const source = walletConnect({
      projectId: 'latch-dev',
      relayUrl,
      storagePrefix: 'wc-restart-dapp',
      metadata: { name: 'Latch restart dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    })
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [localEvmNetwork(31337, chain.rpcUrl)], sources: [source] })])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    const connecting = store.connect('walletConnect')
    await when(() => source.connector.pairing.uri !== undefined)
    await wallet.pair(source.connector.pairing.uri!)
    expect(await connecting).toBe(`eip155:31337:${account.address}`)

    // The wallet goes offline; the dapp's request reaches the relay and waits there.
    await wallet.kit.core.relayer.transportClose()
    const before = storedMessages()
    const message = 'Signed after the relay restarted'
    const signing = store.signMessage(message)
    await expect.poll(storedMessages, { timeout: 15_000 }).toBeGreaterThan(before)

    const restartedAt = performance.now()
    await stopRelay()
    await startRelayOnDisk()
    // Back online: the wallet resubscribes and is handed the stored request.
    await wallet.kit.core.relayer.transportOpen()
    const signature = await signing
    const recoveryMs = Math.round(performance.now() - restartedAt)
    expect(await verifyMessage({ address: account.address, message, signature: signature as `0x${string}` })).toBe(true)
    expect(kit.getState()).toMatchObject({ status: 'connected', address: account.address })

    // A second request on the restarted relay, both clients online.
    const again = await store.signMessage('And again')
    expect(await verifyMessage({ address: account.address, message: 'And again', signature: again as `0x${string}` })).toBe(true)

    await wallet.disconnectAll()
    await when(() => store.status === 'disconnected', { timeout: 15_000 })
    expect(kit.getState()).toMatchObject({ status: 'disconnected' })
    recordFaultFigure({
      case: 'relay restarted with a live WalletConnect session',
      held: true,
      recoveryMs,
      messagesLost: 0,
      note: 'request published before the restart answered after it (restart to signature), wallet-side disconnect seen',
    })
    await kit.dispose()
    await wallet.stop()
  }, 90_000)
})
