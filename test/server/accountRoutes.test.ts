import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, custom, http, parseEther, parseUnits, erc20Abi, type Address } from 'viem'
import { createServer as createNetServer } from 'node:net'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import { WebSocket } from 'ws'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createServer } from '../../server/createServer.js'
import { HistoryIndexer } from '../../server/blockchain/HistoryIndexer.js'
import { BalanceCache } from '../../server/blockchain/BalanceCache.js'
import type { BackendServices } from '../../server/plugins/services/BackendServices.js'
import { call, evmClients } from './support.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const receiverOfRevert = '0x0000000000000000000000000000000000000001'
/** `/dev/*` (dev mode) takes the admin token, nothing else. */
const adminAuthorization = () => ({ authorization: `Bearer ${backend.adminToken.value}` })

beforeAll(async () => {
  // Run twice by `npm test`: the history index on SQLite, and on a Postgres database of the run's cluster.
  backend = await startBackend({ dev: true, databaseUrl: await testDatabaseUrl() })
})
afterAll(() => backend?.close())

describe('given a started backend', () => {
  it('describes what it deployed at /dev/deployment', async () => {
    const { status, body } = await call(backend, '/dev/deployment', { headers: adminAuthorization() })
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

  it('C3: lists Solana under ws, where its subscriptions are served', async () => {
    const { body } = await call(backend, `/v1/supported-chains?${q}`)
    expect(body.ws).toEqual([backend.deployment.solana.caipNetworkId])
  })
})

describe('given a web page on another origin (S1)', () => {
  const rpc = (url: string, method: string, params: unknown[], headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })

  it('S1: /dev/deployment names no hardhat node and refuses a caller without the admin token', async () => {
    const nodeUrls = [...backend.services.evmChains.values()].map((chain) => chain.nodeRpcUrl)
    const { status, body } = await call(backend, '/dev/deployment', { headers: adminAuthorization() })
    expect(status).toBe(200)
    const text = JSON.stringify(body)
    for (const url of nodeUrls) expect(text).not.toContain(new URL(url).host)
    expect(body.evm[0]).not.toHaveProperty('nodeRpcUrl')
    for (const headers of [{}, { origin: 'http://localhost:5173' }, { origin: 'https://evil.example' }] as Array<Record<string, string>>)
      expect(await call(backend, '/dev/deployment', { headers })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } })
  })

  it('S1: the hardhat nodes refuse browsers and clients without the secret path', async () => {
    const victim = privateKeyToAccount(generatePrivateKey()).address
    for (const chain of backend.services.evmChains.values()) {
      const node = new URL(chain.nodeRpcUrl)
      // What a page could do: guess the port, or learn the full URL, and post from the browser.
      const fromPage = await rpc(chain.nodeRpcUrl, 'hardhat_setBalance', [victim, '0x1000'], { origin: 'https://evil.example' })
      expect(fromPage.status).toBe(403)
      expect(fromPage.headers.get('access-control-allow-origin')).toBeNull()
      const preflight = await fetch(chain.nodeRpcUrl, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
      expect(preflight.status).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
      expect((await rpc(`${node.origin}/`, 'hardhat_setBalance', [victim, '0x1000'])).status).toBe(403)
      expect((await rpc(`http://localhost:${node.port}${node.pathname}`, 'hardhat_setBalance', [victim, '0x1000'])).status).toBe(403)
      expect(await chain.client.getBalance({ address: victim })).toBe(0n)
      // A test's own page on loopback, given the URL, is served (the browser tests do this).
      const ownPage = await rpc(chain.nodeRpcUrl, 'eth_chainId', [], { origin: 'http://127.0.0.1:5173' })
      expect(await ownPage.json()).toMatchObject({ result: `0x${chain.chainId.toString(16)}` })
    }
  })
})

