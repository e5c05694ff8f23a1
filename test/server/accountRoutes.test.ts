import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther, parseUnits, erc20Abi } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const receiverOfRevert = '0x0000000000000000000000000000000000000001'

beforeAll(async () => {
  backend = await startBackend()
})
afterAll(() => backend?.close())

describe('given a started backend', () => {
  it('describes what it deployed at /dev/deployment', async () => {
    const { status, body } = await call(backend, '/dev/deployment')
    expect(status).toBe(200)
    expect(body.evm.map((chain: { chainId: number }) => chain.chainId)).toEqual([31337, 31338])
    expect(body.evm[0].contracts.usdc).toMatchObject({ symbol: 'USDC', decimals: 6 })
    expect(body.evm[0].contracts.dust).toMatchObject({ decimals: 0 })
    expect(body.solana.caipNetworkId).toMatch(/^solana:/)
  })

  it('lists the local chains as supported', async () => {
    const { body } = await call(backend, `/v1/supported-chains?${q}`)
    expect(body.http).toEqual(['eip155:31337', 'eip155:31338', backend.deployment.solana.caipNetworkId])
  })
})

describe('given an ETH transfer sent with viem through the chain RPC', () => {
  const receiver = privateKeyToAccount(generatePrivateKey()).address

  it('shows the new balance and the send in the history of both sides', async () => {
    const { walletClient, publicClient, account } = evmClients(backend, 31337)
    const before = await call(backend, `/v1/account/${receiver}/balance?${q}&currency=usd&chainId=eip155:31337`)
    expect(before.body.balances).toEqual([])
    const hash = await walletClient.sendTransaction({ to: receiver, value: parseEther('1.25') })
    await publicClient.waitForTransactionReceipt({ hash })

    // No forceUpdate: the answer before the transfer was cached, and must not be served again.
    const after = await call(backend, `/v1/account/${receiver}/balance?${q}&currency=usd&chainId=eip155:31337`)
    expect(after.body.balances).toEqual([
      expect.objectContaining({ symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '1.25' }, price: 3000, value: 3750 }),
    ])
    const received = await call(backend, `/v1/account/${receiver}/history?${q}&chainId=eip155:31337`)
    expect(received.body.data[0]).toMatchObject({
      id: hash,
      metadata: { operationType: 'receive', status: 'confirmed', sentFrom: account.address.toLowerCase(), chain: 'eip155:31337' },
      transfers: [{ direction: 'in', quantity: { numeric: '1.25' }, fungible_info: { symbol: 'ETH' } }],
    })
    const sent = await call(backend, `/v1/account/${account.address}/history?${q}&chainId=eip155:31337`)
    expect(sent.body.data[0]).toMatchObject({ id: hash, metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] })
  })

  it('reads the other chain separately: nothing arrived on 31338', async () => {
    const { body } = await call(backend, `/v1/account/${receiver}/balance?${q}&chainId=eip155:31338`)
    expect(body.balances).toEqual([])
  })

  it('pages history with a cursor', async () => {
    const { walletClient, publicClient, usdc } = { ...evmClients(backend, 31337), usdc: backend.deployment.evm[0]!.contracts.usdc }
    for (let i = 1; i <= 3; i++) {
      const hash = await walletClient.writeContract({ address: usdc.address, abi: erc20Abi, functionName: 'transfer', args: [receiver, parseUnits(String(i), 6)] })
      await publicClient.waitForTransactionReceipt({ hash })
    }
    const first = await call(backend, `/v1/account/${receiver}/history?${q}&chainId=eip155:31337&limit=2`)
    expect(first.body.data.map((entry: any) => entry.transfers[0].quantity.numeric)).toEqual(['3', '2'])
    expect(first.body.next).toBe('2')
    const second = await call(backend, `/v1/account/${receiver}/history?${q}&chainId=eip155:31337&limit=2&cursor=${first.body.next}`)
    expect(second.body.data.map((entry: any) => entry.transfers[0].fungible_info.symbol)).toEqual(['USDC', 'ETH'])
    expect(second.body.next).toBeNull()
  })
})

