import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { startSolanaRpc, type SolanaRpc } from '../../server/solana/startSolanaRpc.js'
import { loadLatchConfig } from '../../server/networks/loadLatchConfig.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import type { Deployment } from '../../server/plugins/services/Deployment.js'
import { testDatabaseUrl } from '../support/testDatabase.js'
import { call } from './support.js'

// Issue 29: a Solana cluster the backend does not own. The test starts a litesvm RPC of its own,
// moves SOL and a token on it, and starts the backend without local chains from a config file
// naming only that cluster (behind a dead first upstream). The backend proxies it and reads
// balances and history from its nodes: nothing of its own is started, seeded or remembered.
let solana: SolanaRpc
let backend: RunningBackend<Deployment>
let wallet: Keypair
let mint: PublicKey
let caip: string
const visitor = Keypair.generate().publicKey
const signatures: { sol?: string; token?: string; proxied?: string } = {}

/** A signed transaction from the cluster's funded wallet, as wire bytes (base64). */
function signed(...instructions: Parameters<Transaction['add']>): string {
  const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: solana.cluster.svm.latestBlockhash() }).add(...instructions)
  tx.sign(wallet)
  return tx.serialize().toString('base64')
}

/** Sends to the cluster's own RPC, not through the backend. */
async function sendToCluster(wire: string): Promise<string> {
  const response = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64' }] }) })
  const answer = (await response.json()) as { result?: string; error?: unknown }
  if (!answer.result) throw new Error(`sendTransaction failed: ${JSON.stringify(answer.error)}`)
  return answer.result
}

const rpc = (method: string, params: unknown[] = []) => call(backend, `/v1?chainId=${caip}&projectId=latch-dev`, { body: { jsonrpc: '2.0', id: 1, method, params } })

beforeAll(async () => {
  solana = await startSolanaRpc()
  caip = solana.cluster.caipNetworkId
  wallet = Keypair.fromSecretKey(Buffer.from(solana.seed.devWalletSecretKey, 'base64'))
  mint = new PublicKey(solana.seed.testTokenMint)
  signatures.sol = await sendToCluster(signed(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: visitor, lamports: 2.5 * LAMPORTS_PER_SOL })))
  signatures.token = await sendToCluster(
    signed(
      createAssociatedTokenAccountIdempotentInstruction(wallet.publicKey, getAssociatedTokenAddressSync(mint, visitor), visitor, mint),
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, wallet.publicKey), mint, getAssociatedTokenAddressSync(mint, visitor), wallet.publicKey, 40_000_000n, 6),
    ),
  )
  const dir = mkdtempSync(join(tmpdir(), 'latch-solana-config-'))
  const configFile = join(dir, 'latch.config.json')
  writeFileSync(
    configFile,
    JSON.stringify({
      localChains: false,
      prices: { SOL: 100, TUSD: 1 },
      networks: [
        {
          caipNetworkId: caip,
          name: 'Configured Solana',
          rpcUrls: ['http://127.0.0.1:9/down', solana.rpcUrl],
          // Named differently from the cluster's own seed: the backend knows only what this says.
          tokens: [{ mint: mint.toBase58(), name: 'Test USD', symbol: 'TUSD', decimals: 6 }],
          maxSignatures: 50,
        },
      ],
    }),
  )
  const config = await loadLatchConfig({ config: configFile, noLocalChains: true })
  expect(config.networks).toEqual([])
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    localChains: config.localChains,
    networks: config.networks,
    solanaNetworks: config.solanaNetworks,
    ...(config.prices ? { prices: config.prices } : {}),
  })
}, 120_000)
afterAll(async () => {
  await backend?.close()
  await solana?.close()
})

