import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, parseAbi, parseUnits, type Hex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])

beforeAll(async () => {
  backend = await startBackend()
})
afterAll(() => backend?.close())

describe('given the local Uniswap V2 pools', () => {
  it('lists the swappable tokens of a chain, native first, without the 0-decimal token', async () => {
    const { body } = await call(backend, `/v1/convert/tokens?${q}&chainId=eip155:31337`)
    expect(body.tokens.map((token: { symbol: string }) => token.symbol)).toEqual(['ETH', 'USDC', 'LTK', 'WETH'])
    expect(body.tokens[0].address).toBe('eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
  })

  it('gives unsupported networks empty results', async () => {
    expect((await call(backend, `/v1/convert/tokens?${q}&chainId=eip155:1`)).body).toEqual({ tokens: [] })
    const quotes = await call(backend, `/v1/convert/quotes?${q}&amount=1&userAddress=eip155:1:0x0000000000000000000000000000000000000001&from=eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=eip155:1:0x0000000000000000000000000000000000000002`)
    expect(quotes.body).toEqual({ quotes: [] })
  })

  it('swaps USDC for LTK: quote, approve, build-transaction, send; reserves and history show the trade', async () => {
    const { walletClient, publicClient, account, deployment } = evmClients(backend, 31338, 3)
    const { usdc, ltk, pairs } = deployment.contracts
    const dev = evmClients(backend, 31338, 0)
    // Fund a fresh dev account (index 3) with USDC so the history holds only this test's trade.
    const funding = await dev.walletClient.writeContract({ address: usdc.address, abi: erc20Abi, functionName: 'transfer', args: [account.address, parseUnits('500', 6)] })
    await dev.publicClient.waitForTransactionReceipt({ hash: funding })

    const user = `eip155:31338:${account.address}`
    const from = `eip155:31338:${usdc.address}`
    const to = `eip155:31338:${ltk.address}`
    const amount = parseUnits('100', 6).toString()
    const quote = await call(backend, `/v1/convert/quotes?${q}&amount=${amount}&userAddress=${user}&from=${from}&to=${to}`)
    expect(quote.status).toBe(200)
    const toAmount = BigInt(quote.body.quotes[0].toAmount)
    // 200,000 USDC : 100,000 LTK pool, 0.3% fee: a little under 50 LTK for 100 USDC.
    expect(toAmount).toBeGreaterThan(parseUnits('49', 18))
    expect(toAmount).toBeLessThan(parseUnits('50', 18))

    const allowanceBefore = await call(backend, `/v1/convert/allowance?${q}&tokenAddress=${from}&userAddress=${user}`)
    expect(allowanceBefore.body).toEqual({ allowance: '0' })
    const approve = await call(backend, `/v1/convert/build-approve?${q}&userAddress=${user}&from=${from}&to=${to}&amount=${amount}`)
    const approveHash = await walletClient.sendTransaction({ to: approve.body.tx.to, data: approve.body.tx.data as Hex, gas: BigInt(approve.body.tx.eip155.gas) })
    await publicClient.waitForTransactionReceipt({ hash: approveHash })
    expect((await call(backend, `/v1/convert/allowance?${q}&tokenAddress=${from}&userAddress=${user}`)).body).toEqual({ allowance: amount })

    const [reserve0Before, reserve1Before] = await publicClient.readContract({ address: pairs['USDC/LTK']!, abi: pairAbi, functionName: 'getReserves' })
    const built = await call(backend, '/v1/convert/build-transaction', { body: { projectId: 'latch-dev', amount, eip155: { slippage: '1' }, from, to, userAddress: user } })
    expect(built.status).toBe(200)
    expect(built.body.tx.to).toBe(deployment.contracts.router)
    const swapHash = await walletClient.sendTransaction({ to: built.body.tx.to, data: built.body.tx.data as Hex, value: BigInt(built.body.tx.value), gas: BigInt(built.body.tx.eip155.gas) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: swapHash })
    expect(receipt.status).toBe('success')

    const [reserve0After, reserve1After] = await publicClient.readContract({ address: pairs['USDC/LTK']!, abi: pairAbi, functionName: 'getReserves' })
    const token0 = await publicClient.readContract({ address: pairs['USDC/LTK']!, abi: pairAbi, functionName: 'token0' })
    const [usdcBefore, usdcAfter, ltkBefore, ltkAfter] =
      token0.toLowerCase() === usdc.address.toLowerCase() ? [reserve0Before, reserve0After, reserve1Before, reserve1After] : [reserve1Before, reserve1After, reserve0Before, reserve0After]
    expect(usdcAfter - usdcBefore).toBe(BigInt(amount))
    expect(ltkBefore - ltkAfter).toBe(toAmount)

    const history = await call(backend, `/v1/account/${account.address}/history?${q}&chainId=eip155:31338`)
    expect(history.body.data[0]).toMatchObject({
      id: swapHash,
      metadata: { operationType: 'trade', status: 'confirmed' },
      transfers: expect.arrayContaining([
        expect.objectContaining({ direction: 'out', fungible_info: expect.objectContaining({ symbol: 'USDC' }), quantity: { numeric: '100' } }),
        expect.objectContaining({ direction: 'in', fungible_info: expect.objectContaining({ symbol: 'LTK' }) }),
      ]),
    })
    expect(history.body.data[1]).toMatchObject({ id: approveHash, metadata: { operationType: 'approve' } })
  })

  it('swaps ETH for USDC with the native currency sent as value, and back to ETH', async () => {
    const { walletClient, publicClient, account, deployment } = evmClients(backend, 31337, 4)
    const user = `eip155:31337:${account.address}`
    const eth = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
    const usdc = `eip155:31337:${deployment.contracts.usdc.address}`
    const built = await call(backend, '/v1/convert/build-transaction', { body: { projectId: 'latch-dev', amount: parseUnits('1', 18).toString(), eip155: { slippage: 0.5 }, from: eth, to: usdc, userAddress: user } })
    const hash = await walletClient.sendTransaction({ to: built.body.tx.to, data: built.body.tx.data, value: BigInt(built.body.tx.value) })
    await publicClient.waitForTransactionReceipt({ hash })
    const balances = (await call(backend, `/v1/account/${account.address}/balance?${q}&chainId=eip155:31337`)).body.balances
    const received = Number(balances.find((b: { symbol: string }) => b.symbol === 'USDC').quantity.numeric)
    expect(received).toBeGreaterThan(2900)
    expect(received).toBeLessThan(3000)

    const usdcAmount = parseUnits('1000', 6).toString()
    const approve = await call(backend, `/v1/convert/build-approve?${q}&userAddress=${user}&from=${usdc}&to=${eth}`)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: approve.body.tx.to, data: approve.body.tx.data }) })
    const back = await call(backend, '/v1/convert/build-transaction', { body: { projectId: 'latch-dev', amount: usdcAmount, from: usdc, to: eth, userAddress: user } })
    const backHash = await walletClient.sendTransaction({ to: back.body.tx.to, data: back.body.tx.data })
    await publicClient.waitForTransactionReceipt({ hash: backHash })
    const history = await call(backend, `/v1/account/${account.address}/history?${q}&chainId=eip155:31337`)
    expect(history.body.data[0]).toMatchObject({ id: backHash, metadata: { operationType: 'trade' } })
    expect(history.body.data[0].transfers.map((t: any) => `${t.direction} ${t.fungible_info.symbol}`).sort()).toEqual(['in ETH', 'out USDC'])
  })

  it('refuses an unknown token and an absurd amount with a 400 naming the field', async () => {
    const user = 'eip155:31337:0x0000000000000000000000000000000000000001'
    const unknown = await call(backend, `/v1/convert/quotes?${q}&amount=1&userAddress=${user}&from=eip155:31337:0x0000000000000000000000000000000000000002&to=eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`)
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INVALID_SWAP', message: 'from is not a token this network can swap' } })
    const usdc = `eip155:31337:${backend.deployment.evm[0]!.contracts.usdc.address}`
    const huge = await call(backend, `/v1/convert/quotes?${q}&amount=${'9'.repeat(77)}&userAddress=${user}&from=${usdc}&to=eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`)
    expect(huge).toMatchObject({ status: 400, body: { message: 'amount cannot be swapped: insufficient liquidity' } })
  })

  it('prices the native currency and tokens from the price table, leaving unknown ones out', async () => {
    const usdc = backend.deployment.evm[0]!.contracts.usdc.address
    const { body } = await call(backend, '/v1/fungible/price', {
      body: { projectId: 'latch-dev', currency: 'usd', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', `eip155:31337:${usdc}`, 'eip155:1:0x0000000000000000000000000000000000000001'] },
    })
    expect(body.fungibles.map((f: { symbol: string; price: number }) => [f.symbol, f.price])).toEqual([
      ['ETH', 3000],
      ['USDC', 1],
    ])
  })

  it('answers the gas price of a local chain and refuses another', async () => {
    const local = await call(backend, `/v1/convert/gas-price?${q}&chainId=eip155:31337`)
    expect(BigInt(local.body.standard)).toBeGreaterThan(0n)
    expect((await call(backend, `/v1/convert/gas-price?${q}&chainId=eip155:10`)).status).toBe(400)
  })
})