describe('given a transaction that reverts on chain', () => {
  it('shows in the sender history with status failed', async () => {
    const { walletClient, account, deployment } = evmClients(backend, 31337, 6)
    // Account 6 holds no USDC: with gas given, the node mines the transfer and it reverts.
    await expect(
      walletClient.writeContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'transfer', args: [receiverOfRevert, parseUnits('5', 6)], gas: 100_000n }),
    ).rejects.toThrow(/transfer amount exceeds balance/)
    const { body } = await call(backend, `/v1/account/${account.address}/history?${q}&chainId=eip155:31337`)
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({ metadata: { status: 'failed', sentTo: deployment.contracts.usdc.address.toLowerCase() }, transfers: [] })
  })
})

describe('given the dev account seeded at boot', () => {
  const dev = () => backend.deployment.devAccount

  it('holds the three test tokens, including the 0-decimal one the kit hides', async () => {
    const { body } = await call(backend, `/v1/account/${dev()}/balance?${q}&chainId=eip155:31338`)
    const symbols = body.balances.map((balance: { symbol: string }) => balance.symbol)
    expect(symbols).toEqual(expect.arrayContaining(['ETH', 'USDC', 'LTK', 'DUST']))
    expect(body.balances.find((balance: any) => balance.symbol === 'DUST').quantity.decimals).toBe('0')
  })

  it('shows the spam NFT transfer flagged as spam and the minted items as mints', async () => {
    const { body } = await call(backend, `/v1/account/${dev()}/history?${q}&chainId=eip155:31337&limit=100`)
    const nftTransfers = body.data.flatMap((entry: any) => entry.transfers.filter((t: any) => t.nft_info).map((t: any) => ({ op: entry.metadata.operationType, ...t })))
    expect(nftTransfers.filter((t: any) => t.nft_info.flags.is_spam)).toEqual([expect.objectContaining({ op: 'receive', direction: 'in', nft_info: expect.objectContaining({ name: 'Claim Your Reward #0' }) })])
    expect(nftTransfers.filter((t: any) => !t.nft_info.flags.is_spam && t.op === 'mint')).toHaveLength(3)
  })
})

describe('given a SOL transfer signed with a Keypair through the chain RPC', () => {
  it('changes both balances on the balance endpoint', async () => {
    const connection = new Connection(backend.deployment.solana.rpcUrl, { commitment: 'confirmed', wsEndpoint: backend.deployment.solana.wsUrl })
    const wallet = Keypair.fromSecretKey(Buffer.from(backend.deployment.solana.devWalletSecretKey, 'base64'))
    const receiver = Keypair.generate().publicKey
    const solOf = async (address: string) =>
      (await call(backend, `/v1/account/${address}/balance?${q}&chainId=${backend.deployment.solana.caipNetworkId}`)).body.balances.find((b: any) => b.symbol === 'SOL')?.quantity.numeric
    const before = Number(await solOf(wallet.publicKey.toBase58()))
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: receiver, lamports: 3 * LAMPORTS_PER_SOL }),
    )
    tx.sign(wallet)
    const signature = await connection.sendRawTransaction(tx.serialize())
    const lastValidBlockHeight = (await connection.getLatestBlockhash()).lastValidBlockHeight
    expect((await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })).value.err).toBeNull()
    expect(await solOf(receiver.toBase58())).toBe('3')
    expect(Number(await solOf(wallet.publicKey.toBase58()))).toBeCloseTo(before - 3 - 0.000005, 9)
  })
})

describe('given the chain RPC', () => {
  it('answers an unknown chain with a JSON-RPC error, not a 500', async () => {
    const { status, body } = await call(backend, `/v1?chainId=eip155:1&${q}`, { body: { jsonrpc: '2.0', id: 7, method: 'eth_chainId' } })
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Unsupported chainId: eip155:1' } })
  })

  it('answers a batch and refuses the node admin methods', async () => {
    const { body } = await call(backend, `/v1?chainId=eip155:31338&${q}`, {
      body: [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'hardhat_setBalance', params: ['0x0000000000000000000000000000000000000001', '0x1'] },
        { jsonrpc: '2.0', id: 3, method: 'eth_sendTransaction', params: [{}] },
      ],
    })
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a6a' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not allowed: hardhat_setBalance' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not allowed: eth_sendTransaction' } },
    ])
  })

  it('gives unsupported networks empty results', async () => {
    const dev = backend.deployment.devAccount
    expect((await call(backend, `/v1/account/${dev}/balance?${q}&chainId=eip155:1`)).body).toEqual({ balances: [] })
    expect((await call(backend, `/v1/account/${dev}/history?${q}&chainId=eip155:1`)).body).toEqual({ data: [], next: null })
  })
})