describe('a configured Solana cluster the backend did not start', () => {
  it('is the only Solana served, and the chain RPC forwards to it past a dead upstream', async () => {
    expect(backend.deployment.solana).toBeUndefined()
    expect((await call(backend, '/v1/supported-chains?projectId=latch-dev')).body).toEqual({ http: [caip], ws: [] })
    expect((await rpc('getGenesisHash')).body).toEqual({ jsonrpc: '2.0', id: 1, result: solana.cluster.genesisHash })
    expect((await rpc('getBalance', [visitor.toBase58()])).body.result.value).toBe(2.5 * LAMPORTS_PER_SOL)
    // A faucet or a costly scan is not passed on.
    expect((await rpc('requestAirdrop', [visitor.toBase58(), 1])).body.error.code).toBe(-32601)
    expect((await rpc('getProgramAccounts', [mint.toBase58()])).body.error.code).toBe(-32601)
  })

  it('forwards a signed transaction to the cluster, where it lands', async () => {
    const before = solana.cluster.balance(visitor.toBase58())
    const sent = await rpc('sendTransaction', [signed(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: visitor, lamports: LAMPORTS_PER_SOL / 2 })), { encoding: 'base64' }])
    expect(sent.body.error).toBeUndefined()
    signatures.proxied = sent.body.result
    expect(solana.cluster.status(sent.body.result)).toEqual(expect.objectContaining({ err: null }))
    expect(solana.cluster.balance(visitor.toBase58()) - before).toBe(BigInt(LAMPORTS_PER_SOL / 2))
  })

  it('reads SOL and the listed token from the cluster, priced from the configuration', async () => {
    const balances = await call(backend, `/v1/account/${visitor.toBase58()}/balance?projectId=latch-dev&currency=usd&chainId=${caip}`)
    expect(balances.status).toBe(200)
    expect(balances.body.balances).toEqual([
      expect.objectContaining({ symbol: 'SOL', chainId: caip, price: 100, value: 300, quantity: { decimals: '9', numeric: '3' } }),
      expect.objectContaining({ symbol: 'TUSD', name: 'Test USD', chainId: caip, address: `${caip}:${mint.toBase58()}`, price: 1, value: 40, quantity: { decimals: '6', numeric: '40' } }),
    ])
    // Without chainId a Solana address gets every configured cluster.
    const all = await call(backend, `/v1/account/${visitor.toBase58()}/balance?projectId=latch-dev&currency=usd`)
    expect(all.body.balances.map((entry: { symbol: string }) => entry.symbol)).toEqual(['SOL', 'TUSD'])
  })

  it("lists the account's transactions from the node, newest first, paged, with the cluster's amounts", async () => {
    const history = (address: string, query = '') => call(backend, `/v1/account/${address}/history?projectId=latch-dev&chainId=${caip}${query}`)
    const received = await history(visitor.toBase58())
    expect(received.status).toBe(200)
    expect(received.body.data.map((entry: { id: string }) => entry.id)).toEqual([signatures.proxied, signatures.token, signatures.sol])
    expect(received.body.data[1]).toMatchObject({
      metadata: { operationType: 'receive', status: 'confirmed', chain: caip, sentFrom: wallet.publicKey.toBase58() },
      transfers: [{ direction: 'in', quantity: { numeric: '40' }, fungible_info: { symbol: 'TUSD', name: 'Test USD' }, sender: wallet.publicKey.toBase58(), recipient: visitor.toBase58(), value: 40 }],
    })
    expect(received.body.data[2].transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '2.5' }, fungible_info: expect.objectContaining({ symbol: 'SOL' }), sender: wallet.publicKey.toBase58(), value: 250 }),
    ])
    expect(received.body.data[2].metadata.minedAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    // The sender's side: the token send lists the tokens out (and the rent it paid for the new account).
    const sent = await history(wallet.publicKey.toBase58(), '&limit=1&cursor=1')
    expect(sent.body).toMatchObject({ data: [{ id: signatures.token, metadata: { operationType: 'send' } }], next: '2' })
    expect(sent.body.data[0].transfers).toContainEqual(expect.objectContaining({ direction: 'out', quantity: { numeric: '40' }, recipient: visitor.toBase58() }))
    expect((await history(wallet.publicKey.toBase58(), '&limit=1&cursor=2')).body.data[0].id).toBe(signatures.sol)
  })

  it('answers an account the cluster never saw with an empty page, and another Solana network with nothing', async () => {
    const stranger = Keypair.generate().publicKey.toBase58()
    expect((await call(backend, `/v1/account/${stranger}/history?projectId=latch-dev&chainId=${caip}`)).body).toEqual({ data: [], next: null })
    expect((await call(backend, `/v1/account/${stranger}/balance?projectId=latch-dev&chainId=${caip}`)).body).toEqual({ balances: [] })
    const other = await call(backend, `/v1/account/${visitor.toBase58()}/history?projectId=latch-dev&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)
    expect(other.body).toEqual({ data: [], next: null })
  })
})
