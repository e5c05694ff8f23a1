import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { getWallets } from '@wallet-standard/app'
import { when } from 'mobx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel as createKit } from '../../kernel/index.js'
import { createKit as createLatchKit } from '../../ui-shell/createKit.js'
import { SystemProgram, Transaction } from '@solana/web3.js'
import { localSolanaNetwork } from '../../chains/networks/localNetworks.js'
import type { Network } from '../../chains/networks/Network.js'
import { solanaConnectors } from '../../chains/solana/solanaConnectors.js'
import { connectors, ConnectionStoreToken } from '../../plugins/connectors/index.js'
import { startSolanaRpc, type SolanaRpc } from '../../server/solana/startSolanaRpc.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { createTestSolanaWallet } from '../support/wallets/createTestSolanaWallet.js'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const decodeBase58 = (text: string) => {
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char))
  const hex = value.toString(16).padStart(128, '0')
  return Uint8Array.from(hex.match(/../g)!.map((byte) => parseInt(byte, 16)))
}

let solana: SolanaRpc
let network: Network
let unregister: () => void
let testWallet: ReturnType<typeof createTestSolanaWallet>

beforeAll(async () => {
  solana = await startSolanaRpc()
  const genesis = await new Connection(solana.rpcUrl).getGenesisHash()
  network = localSolanaNetwork(solana.rpcUrl, genesis)
  testWallet = createTestSolanaWallet({ secretKey: Buffer.from(solana.seed.devWalletSecretKey, 'base64') })
  unregister = getWallets().register(testWallet.wallet)
})
afterAll(async () => {
  unregister?.()
  await solana?.close()
})

describe('given a Wallet Standard Solana wallet on the local cluster', () => {
  it('connects, signs a message that verifies, and lands SOL and SPL transfers', async () => {
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [network], sources: [solanaConnectors()] })])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    const caipAddress = await store.connect('ws:Latch Test Solana')
    expect(caipAddress).toBe(`${network.caipNetworkId}:${testWallet.address}`)
    expect(kit.getState()).toMatchObject({ status: 'connected', address: testWallet.address })
    await when(() => store.activeAccountState?.balance !== undefined)
    expect(store.activeAccountState).toMatchObject({ balanceSymbol: 'SOL' })

    const signature = await store.signMessage('Sign in to Latch on Solana')
    expect(ed25519.verify(decodeBase58(signature), new TextEncoder().encode('Sign in to Latch on Solana'), testWallet.publicKey)).toBe(true)

    const connection = new Connection(solana.rpcUrl, 'confirmed')
    const recipient = Keypair.generate().publicKey
    const sent = await store.sendTransaction({ to: recipient.toBase58(), amount: BigInt(LAMPORTS_PER_SOL / 4) })
    expect(sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 4)

    await store.sendTransaction({ to: recipient.toBase58(), amount: 1_500_000n, token: { address: solana.seed.testTokenMint } })
    const ata = getAssociatedTokenAddressSync(new PublicKey(solana.seed.testTokenMint), recipient)
    expect((await connection.getTokenAccountBalance(ata)).value.amount).toBe('1500000')

    await store.disconnect()
    expect(kit.getState().status).toBe('disconnected')
    await kit.dispose()
    expect(testWallet.listenerCount()).toBe(0)
  })

  it('maps a refused connect to "Connection rejected" and a refused signature to "Signature declined"', async () => {
    const secretKey = Keypair.generate().secretKey
    const refusing = createTestSolanaWallet({ secretKey, name: 'Refusing Solana', approve: (feature) => feature !== 'standard:connect' })
    const declining = createTestSolanaWallet({ secretKey, name: 'Declining Solana', approve: (feature) => feature !== 'solana:signMessage' })
    const off = [getWallets().register(refusing.wallet), getWallets().register(declining.wallet)]
    const kit = createKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [network], sources: [solanaConnectors()] })])
    await kit.ready
    const store = kit.resolve(ConnectionStoreToken)
    await expect(store.connect('ws:Refusing Solana')).rejects.toMatchObject({ shortMessage: 'Connection rejected' })
    expect(kit.getState().status).toBe('disconnected')
    await store.connect('ws:Declining Solana')
    await expect(store.signMessage('no')).rejects.toMatchObject({ shortMessage: 'Signature declined' })
    await kit.dispose()
    for (const unregister of off) unregister()
  })

  it("kit.getProvider('solana') signs a message and signs and sends transactions that land on the cluster, with either wallet feature", async () => {
    const connection = new Connection(solana.rpcUrl, 'confirmed')
    // One wallet that sends itself (signAndSendTransaction), one that only signs (the kit sends).
    const sending = createTestSolanaWallet({ secretKey: Buffer.from(solana.seed.devWalletSecretKey, 'base64'), name: 'Sending Solana', rpcUrl: solana.rpcUrl })
    const off = getWallets().register(sending.wallet)
    const kit = createLatchKit({ projectId: 'latch-dev', storage: createMemoryStorage() }, [connectors({ networks: [network], sources: [solanaConnectors()] })])
    await kit.ready
    const provider = kit.getProvider('solana')!
    expect(provider.address).toBeUndefined()
    await expect(provider.signMessage('too early')).rejects.toMatchObject({ name: 'NotConnectedError' })

    for (const walletId of ['ws:Sending Solana', 'ws:Latch Test Solana']) {
      await kit.resolve(ConnectionStoreToken).connect(walletId)
      expect(provider.address).toBe(testWallet.address)
      const signature = await provider.signMessage('Signed through the kit provider')
      expect(ed25519.verify(signature, new TextEncoder().encode('Signed through the kit provider'), testWallet.publicKey)).toBe(true)

      const recipient = Keypair.generate().publicKey
      const owner = new PublicKey(provider.address!)
      const transfer = new Transaction({ feePayer: owner, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
        SystemProgram.transfer({ fromPubkey: owner, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 2 }),
      )
      const sent = await provider.signAndSendTransaction(transfer.serialize({ requireAllSignatures: false }))
      expect((await connection.getSignatureStatus(sent)).value?.err).toBeNull()
      expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2)
      await kit.disconnect({ namespace: 'solana' })
      expect(provider.address).toBeUndefined()
    }
    await kit.dispose()
    off()
  })
})
