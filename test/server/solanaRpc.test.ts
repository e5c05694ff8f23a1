import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { startSolanaRpc, type SolanaRpc } from '../../server/solana/startSolanaRpc.js'

let solana: SolanaRpc
let connection: Connection
let wallet: Keypair

beforeAll(async () => {
  solana = await startSolanaRpc()
  connection = new Connection(solana.rpcUrl, { commitment: 'confirmed', wsEndpoint: solana.wsUrl })
  wallet = Keypair.fromSecretKey(Buffer.from(solana.seed.devWalletSecretKey, 'base64'))
})
afterAll(() => solana?.close())

async function rpc(body: unknown): Promise<unknown> {
  const response = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return response.json()
}

describe('given the local Solana cluster behind JSON-RPC', () => {
  it('moves SOL for a transfer signed with a Keypair and reports its status', async () => {
    const receiver = Keypair.generate().publicKey
    const before = await connection.getBalance(wallet.publicKey)
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 2 }),
    )
    tx.sign(wallet)
    const signature = await connection.sendRawTransaction(tx.serialize())
    const { value } = await connection.getSignatureStatuses([signature])
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL / 2)
    expect(await connection.getBalance(wallet.publicKey)).toBe(before - LAMPORTS_PER_SOL / 2 - 5000)
  })

  it('confirms a transaction through the WebSocket subscription (sendAndConfirmTransaction)', async () => {
    const receiver = Keypair.generate().publicKey
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL }))
    const signature = await sendAndConfirmTransaction(connection, tx, [wallet])
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL)
  })

  it('refuses the same signed transaction twice with the node error shape', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    )
    tx.sign(wallet)
    await connection.sendRawTransaction(tx.serialize())
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(/AlreadyProcessed/)
  })

  it('lists the dev wallet test token account parsed, with 6 decimals', async () => {
    const { value } = await connection.getParsedTokenAccountsByOwner(wallet.publicKey, { mint: new PublicKey(solana.seed.testTokenMint) })
    expect(value).toHaveLength(1)
    expect(value[0]?.account.data.parsed.info).toMatchObject({ mint: solana.seed.testTokenMint, owner: wallet.publicKey.toBase58() })
    expect(value[0]?.account.data.parsed.info.tokenAmount).toMatchObject({ decimals: 6, uiAmountString: '1000000' })
  })

  it('credits an airdrop and answers rent exemption', async () => {
    const receiver = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(receiver, 2 * LAMPORTS_PER_SOL)
    expect(typeof signature).toBe('string')
    expect(await connection.getBalance(receiver)).toBe(2 * LAMPORTS_PER_SOL)
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890880)
  })

  it('simulates an unsigned transfer without moving funds', async () => {
    const receiver = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL }),
    )
    const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
    const answer = (await rpc({ jsonrpc: '2.0', id: 1, method: 'simulateTransaction', params: [wire, { encoding: 'base64', sigVerify: false }] })) as {
      result: { value: { err: unknown; logs: string[] } }
    }
    expect(answer.result.value.err).toBeNull()
    expect(await connection.getBalance(receiver)).toBe(0)
  })

  it('answers batches, unknown methods and bad params as JSON-RPC errors', async () => {
    const answer = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [wallet.publicKey.toBase58()] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] },
      { jsonrpc: '2.0', id: 4, method: 'sendTransaction', params: ['AAAA', { encoding: 'base64' }] },
    ])
    expect(answer).toMatchObject([
      { id: 1, result: { value: expect.any(Number) } },
      { id: 2, error: { code: -32601 } },
      { id: 3, error: { code: -32602, message: 'Invalid param: expected a base58 public key' } },
      { id: 4, error: { code: -32602 } },
    ])
  })
})
