import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import type { Deployment } from '../../server/plugins/services/Deployment.js'
import { deployTestToken } from '../support/deployTestToken.js'
import { call, DEV_MNEMONIC } from './support.js'

// Issue 29: networks from configuration, on a chain the test starts (id 4242) and the backend
// only connects to: no local chains, no Multicall3 there (`multicall3: false`), a block follower
// for its history, and a dead first upstream the chain RPC must fall back from.
const CHAIN = 'eip155:4242'
const LOGS_CHAIN = 'eip155:4243'
const funder = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 2 })
const visitor = privateKeyToAccount(generatePrivateKey())

let node: HardhatNode
let logsNode: HardhatNode
let logsToken: Address
let backend: RunningBackend<Deployment>
let token: Address

beforeAll(async () => {
  ;[node, logsNode] = await Promise.all([startHardhatNode({ chainId: 4242 }), startHardhatNode({ chainId: 4243 })])
  ;[token, logsToken] = await Promise.all([deployTestToken(node.rpcUrl, funder, 'CFG'), deployTestToken(logsNode.rpcUrl, funder, 'LOG')])
  backend = await startBackend({
    localChains: false,
    prices: { ETH: 1000 },
    networks: [
      {
        caipNetworkId: CHAIN,
        name: 'Configured',
        rpcUrls: ['http://127.0.0.1:9/down', node.rpcUrl],
        tokens: [{ chainId: 4242, address: token, name: 'Latch Test CFG', symbol: 'CFG', decimals: 18 }],
        multicall3: false,
        history: { blockFollower: { fromBlock: 0 } },
      },
      {
        caipNetworkId: LOGS_CHAIN,
        // The first upstream serves another chain (4242): it is never used for 4243.
        rpcUrls: [node.rpcUrl, logsNode.rpcUrl],
        tokens: [{ chainId: 4243, address: logsToken, name: 'Latch Test LOG', symbol: 'LOG', decimals: 18 }],
        multicall3: false,
        // Two blocks per eth_getLogs: the reading spans several ranges.
        history: { fromBlock: 0, maxBlockRange: 2 },
      },
    ],
  })
}, 120_000)
afterAll(async () => {
  await backend?.close()
  await Promise.all([node?.stop(), logsNode?.stop()])
})

describe('a configured network without the local chains', () => {
  it('serves only the configured networks, and the chain RPC falls back past a dead upstream', async () => {
    expect(backend.deployment.evm).toEqual([])
    expect(backend.deployment.solana).toBeUndefined()
    expect((await call(backend, '/v1/supported-chains?projectId=latch-dev')).body).toEqual({ http: [CHAIN, LOGS_CHAIN], ws: [] })
    const answer = await call(backend, `/v1?chainId=${CHAIN}&projectId=latch-dev`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] } })
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1092' })
    const other = await call(backend, `/v1?chainId=${LOGS_CHAIN}&projectId=latch-dev`, { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] } })
    expect(other.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1093' })
    // The backend's own upstream stays refused its admin methods.
    const admin = await call(backend, `/v1?chainId=${CHAIN}&projectId=latch-dev`, { body: { jsonrpc: '2.0', id: 2, method: 'hardhat_setBalance', params: [visitor.address, '0x1'] } })
    expect(admin.body.error.code).toBe(-32601)
  })

  it('reads balances one call each (no Multicall3) with the configured table, and follows blocks for native transfers', async () => {
    const transport = http(node.rpcUrl)
    const wallet = createWalletClient({ account: funder, transport, chain: { id: 4242, name: 'x', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.rpcUrl] } } } })
    const reader = createPublicClient({ transport })
    await reader.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: visitor.address, value: parseEther('1.5') }) })
    await reader.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [visitor.address, parseEther('3')] }) })

    const balances = await call(backend, `/v1/account/${visitor.address}/balance?projectId=latch-dev&currency=usd&chainId=${CHAIN}`)
    expect(balances.body.balances).toEqual([
      expect.objectContaining({ symbol: 'ETH', value: 1500, price: 1000, quantity: { decimals: '18', numeric: '1.5' } }),
      // No price feed and no table entry: no price, never a made-up one.
      expect.objectContaining({ symbol: 'CFG', value: 0, price: 0, address: `${CHAIN}:${token}`, quantity: { decimals: '18', numeric: '3' } }),
    ])
    const history = await call(backend, `/v1/account/${visitor.address}/history?projectId=latch-dev&chainId=${CHAIN}`)
    expect(history.body.nativeTransfers).toBeUndefined()
    expect(history.body.data.map((entry: { transfers: { fungible_info: { symbol: string } }[] }) => entry.transfers[0]!.fungible_info.symbol)).toEqual(['CFG', 'ETH'])
    // Swaps need a configured Uniswap V2 deployment: none here, so empty answers (SPEC §7).
    expect((await call(backend, `/v1/convert/tokens?projectId=latch-dev&chainId=${CHAIN}`)).body).toEqual({ tokens: [] })
  })

  it('reads history from Transfer logs in bounded ranges, keeps the cursor in the store, and says native transfers are unavailable', async () => {
    const chain = { id: 4243, name: 'x', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [logsNode.rpcUrl] } } }
    const wallet = createWalletClient({ account: funder, transport: http(logsNode.rpcUrl), chain })
    const reader = createPublicClient({ transport: http(logsNode.rpcUrl) })
    const send = async (amount: string) => reader.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: logsToken, abi: erc20Abi, functionName: 'transfer', args: [visitor.address, parseEther(amount)] }) })
    await reader.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: visitor.address, value: parseEther('1') }) })
    const first = await send('2')
    const history = () => call(backend, `/v1/account/${visitor.address}/history?projectId=latch-dev&chainId=${LOGS_CHAIN}`)
    const before = await history()
    expect(before.body).toMatchObject({ nativeTransfers: 'unavailable', next: null })
    expect(before.body.partial).toBeUndefined()
    expect(before.body.data.map((entry: { id: string }) => entry.id)).toEqual([first.transactionHash])
    const cursor = await backend.storage.db.selectFrom('history_log_cursors').selectAll().where('chain_id', '=', LOGS_CHAIN).executeTakeFirstOrThrow()
    expect(cursor).toMatchObject({ account: visitor.address.toLowerCase(), first_block: 0, last_block: Number(first.blockNumber) })
    // The next read continues from the cursor.
    const second = await send('5')
    const after = await history()
    expect(after.body.data.map((entry: { id: string }) => entry.id)).toEqual([second.transactionHash, first.transactionHash])
    expect(after.body.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '5' }, fungible_info: { symbol: 'LOG' } })
  })

  it('reads an account with more blocks behind it than one request reads over several requests, saying partial until done', async () => {
    const newcomer = privateKeyToAccount(generatePrivateKey()).address
    // 25 ranges of 2 blocks per request: 60 more blocks need two requests.
    await createPublicClient({ transport: http(logsNode.rpcUrl) }).request({ method: 'hardhat_mine' as never, params: ['0x3c'] as never })
    const history = () => call(backend, `/v1/account/${newcomer}/history?projectId=latch-dev&chainId=${LOGS_CHAIN}`)
    expect((await history()).body).toMatchObject({ data: [], partial: true })
    expect((await history()).body.partial).toBeUndefined()
  })
})