describe('given an ETH transfer sent with viem through the chain RPC', () => {
  // Each test sends its own transfer to a receiver of its own: each runs alone.
  const newReceiver = () => privateKeyToAccount(generatePrivateKey()).address
  /** 1.25 ETH from dev account 0 to `receiver` on 31337, mined. */
  const sendEth = async (receiver: Address) => {
    const { walletClient, publicClient, account } = evmClients(backend, 31337)
    const hash = await walletClient.sendTransaction({ to: receiver, value: parseEther('1.25') })
    await publicClient.waitForTransactionReceipt({ hash })
    return { hash, account }
  }

  it('shows the new balance and the send in the history of both sides', async () => {
    const receiver = newReceiver()
    const before = await call(backend, `/v1/account/${receiver}/balance?${q}&currency=usd&chainId=eip155:31337`)
    expect(before.body.balances).toEqual([])
    const { hash, account } = await sendEth(receiver)

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
    const receiver = newReceiver()
    await sendEth(receiver)
    expect((await call(backend, `/v1/account/${receiver}/balance?${q}&chainId=eip155:31337`)).body.balances).toHaveLength(1)
    const { body } = await call(backend, `/v1/account/${receiver}/balance?${q}&chainId=eip155:31338`)
    expect(body.balances).toEqual([])
  })

  it('pages history with a cursor', async () => {
    const receiver = newReceiver()
    await sendEth(receiver)
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

  it('16: names the pool shares adding liquidity minted, and serves every icon the history names', async () => {
    const { body } = await call(backend, `/v1/account/${dev()}/history?${q}&chainId=eip155:31337&limit=100`)
    const fungibles = body.data.flatMap((entry: any) => entry.transfers.filter((t: any) => t.fungible_info).map((t: any) => t.fungible_info))
    const poolShares = fungibles.filter((info: any) => info.symbol === 'UNI-V2').map((info: any) => info.name)
    expect(new Set(poolShares)).toEqual(new Set(['Uniswap V2 USDC/WETH', 'Uniswap V2 LTK/WETH', 'Uniswap V2 USDC/LTK']))
    expect(fungibles.filter((info: any) => info.symbol === 'UNKNOWN')).toEqual([])
    const icons = new Set<string>([...fungibles.map((info: any) => info.icon.url), ...body.data.flatMap((entry: any) => entry.transfers.filter((t: any) => t.nft_info).map((t: any) => t.nft_info.content.preview.url))])
    for (const url of icons) expect((await fetch(url)).status, url).toBe(200)
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

  it("16: answers at AppKit's chain URL, which ends in a slash (/v1/?chainId=…)", async () => {
    const { status, body } = await call(backend, `/v1/?chainId=eip155:31337&${q}`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } })
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
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

  // Init code run by eth_call without `to`: returns the gas it was given (GAS, MSTORE, RETURN).
  const RETURNS_GAS = '0x5a60005260206000f3'
  // Init code that succeeds only with more than 4M gas left (GAS, PUSH3 4M, LT, JUMPI, INVALID).
  const NEEDS_4M_GAS = '0x5a623d090010600a57fe5b00'

  it('S2: gives eth_call at most 3M gas, whether it names none or more', async () => {
    const rpcCall = (gas?: string) => ({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: RETURNS_GAS, ...(gas ? { gas } : {}) }, 'latest'] })
    for (const gas of [undefined, '0xffffffff', '0x2faf080']) {
      const { body } = await call(backend, `/v1?chainId=eip155:31337&${q}`, { body: rpcCall(gas) })
      const given = BigInt(body.result)
      expect(given).toBeGreaterThan(2_900_000n)
      expect(given).toBeLessThanOrEqual(3_000_000n)
    }
    // A caller may still ask for less.
    expect(BigInt((await call(backend, `/v1?chainId=eip155:31337&${q}`, { body: rpcCall('0x30d40') })).body.result)).toBeLessThan(200_000n)
  })

  it('S2: refuses an eth_estimateGas that needs more than 3M gas', async () => {
    const { body } = await call(backend, `/v1?chainId=eip155:31337&${q}`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_estimateGas', params: [{ data: NEEDS_4M_GAS }] } })
    expect(body.result).toBeUndefined()
    expect(body.error.code).toBeTypeOf('number')
  })

  it('S2: takes a batch of 1,000 calls (the kit batch size, SPEC §9) and refuses a larger one', async () => {
    const batch = (size: number) => Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    expect((await call(backend, `/v1?chainId=eip155:31337&${q}`, { body: batch(1000) })).body).toHaveLength(1000)
    expect((await call(backend, `/v1?chainId=eip155:31337&${q}`, { body: batch(1001) })).body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request: batch larger than 1000' },
    })
  })

  it('gives unsupported networks empty results', async () => {
    const dev = backend.deployment.devAccount
    expect((await call(backend, `/v1/account/${dev}/balance?${q}&chainId=eip155:1`)).body).toEqual({ balances: [] })
    expect((await call(backend, `/v1/account/${dev}/history?${q}&chainId=eip155:1`)).body).toEqual({ data: [], next: null })
  })
})

describe('given WebSocket upgrades to the Solana subscriptions (S6)', () => {
  /** Resolves with 101 once open, or the HTTP status and JSON body of a refused upgrade. */
  const upgrade = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body?: unknown; socket?: WebSocket }>((resolve, reject) => {
      const socket = new WebSocket(url, { headers })
      socket.once('open', () => resolve({ status: 101, socket }))
      socket.once('unexpected-response', (_request, response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      })
      socket.once('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)))
    })

  const closed = (socket: WebSocket) => new Promise<void>((resolve) => (socket.readyState === WebSocket.CLOSED ? resolve() : (socket.once('close', () => resolve()), socket.close())))

  it('S6: refuses an upgrade without a known projectId or from an origin off the allow-list', async () => {
    const wsUrl = backend.deployment.solana.wsUrl
    const bare = wsUrl.replace(/&?projectId=[^&]*/, '')
    expect(await upgrade(bare)).toEqual({ status: 403, body: { code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' } })
    expect(await upgrade(wsUrl.replace('projectId=latch-dev', 'projectId=nope'))).toMatchObject({ status: 403 })
    expect(await upgrade(wsUrl, { origin: 'https://evil.example' })).toEqual({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' } })
    const allowed = await upgrade(wsUrl, { origin: 'http://localhost:5173' })
    expect(allowed.status).toBe(101)
    await closed(allowed.socket!)
  })

  it('S6: caps open sockets per client at 16', async () => {
    // A server of its own over the same chains: other tests' clients hold sockets on the main one.
    const own = await createServer({ storage: backend.storage, services: backend.services })
    const url = await own.listen(0)
    const wsUrl = `${url.replace(/^http/, 'ws')}/v1?chainId=${backend.deployment.solana.caipNetworkId}&projectId=latch-dev`
    const open: WebSocket[] = []
    try {
      for (let i = 0; i < 16; i++) {
        const accepted = await upgrade(wsUrl)
        expect(accepted.status).toBe(101)
        open.push(accepted.socket!)
      }
      expect(await upgrade(wsUrl)).toEqual({ status: 429, body: { code: 'TOO_MANY_SOCKETS', message: 'Too many open WebSockets' } })
    } finally {
      await Promise.all(open.map(closed))
      await own.close()
    }
  })

  it('S6: counts upgrades against the rate limit', async () => {
    const limited = await createServer({ storage: backend.storage, services: backend.services, rateLimit: { max: 2, windowMs: 60_000 } })
    const url = await limited.listen(0)
    try {
      const wsUrl = `${url.replace(/^http/, 'ws')}/v1?chainId=${backend.deployment.solana.caipNetworkId}&projectId=latch-dev`
      const statuses = []
      for (let i = 0; i < 3; i++) {
        const answer = await upgrade(wsUrl)
        if (answer.socket) await closed(answer.socket)
        statuses.push(answer.status)
      }
      expect(statuses).toEqual([101, 101, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('given a chain node that is dead or hangs (R3)', () => {
  /** The backend's services, with chain 31337 behind `url` and the given timeout. */
  const servicesWithNodeAt = (url: string, timeout: number): BackendServices => {
    const real = backend.services.evmChains.get('eip155:31337')!
    const evmChains = new Map(backend.services.evmChains)
    evmChains.set('eip155:31337', { ...real, nodeRpcUrl: url, client: createPublicClient({ transport: http(url, { retryCount: 0, timeout }) }) as typeof real.client })
    return { ...backend.services, evmChains, indexer: new HistoryIndexer(backend.storage, evmChains), balanceCache: new BalanceCache() }
  }
  const routes = (dev: string) => [
    `/v1/account/${dev}/balance?${q}&chainId=eip155:31337&forceUpdate=1`,
    `/v1/account/${dev}/history?${q}&chainId=eip155:31337`,
    `/v1/convert/gas-price?${q}&chainId=eip155:31337`,
  ]

  it('R3: answers 502 CHAIN_UNAVAILABLE, not 500, when the node refuses connections', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const server = await createServer({ storage: backend.storage, services: servicesWithNodeAt(`http://127.0.0.1:${closedPort}/`, 2000) })
    const url = await server.listen(0)
    try {
      for (const path of routes(backend.deployment.devAccount))
        expect(await call({ url }, path), path).toMatchObject({ status: 502, body: { code: 'CHAIN_UNAVAILABLE', message: 'The chain node is unavailable' } })
    } finally {
      await server.close()
    }
  })

  it('R3: answers 503 CHAIN_TIMEOUT when the node never answers', async () => {
    const hanging = createNetServer((socket) => socket.on('error', () => undefined)).listen(0, '127.0.0.1')
    await new Promise((resolve) => hanging.once('listening', resolve))
    const server = await createServer({ storage: backend.storage, services: servicesWithNodeAt(`http://127.0.0.1:${(hanging.address() as { port: number }).port}/`, 150) })
    const url = await server.listen(0)
    try {
      for (const path of routes(backend.deployment.devAccount))
        expect(await call({ url }, path), path).toMatchObject({ status: 503, body: { code: 'CHAIN_TIMEOUT', message: 'The chain node did not answer in time' } })
    } finally {
      await server.close()
      hanging.close()
    }
  })
})

describe('given a history read while an earlier catch-up is still indexing (R4)', () => {
  it('R4: includes a transfer mined after the running catch-up read the head', async () => {
    const chain = backend.services.evmChains.get('eip155:31337')!
    // Indexed up to the head by the backend, then one block more: the next catch-up has one to index.
    await call(backend, `/v1/account/${backend.deployment.devAccount}/history?${q}&chainId=eip155:31337`)
    const mineOne = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_mine', params: ['0x1'] })
    await fetch(chain.nodeRpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: mineOne })
    // A server whose indexer holds every block read until the test lets it go: the earlier catch-up
    // has read the head and is still running when the transfer is mined, however fast the machine.
    let reached: () => void = () => {}
    const holding = new Promise<void>((resolve) => (reached = resolve))
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const node = createPublicClient({ transport: http(chain.nodeRpcUrl) })
    const held = createPublicClient({
      transport: custom({
        request: async ({ method, params }) => {
          if (method === 'eth_getBlockByNumber') (reached(), await released)
          return node.request({ method, params } as never)
        },
      }),
    })
    const evmChains = new Map(backend.services.evmChains)
    evmChains.set('eip155:31337', { ...chain, client: held as typeof chain.client })
    const indexer = new HistoryIndexer(backend.storage, evmChains)
    const server = await createServer({ storage: backend.storage, services: { ...backend.services, evmChains, indexer, balanceCache: new BalanceCache() } })
    const url = await server.listen(0)
    try {
      const earlier = indexer.sync('eip155:31337')
      await holding
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const { walletClient, publicClient } = evmClients(backend, 31337)
      const hash = await walletClient.sendTransaction({ to: receiver, value: 1n })
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 })
      // The read asks for its catch-up while the earlier one is held; only then is that one let go.
      const sync = indexer.sync.bind(indexer)
      const asked = new Promise<void>((resolve) => {
        indexer.sync = (caipNetworkId) => {
          const synced = sync(caipNetworkId)
          resolve()
          return synced
        }
      })
      const reading = call({ url }, `/v1/account/${receiver}/history?${q}&chainId=eip155:31337`)
      await asked
      release()
      await earlier
      const { body } = await reading
      expect(body.data.map((entry: { id: string }) => entry.id)).toEqual([hash])
    } finally {
      release()
      await server.close()
    }
  })
})
