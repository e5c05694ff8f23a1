import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call } from './support.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// The history route on the local Solana cluster (issue 13): transfers read from the transactions
// the cluster processed, SOL and the seeded SPL token, by owner, newest first, paged.
let backend: RunningBackend
let connection: Connection
let wallet: Keypair
const receiver = Keypair.generate().publicKey

beforeAll(async () => {
  backend = await startBackend({ databaseUrl: await testDatabaseUrl() })
  connection = new Connection(backend.deployment.solana.rpcUrl, 'confirmed')
  wallet = Keypair.fromSecretKey(Buffer.from(backend.deployment.solana.devWalletSecretKey, 'base64'))
}, 180_000)
afterAll(() => backend?.close())

async function send(...instructions: Parameters<Transaction['add']>): Promise<string> {
  const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(...instructions)
  tx.sign(wallet)
  return connection.sendRawTransaction(tx.serialize())
}

const history = (address: string, query = '') =>
  call(backend, `/v1/account/${address}/history?projectId=latch-dev&chainId=${backend.deployment.solana.caipNetworkId}${query}`)

describe('given SOL and LUSD sent on the local cluster', () => {
  it('lists them for the sender and the receiver, newest first, with direction, amount and value', async () => {
    const mint = new PublicKey(backend.deployment.solana.testTokenMint)
    const sol = await send(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 4 }))
    const lusd = await send(
      createAssociatedTokenAccountIdempotentInstruction(wallet.publicKey, getAssociatedTokenAddressSync(mint, receiver), receiver, mint),
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, wallet.publicKey), mint, getAssociatedTokenAddressSync(mint, receiver), wallet.publicKey, 3_500_000n, 6),
    )

    const received = await history(receiver.toBase58())
    expect(received.status).toBe(200)
    expect(received.body.data.map((entry: { id: string }) => entry.id)).toEqual([lusd, sol])
    expect(received.body.data[0]).toMatchObject({
      metadata: { operationType: 'receive', status: 'confirmed', chain: backend.deployment.solana.caipNetworkId, sentFrom: wallet.publicKey.toBase58() },
      transfers: [{ direction: 'in', quantity: { numeric: '3.5' }, fungible_info: { symbol: 'LUSD' }, value: 3.5 }],
    })
    expect(received.body.data[1].transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.25' }, fungible_info: expect.objectContaining({ symbol: 'SOL' }), value: 37.5 })])

    const sent = await history(wallet.publicKey.toBase58(), '&limit=1')
    expect(sent.body).toMatchObject({ data: [{ id: lusd, metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] }], next: '1' })
    expect((await history(wallet.publicKey.toBase58(), '&limit=1&cursor=1')).body.data[0].id).toBe(sol)
  })

  it('answers an address with no transfers, and a Solana address on another network, with an empty page', async () => {
    expect((await history(Keypair.generate().publicKey.toBase58())).body).toEqual({ data: [], next: null })
    const other = await call(backend, `/v1/account/${receiver.toBase58()}/history?projectId=latch-dev&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)
    expect(other.body).toEqual({ data: [], next: null })
  })
})
